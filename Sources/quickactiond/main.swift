import Foundation
import QuickActionsAPI

exit(Application.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
