import Foundation
import HTTPServer
import QuickActions
import StorageCore

/// The contacts endpoints: list, search, create, read, edit, delete, favorite, vCard.
final class ContactsController: Sendable {
    static let listQuery = ["q", "favorite", "limit", "cursor"]
    /// For storage failures of writes answered later (`createContact`), which the handler
    /// does not see thrown.
    let logger: RequestLogger
    /// Most contacts one account may hold (`--max-contacts-per-account`; nil: no limit).
    let maxContactsPerAccount: Int?

    /// Every operation acts on the request's account (`APIRequest.account()`). The shortcut
    /// list follows the store's change feed: writes here need not tell it.
    init(logger: RequestLogger, maxContactsPerAccount: Int? = nil) {
        self.logger = logger
        self.maxContactsPerAccount = maxContactsPerAccount
    }

    /// Largest page a client may ask for.
    static let maxLimit = 1000

    /// GET /contacts
    func listContacts(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.listQuery)
        let limit = try request.queryInteger("limit", default: 100, range: 1...Self.maxLimit)
        let favorite = try request.queryBoolean("favorite")
        var after: Int64?
        if let cursor = request.http.queryValue("cursor") {
            guard let sequence = ContactCursor.decode(cursor) else {
                throw Problem.badRequest("Query parameter 'cursor' is not a cursor this server issued.")
            }
            after = sequence
        }
        let text = request.http.queryValue("q").flatMap { $0.isEmpty ? nil : $0 }
        let page = try request.account().contacts.list(ContactQuery(text: text, favorite: favorite, limit: limit, after: after))
        return .json([
            "contacts": .array(page.contacts.map(\.json)),
            "total": .integer(Int64(page.total)),
            "nextCursor": page.nextAfter.map { .string(ContactCursor.encode($0)) } ?? .null,
        ])
    }

    /// POST /contacts
    func createContact(_ request: APIRequest) throws -> HTTPResponse {
        let contacts = try request.account().contacts
        let body = try request.jsonObject()
        try body.requireKnown(["name", "email", "favorite"])
        guard let rawName = try body.string("name") else {
            throw Problem.badRequest("Field 'name' is required.", extensions: ["field": "name"])
        }
        let rawEmail = try body.nullableString("email") ?? nil
        let favorite = try body.bool("favorite") ?? false
        let draft = NewContact(
            name: try validated { () throws(ValidationError) in try ContactValidator.name(rawName) },
            email: try validated { () throws(ValidationError) in try ContactValidator.email(rawEmail) }, favorite: favorite)
        // Answered when the write is durable. Meanwhile no thread waits, so writes arriving
        // together share one commit (group commit) however few HTTP threads there are. The
        // quota is checked by the store, in the transaction that inserts: a count taken here
        // would let concurrent creates all pass it.
        let pending = DeferredResponse()
        let logger = logger
        contacts.create(draft, quota: maxContactsPerAccount) { result in
            switch result {
            case .success(let contact):
                var headers = HTTPHeaders()
                headers.add("Location", "/contacts/\(contact.id)")
                headers.add("ETag", contact.etag)
                pending.complete(.json(contact.json, status: 201, headers: headers))
            case .failure(let error):
                pending.complete(logger.storageFailure(error, route: "/contacts"))
            }
        }
        return .deferred(pending)
    }

    /// GET /contacts/{id}
    func getContact(_ request: APIRequest) throws -> HTTPResponse {
        let contact = try existing(request.parameter("id"), in: request)
        return .json(contact.json, headers: etagHeader(contact))
    }

    /// PATCH /contacts/{id}
    func updateContact(_ request: APIRequest) throws -> HTTPResponse {
        let body = try request.jsonObject()
        try body.requireKnown(["name", "email", "favorite", "pinned"])
        let rawName = try body.string("name")
        let rawEmail = try body.nullableString("email")
        // Whether a pin is allowed depends on the stored contact: the store checks it in the
        // write's transaction (`ContactWriteResult.refused`).
        var patch = ContactPatch(favorite: try body.bool("favorite"), pinned: try body.bool("pinned"))
        if let rawName { patch.name = try validated { () throws(ValidationError) in try ContactValidator.name(rawName) } }
        if let rawEmail { patch.email = .some(try validated { () throws(ValidationError) in try ContactValidator.email(rawEmail) }) }
        return try write(request, patch)
    }

    /// DELETE /contacts/{id}
    func deleteContact(_ request: APIRequest) throws -> HTTPResponse {
        let id = request.parameter("id")
        let pending = DeferredResponse()
        try request.account().contacts.delete(id: id, expectedRevision: request.ifMatchRevision(of: id)) { [logger] result in
            pending.complete(Self.answer(result, id: id, route: "/contacts/{id}", logger: logger) { _, _ in HTTPResponse(status: 204) })
        }
        return .deferred(pending)
    }

    /// POST /contacts/{id}/favorite
    func favoriteContact(_ request: APIRequest) throws -> HTTPResponse {
        try setFavorite(request, true)
    }

    /// DELETE /contacts/{id}/favorite
    func unfavoriteContact(_ request: APIRequest) throws -> HTTPResponse {
        try setFavorite(request, false)
    }

    /// GET /contacts/{id}/vcard
    func getContactVCard(_ request: APIRequest) throws -> HTTPResponse {
        let contact = try existing(request.parameter("id"), in: request)
        var response = HTTPResponse.text(VCard.render(contact), contentType: "text/vcard; charset=utf-8")
        let filename = contact.name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0 == " ") }
        response.headers.add("Content-Disposition", "inline; filename=\"\(filename.isEmpty ? "contact" : String(filename)).vcf\"")
        response.headers.add("ETag", contact.etag)
        return response
    }

    // MARK: - Helpers

    private func setFavorite(_ request: APIRequest, _ favorite: Bool) throws -> HTTPResponse {
        let id = request.parameter("id")
        // Idempotent: setting the flag it already has changes nothing, not even updatedAt.
        let current = try existing(id, in: request)
        if current.favorite == favorite {
            if let expected = request.ifMatchRevision(of: id), expected != current.revision {
                throw Self.preconditionFailed(current)
            }
            return .json(current.json, headers: etagHeader(current))
        }
        return try write(request, ContactPatch(favorite: favorite))
    }

    private func write(_ request: APIRequest, _ patch: ContactPatch) throws -> HTTPResponse {
        let id = request.parameter("id")
        let expected = request.ifMatchRevision(of: id)
        if patch == ContactPatch() {
            let current = try existing(id, in: request)
            if let expected, expected != current.revision { throw Self.preconditionFailed(current) }
            return .json(current.json, headers: etagHeader(current))
        }
        // Answered when the write is durable; no HTTP thread waits for the commit meanwhile, so
        // a slow disk never keeps /healthz or reads waiting (see `createContact`).
        let pending = DeferredResponse()
        try request.account().contacts.update(id: id, patch, expectedRevision: expected) { [logger] result in
            pending.complete(
                Self.answer(result, id: id, route: "/contacts/{id}", logger: logger) { before, after in
                    let contact = after ?? before
                    var headers = HTTPHeaders()
                    headers.add("ETag", contact.etag)
                    return .json(contact.json, headers: headers)
                })
        }
        return .deferred(pending)
    }

    /// The answer to a finished conditional write: `done`'s for a write that happened, 404, 412
    /// or 422 (a pin of a contact that is not a favorite) for one that did not, a 503 problem (logged) when the store failed.
    static func answer(
        _ result: Result<ContactWriteResult, StorageError>, id: String, route: String, logger: RequestLogger,
        done: (Contact, Contact?) -> HTTPResponse
    ) -> HTTPResponse {
        switch result {
        case .success(.done(let before, let after)):
            return done(before, after)
        case .success(.notFound):
            return unknown(id).response
        case .success(.revisionMismatch(let current)):
            return preconditionFailed(current).response
        case .success(.refused(let error)):
            return Problem.unprocessable(error.message, field: error.field).response
        case .failure(let error):
            return logger.storageFailure(error, route: route)
        }
    }

    /// The contact `id` of the request's account. Another account's contact is not there:
    /// the same 404 as an id never issued.
    private func existing(_ id: String, in request: APIRequest) throws -> Contact {
        guard let contact = try request.account().contacts.get(id: id) else { throw Self.unknown(id) }
        return contact
    }

    private func etagHeader(_ contact: Contact) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("ETag", contact.etag)
        return headers
    }

    private func validated<T>(_ body: () throws(ValidationError) -> T) throws(Problem) -> T {
        do {
            return try body()
        } catch {
            throw Problem.unprocessable(error.message, field: error.field)
        }
    }

    static func unknown(_ id: String) -> Problem {
        Problem.notFound("No contact has id '\(id)'.")
    }

    static func preconditionFailed(_ current: Contact) -> Problem {
        Problem.preconditionFailed("contact", etag: current.etag)
    }
}
