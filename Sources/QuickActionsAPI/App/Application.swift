import Dispatch
import Foundation
import HTTPServer
import QuickActions
import Storage

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
        case .lint(let infoPlist, let localizations, let appName):
            return lint(infoPlist: infoPlist, localizations: localizations, appName: appName)
        case .serve(let configuration):
            return serve(configuration)
        }
    }

    /// The service's version.
    public static let version = "0.1.0"

    static func lint(infoPlist: String, localizations: String?, appName: String?) -> Int32 {
        Console.error("quickactiond: lint is not available in this build\n")
        return 2
    }

    static func serve(_ configuration: ServiceConfiguration) -> Int32 {
        let logger = RequestLogger(level: configuration.logLevel)
        let service: Service
        do {
            service = try Service(configuration: configuration, logger: logger)
        } catch {
            Console.error("quickactiond: \(error)\n")
            return 1
        }
        Console.out("quickactiond listening on http://\(displayHost(configuration.host)):\(service.server.port)\n")
        let signal = waitForTermination()
        logger.log(.info, "stopping", ["signal": .string(signal)])
        service.stop()
        logger.log(.info, "stopped")
        return 0
    }

    private static func displayHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// Blocks until SIGINT or SIGTERM arrives; returns its name.
    private static func waitForTermination() -> String {
        let received = DispatchSemaphore(value: 0)
        let name = SignalName()
        var sources: [DispatchSourceSignal] = []
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                name.set(label)
                received.signal()
            }
            source.resume()
            sources.append(source)
        }
        received.wait()
        sources.forEach { $0.cancel() }
        return name.get()
    }
}

/// The signal's name, handed from the signal handler's queue to the main thread.
private final class SignalName: Sendable {
    private let value = Mutex("")
    func set(_ name: String) { value.withLock { $0 = name } }
    func get() -> String { value.withLock { $0 } }
}

import Synchronization

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
