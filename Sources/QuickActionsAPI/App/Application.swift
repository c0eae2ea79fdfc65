import Dispatch
import Foundation
import HTTPServer
import QuickActions
import Storage
import Synchronization

/// The composition root: parses the command line, builds every part, serves until
/// SIGINT/SIGTERM, and returns the process exit status.
public enum Application {
    /// Runs `quickactiond` with `arguments` (including the program name) and returns the exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let command: Command
        do {
            command = try CommandLineParser.parse(Array(arguments.dropFirst()), environment: environment)
        } catch {
            Console.error("quickactiond: \(error.description)\n\n" + CommandLineParser.usage)
            return 2
        }
        switch command {
        case .help:
            Console.out(CommandLineParser.usage)
            return 0
        case .version:
            Console.out("quickactiond \(version)\n")
            return 0
        case .lint(let infoPlist, let localizations, let appName, let buildSettings):
            return lint(infoPlist: infoPlist, localizations: localizations, appName: appName, buildSettings: buildSettings)
        case .serve(let configuration):
            return serve(configuration)
        }
    }

    /// The service's version.
    public static let version = "0.1.0"

    /// `quickactiond lint`: the start-up checks and the HIG checks, offline.
    static func lint(infoPlist: String, localizations: String?, appName: String?, buildSettings: [String: String]) -> Int32 {
        let report = ShortcutLintReport.lint(
            infoPlistPath: infoPlist, localizationsDirectory: localizations, appName: appName, buildSettings: BuildSettings(buildSettings))
        if report.exitCode == 0 { Console.out(report.output) } else { Console.error(report.output) }
        return report.exitCode
    }

    static func serve(_ configuration: ServiceConfiguration) -> Int32 {
        let logger = RequestLogger(level: configuration.logLevel)
        // Armed before anything is announced, so a signal sent as soon as the listening line
        // appears is never lost nor fatal.
        let termination = TerminationSignals()
        let service: Service
        do {
            service = try Service(configuration: configuration, logger: logger)
        } catch {
            logger.flush()
            Console.error("quickactiond: \(error)\n")
            return 1
        }
        Console.out("quickactiond listening on http://\(displayHost(configuration.host)):\(service.server.port)\n")
        let signal = termination.wait()
        logger.log(.info, "stopping", ["signal": .string(signal)])
        service.stop(logger: logger)
        logger.log(.info, "stopped")
        logger.flush()
        return 0
    }

    private static func displayHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}

/// SIGINT and SIGTERM, turned from process-killing signals into an event the main thread
/// waits for. Used on the main thread only.
private final class TerminationSignals {
    /// What the signal handlers share with the waiting thread.
    private final class Received: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let name = Mutex("")
    }

    private let received = Received()
    private var sources: [DispatchSourceSignal] = []

    init() {
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            // As libdispatch asks: ignore the default action first, then observe the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let received = received
            source.setEventHandler {
                received.name.withLock { $0 = label }
                received.semaphore.signal()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until a signal arrives; returns its name.
    func wait() -> String {
        received.semaphore.wait()
        sources.forEach { $0.cancel() }
        return received.name.withLock { $0 }
    }
}

/// Writes to the standard streams through file descriptors (the C globals are not
/// concurrency-safe in Swift 6).
enum Console {
    static func out(_ text: String) { write(1, text) }
    static func error(_ text: String) { write(2, text) }

    private static func write(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written <= 0 { return }
            offset += written
        }
    }
}
