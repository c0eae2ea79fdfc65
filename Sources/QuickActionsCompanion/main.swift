import Foundation

// The companion on a terminal; everything is in `Companion.run` so that it reads as a program.
let status = await Companion.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
