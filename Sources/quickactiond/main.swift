import Foundation

exit(Application.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
