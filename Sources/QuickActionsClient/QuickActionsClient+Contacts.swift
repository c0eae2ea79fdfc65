import Foundation
import QuickActions

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension QuickActionsClient {
    /// `GET /contacts/{id}`: the contact with its `ETag`. A missing contact is `.status(404, …)`.
    public func contact(_ id: String) async throws(QuickActionsClientError) -> ContactRecord {
        let answer = try await send(makeRequest(path: Self.contactPath(id)))
        return try Self.contact(from: answer)
    }

    /// Pins the favorite `id`: it comes first among the dynamic items, after those pinned
    /// before it. The edit is conditional: `PATCH /contacts/{id}` with `If-Match: etag`, or,
    /// without one, with the `ETag` of the contact as read just before.
    /// A contact that is not a favorite is `.status(422, detail)`; one edited since `etag` was
    /// read, `.status(412, …)`, and nothing changed.
    @discardableResult
    public func pin(_ id: String, ifMatch etag: String? = nil) async throws(QuickActionsClientError) -> ContactRecord {
        try await setPinned(true, id, ifMatch: etag)
    }

    /// Unpins the contact `id` (its item goes back to its place by use); as `pin`, conditional.
    @discardableResult
    public func unpin(_ id: String, ifMatch etag: String? = nil) async throws(QuickActionsClientError) -> ContactRecord {
        try await setPinned(false, id, ifMatch: etag)
    }

    private func setPinned(_ pinned: Bool, _ id: String, ifMatch etag: String?) async throws(QuickActionsClientError) -> ContactRecord {
        var validator = etag
        if validator == nil { validator = try await contact(id).etag }
        var request = makeRequest(path: Self.contactPath(id), method: "PATCH")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let validator { request.setValue(validator, forHTTPHeaderField: "If-Match") }
        request.httpBody = Data(#"{"pinned":\#(pinned)}"#.utf8)
        return try Self.contact(from: try await send(request))
    }

    /// `contacts/{id}`, the id percent-encoded, so that whatever it holds it stays one path
    /// segment (the service answers `404` for an id it never issued).
    private static func contactPath(_ id: String) -> String {
        "contacts/" + (id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    /// RFC 3986's unreserved characters but `.`, so that `..` cannot name a parent path.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~")

    private static func contact(from answer: HTTPAnswer) throws(QuickActionsClientError) -> ContactRecord {
        guard answer.status == 200 else { throw answer.error }
        guard let value = try? JSONParser.parse(answer.body), let contact = ContactRecord(clientJSON: value, etag: answer.headers["etag"]) else {
            throw .malformedResponse("the contact is not a contact's JSON")
        }
        return contact
    }
}
