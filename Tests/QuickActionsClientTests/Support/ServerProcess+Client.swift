import Foundation
import FoundationNetworking
import TestSupport

/// The real `quickactiond` as the companion's suites start it: its database in a directory the
/// test made (and removes), at log level `warning`; and requests made as an app would make them.
extension ServerProcess {
    /// Starts `quickactiond --port 0 --db <directory>/test.sqlite --log-level warning <arguments>`.
    convenience init(directory: URL, arguments: [String] = []) throws {
        try self.init(directory: TemporaryDirectory(existing: directory), arguments: ["--log-level", "warning"] + arguments)
    }

    /// One request straight to the server (not through any proxy), through URLSession.
    func fetch(_ method: String, _ path: String, json: String? = nil, token: String? = nil) async throws -> (status: Int, body: Data) {
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
        let (_, body) = try await fetch("GET", "triggers?limit=1000", token: token)
        let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return object?["triggers"] as? [[String: Any]] ?? []
    }
}

/// A fresh directory under /tmp, removed by the test.
func makeTemporaryDirectory() throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("qac-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
