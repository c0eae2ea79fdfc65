import Glibc

exit(PerformanceCheck.run(arguments: Array(CommandLine.arguments.dropFirst())))
