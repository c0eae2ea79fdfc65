import Foundation
import FoundationNetworking
import Glibc
import TestSupport

/// The real `quickactiond` on 127.0.0.1 and an ephemeral port, its database in `directory`.
/// Always `stop()` it; `deinit` kills it as a last resort.
final class ServerUnderTest {
    let port: Int
    let directory: URL
    private let child: ChildProcess

    init(directory: URL, arguments: [String] = []) throws {
        // A write to a socket or pipe the other side closed must fail its test, not end the test
        // process: SIGPIPE is ignored from the first network test on (every such write checks errors).
        _ = signal(SIGPIPE, SIG_IGN)
        self.directory = directory
        var environment = ProcessInfo.processInfo.environment
        environment["QUICKACTIOND_TOKEN"] = nil
        let child = try ChildProcess(
            try Self.binary("quickactiond").path,
            ["--port", "0", "--db", directory.appendingPathComponent("server.sqlite").path, "--log-level", "warning"] + arguments,
            environment: environment, output: .pipe)
        self.child = child
        let address: Substring
        do {
            address = try child.outputLine(startingWith: "quickactiond listening on http://127.0.0.1:", seconds: 10)
        } catch {
            _ = child.stop(SIGKILL, seconds: 5)
            throw ProxyError("quickactiond did not say where it listens: \(error)")
        }
        guard let port = Int(address), (1...65535).contains(port) else {
            _ = child.stop(SIGKILL, seconds: 5)
            throw ProxyError("unexpected listening line: \(address)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    var url: URL { Self.url(port: port) }

    static func url(port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// SIGTERM, and waits (SIGKILL after 5 s).
    func stop() {
        _ = child.stop(SIGTERM, seconds: 5)
    }

    /// One request straight to the server (not through any proxy).
    func request(_ method: String, _ path: String, json: String? = nil, token: String? = nil) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: "\(url.absoluteString)/\(path)") ?? url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Every stored trigger (up to 1,000), newest first.
    func triggers(token: String? = nil) async throws -> [[String: Any]] {
        let (_, body) = try await request("GET", "triggers?limit=1000", token: token)
        let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return object?["triggers"] as? [[String: Any]] ?? []
    }

    /// The built product `name`, next to the test bundle (the test target depends on it) or in `.build/debug`.
    static func binary(_ name: String) throws -> URL {
        var starts: [URL] = [Bundle.main.bundleURL]
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
        for start in starts {
            var directory = start.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fallback = root.appendingPathComponent(".build/debug/\(name)")
        guard FileManager.default.isExecutableFile(atPath: fallback.path) else { throw ProxyError("cannot find \(name)") }
        return fallback
    }
}

/// A fresh directory under /tmp, removed by `remove()`.
func makeTemporaryDirectory() throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("qac-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A port nothing listens on (bound, read, closed).
func unusedPort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = FaultInjectingProxy.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
