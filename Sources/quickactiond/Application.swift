import Dispatch
import Foundation
import HTTPServer
import QuickActions
import QuickActionsAPI
import Synchronization

/// The composition root: parses the command line, builds every part, serves until
/// SIGINT/SIGTERM (reloading the operator's files on SIGHUP), and returns the process exit status.
public enum Application {
    /// Runs `quickactiond` with `arguments` (including the program name) and returns the exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let command: Command
        let commandLine = Array(arguments.dropFirst())
        do {
            command = try CommandLineParser.parse(commandLine, environment: environment)
        } catch {
            Console.error("quickactiond: \(error.description)\n\n" + CommandLineParser.usage(for: commandLine))
            return 2
        }
        switch command {
        case .help:
            Console.out(CommandLineParser.usage(for: commandLine))
            return 0
        case .version:
            Console.out("quickactiond \(version)\n")
            return 0
        case .lint(let infoPlist, let localizations, let appName, let buildSettings, let platformsFile, let platforms):
            let report = ShortcutLintReport.lint(
                infoPlistPath: infoPlist, localizationsDirectory: localizations, appName: appName, buildSettings: BuildSettings(buildSettings),
                platformsPath: platformsFile, platforms: platforms)
            if report.exitCode == 0 { Console.out(report.output) } else { Console.error(report.output) }
            return report.exitCode
        case .export(let export):
            return PlatformExporter.run(export)
        case .serve(let configuration):
            return serve(configuration)
        }
    }

    /// The service's version.
    public static let version = QuickActionsVersion.current

    static func serve(_ configuration: ServiceConfiguration) -> Int32 {
        // A log line written to a pipe nobody reads any more (a log shipper that restarted, a
        // closed terminal) fails with EPIPE and is lost; by default the signal would end the
        // service. Sockets never raise it (libmicrohttpd and libpq send with MSG_NOSIGNAL).
        signal(SIGPIPE, SIG_IGN)
        // First, before any thread is made (each inherits the signals blocked), and before
        // anything is announced, so a signal sent as soon as the listening line appears is
        // never lost nor fatal.
        let signals = ProcessSignals()
        let logger = RequestLogger(level: configuration.logLevel)
        signals.onStopDuringStartUp { signal in
            logger.log(.info, "stopping before start-up finished", ["signal": .string(signal)])
            logger.flush()
        }
        let service: Service
        do {
            service = try Service(configuration: configuration, logger: logger)
        } catch {
            logger.flush()
            Console.error("quickactiond: \(error)\n")
            return 1
        }
        let reloads = ReloadRunner(timeout: .seconds(configuration.reloadTimeoutSeconds), logger: logger) {
            service.readForReload(logger: logger)
        }
        signals.serving()
        signals.onReload { reloads.request() }
        Console.out("quickactiond listening on http://\(displayHost(configuration.host)):\(service.server.port)\n")
        let signal = signals.waitForTermination()
        logger.log(.info, "stopping", ["signal": .string(signal)])
        reloads.stop()
        service.stop(logger: logger)
        logger.log(.info, "stopped")
        logger.flush()
        return 0
    }

    private static func displayHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
