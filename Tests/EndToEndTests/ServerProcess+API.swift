import Foundation
import TestSupport
import Testing

/// The calls most tests make, each checked for the status that flow expects.
extension ServerProcess {
    /// `POST /contacts`; expects 201.
    func createContact(name: String, email: String? = nil, favorite: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ContactBody
    {
        var fields: [String: Any] = ["name": name]
        if let email { fields["email"] = email }
        if let favorite { fields["favorite"] = favorite }
        let body = try JSONSerialization.data(withJSONObject: fields)
        let response = try request("POST", "/contacts", headers: [("Content-Type", "application/json")], body: Array(body))
        try #require(response.status == 201, "create \(name): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(ContactBody.self)
    }

    /// `GET /contacts<query>`; expects 200.
    func listContacts(_ query: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> ContactListBody {
        let response = try request("GET", "/contacts" + query)
        try #require(response.status == 200, "GET /contacts\(query): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(ContactListBody.self)
    }

    /// `GET /shortcuts`; expects 200. Returns the list and its ETag.
    func shortcuts(sourceLocation: SourceLocation = #_sourceLocation) throws -> (list: ShortcutListBody, etag: String?) {
        let response = try request("GET", "/shortcuts")
        try #require(response.status == 200, "GET /shortcuts: \(response.status) \(response.text)", sourceLocation: sourceLocation)
        return (try response.decode(ShortcutListBody.self), response.header("ETag"))
    }
}

/// Checks shared by the suites.
enum Expect {
    /// The two static items every list starts with, in order.
    static let staticItems = [
        ShortcutItemBody(
            type: "SearchAction", localizedTitle: "Search", localizedSubtitle: "Search for an item", icon: ["type": "search"], userInfo: nil,
            kind: "static", visible: true),
        ShortcutItemBody(
            type: "ShareAction", localizedTitle: "Share", localizedSubtitle: "Share an item", icon: ["type": "share"], userInfo: nil,
            kind: "static", visible: true),
    ]

    /// The dynamic item a favorite contact gets.
    static func favoriteItem(_ contact: ContactBody, visible: Bool = true) -> ShortcutItemBody {
        ShortcutItemBody(
            type: "FavoriteAction", localizedTitle: contact.name, localizedSubtitle: contact.email, icon: ["type": "contact"],
            userInfo: ["contactId": contact.id, "Name": contact.name], kind: "dynamic", visible: visible)
    }

    /// An RFC 9457 problem with `status`: media type, members, and `status` matching the response's.
    @discardableResult
    static func problem(_ response: RawHTTPResponse, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProblemBody {
        #expect(response.status == status, "expected \(status), got \(response.status): \(response.text)", sourceLocation: sourceLocation)
        #expect(response.mediaType == "application/problem+json", sourceLocation: sourceLocation)
        let problem = try response.decode(ProblemBody.self)
        #expect(problem.status == response.status, sourceLocation: sourceLocation)
        #expect(!problem.type.isEmpty && !problem.title.isEmpty && !problem.detail.isEmpty, sourceLocation: sourceLocation)
        return problem
    }

    /// The instant an RFC 3339 date-time names, or nil.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// Whether `text` is an RFC 3339 date-time in UTC (`Z`), such as `2026-11-30T05:00:00.123Z`.
    static func isRFC3339UTC(_ text: String) -> Bool {
        let shape = text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z/#) != nil
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return shape && formatter.date(from: text) != nil
    }
}
