import Foundation
import QuickActions

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The device companion's view of a quickactiond: the shortcut list (with ETags), the event
/// stream, and trigger delivery (through `TriggerOutbox`, which never loses or doubles one).
public actor QuickActionsClient {
    /// The service, e.g. `http://127.0.0.1:8080`.
    public nonisolated let baseURL: URL
    /// The bearer token, when the service requires one (`quickactiond --token`).
    public nonisolated let token: String?
    nonisolated let session: URLSession
    /// The last list per language ("" for none), with the version it was sent as ETag.
    private var lists: [String: ShortcutList] = [:]
    /// How many list bodies this client has decoded: a `304` adds none.
    public private(set) var listsDecoded = 0

    /// A client for the service at `baseURL`.
    public init(baseURL: URL, token: String? = nil) {
        self.baseURL = baseURL
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        // The ETag logic is ours: a URL cache would turn a 304 into a 200 behind our back.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 15
        session = URLSession(configuration: configuration)
    }

    /// The shortcut list in `language` (an `Accept-Language` value), or the service's default.
    /// Sends `If-None-Match` with the version last seen for that language; a `304` returns the
    /// kept list without decoding anything.
    public func shortcuts(language: String? = nil) async throws -> ShortcutList {
        let slot = language ?? ""
        var request = makeRequest(path: "shortcuts")
        if let language { request.setValue(language, forHTTPHeaderField: "Accept-Language") }
        let kept = lists[slot]
        if let kept { request.setValue("\"\(kept.version)\"", forHTTPHeaderField: "If-None-Match") }
        let answer = try await send(request)
        switch answer.status {
        case 304:
            guard let kept else { throw QuickActionsClientError.malformedResponse("304 for a list never fetched") }
            return kept
        case 200:
            let list = try ShortcutList(json: answer.body)
            listsDecoded += 1
            lists[slot] = list
            return list
        default:
            throw answer.error
        }
    }

    /// Forgets the kept lists (the next `shortcuts` call fetches in full).
    public func forgetLists() {
        lists = [:]
    }

    /// A request for `path` under the base URL, with the bearer token when there is one.
    nonisolated func makeRequest(path: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Sends `request`; any transport failure becomes `.unreachable`.
    nonisolated func send(_ request: URLRequest) async throws(QuickActionsClientError) -> HTTPAnswer {
        let result: Result<HTTPAnswer, QuickActionsClientError> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                guard let http = response as? HTTPURLResponse, error == nil else {
                    continuation.resume(returning: .failure(.unreachable(error.map { $0.localizedDescription } ?? "no response")))
                    return
                }
                continuation.resume(returning: .success(HTTPAnswer(response: http, body: data.map { [UInt8]($0) } ?? [])))
            }
            task.resume()
        }
        return try result.get()
    }
}

extension QuickActionsClient {
    /// `POST /trigger` with `body` under `idempotencyKey`; any answer is returned as is.
    nonisolated func postTrigger(_ body: [UInt8], idempotencyKey: String) async throws(QuickActionsClientError) -> HTTPAnswer {
        var request = makeRequest(path: "trigger", method: "POST")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = Data(body)
        return try await send(request)
    }
}
