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
    /// The bearer token, when the service requires one (`quickactiond --token`). It is sent
    /// to the base URL's origin only: a redirect elsewhere is refused (`.redirectRefused`).
    public nonisolated let token: String?
    /// What the client accepts from the service: body and event sizes, deadlines.
    public nonisolated let limits: Limits
    nonisolated let session: URLSession
    private nonisolated let transfers: RequestSessionDelegate
    /// The last list per language ("" for none), with the version it was sent as ETag.
    private var lists: [String: ShortcutList] = [:]
    /// How many list bodies this client has decoded: a `304` adds none.
    public private(set) var listsDecoded = 0

    /// A client for the service at `baseURL`, within `limits`.
    public init(baseURL: URL, token: String? = nil, limits: Limits = Limits()) {
        self.baseURL = baseURL
        self.token = token
        self.limits = limits
        let configuration = URLSessionConfiguration.ephemeral
        // The ETag logic is ours: a URL cache would turn a 304 into a 200 behind our back.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        transfers = RequestSessionDelegate()
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: InlineDelegateQueue.forSession())
    }

    deinit {
        // The session holds its delegate until it is invalidated.
        session.finishTasksAndInvalidate()
    }

    /// The shortcut list in `language` (an `Accept-Language` value), or the service's default.
    /// Sends `If-None-Match` with the version last seen for that language; a `304` returns the
    /// kept list without decoding anything.
    ///
    /// `explain: true` adds each dynamic item's reason for its place (`ShortcutList.reasons`,
    /// `pinnedItems`); `includeDisabled: true` adds the items that left the list and that a
    /// device may still show (`ShortcutList.disabledItems`). The service builds such a list for
    /// the request, with no `ETag`: it is fetched in full every time and not kept. A service
    /// older than the ranking answers either with a `400`.
    public func shortcuts(language: String? = nil, explain: Bool = false, includeDisabled: Bool = false) async throws -> ShortcutList {
        let annotated = explain || includeDisabled
        var query: [URLQueryItem] = []
        if explain { query.append(URLQueryItem(name: "explain", value: "true")) }
        if includeDisabled { query.append(URLQueryItem(name: "include", value: "disabled")) }
        let slot = language ?? ""
        var request = makeRequest(path: "shortcuts", query: query)
        if let language { request.setValue(language, forHTTPHeaderField: "Accept-Language") }
        let kept = annotated ? nil : lists[slot]
        if let kept { request.setValue("\"\(kept.version)\"", forHTTPHeaderField: "If-None-Match") }
        let answer = try await send(request)
        switch answer.status {
        case 304:
            guard let kept else { throw QuickActionsClientError.malformedResponse("304 for a list never fetched") }
            return kept
        case 200:
            let list = try ShortcutList(json: answer.body)
            listsDecoded += 1
            if !annotated { lists[slot] = list }
            return list
        default:
            throw answer.error
        }
    }

    /// Forgets the kept lists (the next `shortcuts` call fetches in full).
    public func forgetLists() {
        lists = [:]
    }

    /// A request for `path` (percent-encoded) under the base URL, with `query` if any, and
    /// the bearer token when there is one.
    nonisolated func makeRequest(path: String, method: String = "GET", query: [URLQueryItem] = []) -> URLRequest {
        var url = baseURL.appendingPathComponent(path)
        if var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) {
            let prefix = components.percentEncodedPath
            components.percentEncodedPath = prefix + (prefix.hasSuffix("/") ? "" : "/") + path
            if !query.isEmpty { components.queryItems = query }
            url = components.url ?? url
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Sends `request` within `limits`; any transport failure becomes `.unreachable`.
    nonisolated func send(_ request: URLRequest) async throws(QuickActionsClientError) -> HTTPAnswer {
        try await transfers.run(request, on: session, limits: limits).get()
    }
}

extension QuickActionsClient {
    /// `POST /trigger` with `body` under `idempotencyKey`; any answer is returned as is.
    nonisolated func postTrigger(_ body: [UInt8], idempotencyKey: String, language: String? = nil) async throws(QuickActionsClientError)
        -> HTTPAnswer
    {
        var request = makeRequest(path: "trigger", method: "POST")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        if let language { request.setValue(language, forHTTPHeaderField: "Accept-Language") }
        request.httpBody = Data(body)
        return try await send(request)
    }
}
