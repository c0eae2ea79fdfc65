import Foundation
import quickactiond

exit(Application.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
