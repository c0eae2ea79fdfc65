import Foundation
import HTTPServer
import QuickActions
import StorageCore

/// The scheduled items: list, create, read, edit, delete. Who may: the token in single-account
/// mode; with `--accounts`, the admin token (the routes' access is `.operations`). Each write
/// is read back by the `ScheduleBoard`, which changes the lists it changes before the answer.
final class ScheduledItemsController: Sendable {
    static let noQuery: [String] = []
    /// The items as the lists show them; nil when the API was given no store.
    let board: ScheduleBoard?
    /// The store holding the items (and, with `--accounts`, the accounts they name).
    let store: (any DataStore)?
    /// The static items, whose types no scheduled item may take.
    let settings: CurrentConfiguration
    /// Multi-account mode: an item may name accounts.
    let multiAccount: Bool

    init(board: ScheduleBoard?, store: (any DataStore)?, settings: CurrentConfiguration, multiAccount: Bool) {
        self.board = board
        self.store = store
        self.settings = settings
        self.multiAccount = multiAccount
    }

    /// GET /scheduled-items: every item not deleted, in list order (by `from`, then creation).
    func listScheduledItems(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let (items, _) = try parts()
        let live = ScheduleTimeline(try items.all().filter { $0.deletedAt == nil }.map(\.item)).items
        return .json(["items": .array(live.map(\.json))])
    }

    /// POST /scheduled-items
    func createScheduledItem(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let (items, board) = try parts()
        let body = try request.jsonObject()
        try body.requireKnown(ScheduledItemDraft.fields)
        let now = board.now()
        let parsed = try Self.validated { () throws(ValidationError) in try ScheduledItemDraft(json: body.fields) }
        // The type checked, stored and on the board before a reload may check its static types.
        let item = try settings.claimingTypes { () throws -> ScheduledItem in
            let draft = try checked(parsed, now: now)
            let item = try items.create(draft, now: now)
            try? board.reload()
            return item
        }
        var headers = Self.etagHeader(item)
        headers.add("Location", "/scheduled-items/\(item.id)")
        return .json(item.json, status: 201, headers: headers)
    }

    /// GET /scheduled-items/{id}
    func getScheduledItem(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let item = try existing(request.parameter("id"))
        return .json(item.json, headers: Self.etagHeader(item))
    }

    /// PATCH /scheduled-items/{id}
    func updateScheduledItem(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let (items, board) = try parts()
        let id = request.parameter("id")
        let body = try request.jsonObject()
        try body.requireKnown(ScheduledItemDraft.fields)
        let patch = try Self.validated { () throws(ValidationError) in try ScheduledItemPatch(json: body.fields) }
        let expected = request.ifMatchRevision(of: id)
        let current = try existing(id)
        let now = board.now()
        let result = try settings.claimingTypes { () throws -> ScheduledItemWriteResult in
            // A value that can never be stored is 422 whatever the validator says.
            let draft = try checked(patch.applied(to: current), now: now)
            if let expected, expected != current.revision { throw Self.preconditionFailed(current) }
            let result = try items.update(id: id, to: draft, expectedRevision: expected ?? current.revision, now: now)
            if case .done(_, _?) = result { try? board.reload() }
            return result
        }
        switch result {
        case .done(_, let after?):
            return .json(after.json, headers: Self.etagHeader(after))
        case .done, .notFound:
            throw Self.unknown(id)
        case .revisionMismatch(let current):
            throw Self.preconditionFailed(current)
        }
    }

    /// DELETE /scheduled-items/{id}: gone from the lists at once; a device that still shows it
    /// gets its triggers accepted for the stale window, and sees it as a disabled item.
    func deleteScheduledItem(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let (items, board) = try parts()
        let id = request.parameter("id")
        switch try items.delete(id: id, expectedRevision: request.ifMatchRevision(of: id), now: board.now()) {
        case .done:
            try? board.reload()
            return HTTPResponse(status: 204)
        case .notFound:
            throw Self.unknown(id)
        case .revisionMismatch(let current):
            throw Self.preconditionFailed(current)
        }
    }

    // MARK: - Helpers

    /// The store's items and the board; 500 when the API was assembled without them.
    private func parts() throws -> (any ScheduledItemStore, ScheduleBoard) {
        guard let store, let board else { throw Problem.internalError("This server holds no scheduled items.") }
        return (store.scheduledItems, board)
    }

    /// `draft` checked against the rules (422 naming the field), the accounts it names included.
    private func checked(_ draft: ScheduledItemDraft, now: Timestamp) throws -> ScheduledItemDraft {
        let rules = ScheduleRules(
            staticTypes: settings.current.shortcuts.builder.staticItems.map(\.type), now: now, accountsAllowed: multiAccount)
        let valid = try Self.validated { () throws(ValidationError) in try ScheduledItemValidator.validate(draft, rules: rules) }
        if let ids = valid.accounts, let accounts = store?.accounts {
            for id in ids where try accounts.account(id: id) == nil {
                throw Problem.unprocessable("accounts names '\(id)', which is no account's id.", field: "accounts")
            }
        }
        return valid
    }

    private func existing(_ id: String) throws -> ScheduledItem {
        let (items, _) = try parts()
        guard let item = try items.get(id: id) else { throw Self.unknown(id) }
        return item
    }

    /// An item's ETag: `"<id>.<revision>"`, as a contact's.
    static func etag(_ item: ScheduledItem) -> String {
        "\"\(item.id).\(item.revision)\""
    }

    private static func etagHeader(_ item: ScheduledItem) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("ETag", etag(item))
        return headers
    }

    private static func validated<T>(_ body: () throws(ValidationError) -> T) throws(Problem) -> T {
        do {
            return try body()
        } catch {
            throw Problem.unprocessable(error.message, field: error.field)
        }
    }

    static func unknown(_ id: String) -> Problem {
        Problem.notFound("No scheduled item has id '\(id)'.")
    }

    static func preconditionFailed(_ current: ScheduledItem) -> Problem {
        Problem.preconditionFailed("scheduled item", etag: etag(current))
    }
}
