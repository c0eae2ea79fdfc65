import HTTPServer
import QuickActions
import StorageCore

/// The admin API (multi-account mode, admin token only): create, list, read and delete
/// accounts, and replace an account's token.
final class AccountsController: Sendable {
    static let listQuery = ["limit", "cursor"]
    static let noQuery: [String] = []
    /// The store (in single-account mode, access control refuses these routes before they run).
    let store: any DataStore

    init(store: any DataStore) {
        self.store = store
    }

    /// POST /accounts: a new account and its token, shown this once.
    func createAccount(_ request: APIRequest) throws -> HTTPResponse {
        let accounts = store.accounts
        let body = try request.jsonObject()
        try body.requireKnown(["name"])
        guard let rawName = try body.string("name") else {
            throw Problem.badRequest("Field 'name' is required.", extensions: ["field": "name"])
        }
        let name: String
        do {
            name = try ContactValidator.name(rawName)
        } catch {
            throw Problem.unprocessable(error.message, field: "name")
        }
        let token = AccountToken.generate()
        let account = try accounts.createAccount(name: name, tokenDigest: AccountToken.digest(token))
        var json = account.fields
        json["token"] = .string(token)
        var headers = Self.secretHeaders
        headers.add("Location", "/accounts/\(account.id)")
        return .json(.object(json), status: 201, headers: headers)
    }

    /// GET /accounts
    func listAccounts(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.listQuery)
        let accounts = store.accounts
        let limit = try request.queryInteger("limit", default: 100, range: 1...1000)
        var after: AccountKey?
        if let cursor = request.http.queryValue("cursor") {
            guard let key = ContactCursor.decode(cursor) else {
                throw Problem.badRequest("Query parameter 'cursor' is not a cursor this server issued.")
            }
            after = AccountKey(key)
        }
        let page = try accounts.accounts(after: after, limit: limit)
        return .json([
            "accounts": .array(page.accounts.map(\.json)),
            "nextCursor": page.nextAfter.map { .string(ContactCursor.encode($0.rawValue)) } ?? .null,
        ])
    }

    /// GET /accounts/{id}
    func getAccount(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let id = request.parameter("id")
        guard let account = try store.accounts.account(id: id) else { throw Self.unknown(id) }
        return .json(account.json)
    }

    /// DELETE /accounts/{id}: the account and everything it holds, in one transaction; its
    /// token stops working and its event streams end at once.
    func deleteAccount(_ request: APIRequest) throws -> HTTPResponse {
        let id = request.parameter("id")
        guard try store.accounts.deleteAccount(id: id) != nil else { throw Self.unknown(id) }
        return HTTPResponse(status: 204)
    }

    /// POST /accounts/{id}/token: a new token; the old one stops working at once (requests on
    /// open connections included) and the account's event streams end.
    func rotateAccountToken(_ request: APIRequest) throws -> HTTPResponse {
        let id = request.parameter("id")
        let token = AccountToken.generate()
        guard try store.accounts.replaceToken(accountID: id, tokenDigest: AccountToken.digest(token)) != nil else { throw Self.unknown(id) }
        return .json(["token": .string(token)], headers: Self.secretHeaders)
    }

    /// A token is in the body: no cache may keep it.
    private static var secretHeaders: HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "no-store")
        return headers
    }

    static func unknown(_ id: String) -> Problem {
        Problem.notFound("No account has id '\(id)'.")
    }
}
