import Foundation
import TestSupport
import Testing

/// Multi-account mode (`--accounts`), through the real binary: the credential chooses the
/// account, accounts never see each other, tokens are stored hashed and revoked at once.
@Suite struct AccountsEndToEndTests {
    static let adminToken = "admin-\(UUID().uuidString)"

    /// A server in multi-account mode on a fresh database.
    static func server(_ arguments: [String] = [], directory: TemporaryDirectory? = nil) throws -> ServerProcess {
        let arguments = ["--no-seed", "--accounts", "--admin-token", adminToken] + arguments
        guard let directory else { return try ServerProcess(arguments: arguments) }
        return try ServerProcess(directory: directory, arguments: arguments)
    }

    /// A new account: its id and its token.
    static func createAccount(_ server: ServerProcess, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        id: String, token: String
    ) {
        let response = try server.request(
            "POST", "/accounts", headers: [("Authorization", "Bearer \(adminToken)"), ("Content-Type", "application/json")],
            body: Array(#"{"name":"\#(name)"}"#.utf8))
        #expect(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
        let object = try response.jsonObject()
        let id = try #require(object["id"] as? String, sourceLocation: sourceLocation)
        let token = try #require(object["token"] as? String, sourceLocation: sourceLocation)
        #expect(response.header("Location") == "/accounts/\(id)", sourceLocation: sourceLocation)
        #expect(token.range(of: #"^qa_[0-9A-Za-z]{36}$"#, options: .regularExpression) != nil, "\(token)", sourceLocation: sourceLocation)
        return (id, token)
    }

    /// A request with `token`, and a JSON body when given.
    static func send(
        _ server: ServerProcess, _ token: String, _ method: String, _ target: String, json: String? = nil, headers: [(String, String)] = []
    ) throws -> RawHTTPResponse {
        var fields = [("Authorization", "Bearer \(token)")] + headers
        if json != nil { fields.append(("Content-Type", "application/json")) }
        return try server.request(method, target, headers: fields, body: json.map { Array($0.utf8) })
    }

    /// The problem of `response`, with the contact id in its detail replaced by `<id>`.
    static func shape(_ response: RawHTTPResponse, id: String) throws -> String {
        var object = try response.jsonObject()
        object["detail"] = (object["detail"] as? String)?.replacingOccurrences(of: id, with: "<id>")
        return "\(response.status) \(response.mediaType ?? "") " + object.keys.sorted().map { "\($0)=\(object[$0] ?? "")" }.joined(separator: ";")
    }

    @Test("Another account's contact answers exactly as an id never issued, on every operation, and is left as it was")
    func isolationOnEveryOperation() throws {
        let server = try Self.server()
        defer { server.stop() }
        let alice = try Self.createAccount(server, name: "Alice")
        let mallory = try Self.createAccount(server, name: "Mallory")
        let created = try Self.send(
            server, alice.token, "POST", "/contacts", json: #"{"name":"Ada Lovelace","email":"ada@example.com","favorite":true}"#)
        #expect(created.status == 201)
        let ada = try #require(try created.jsonObject()["id"] as? String)
        let trigger = try Self.send(
            server, alice.token, "POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(ada)"}}"#)
        #expect(trigger.status == 200, "\(trigger.text)")
        let before = try Self.send(server, alice.token, "GET", "/contacts/\(ada)")
        let never = "aaaaaaaaaaaaaaaaaaaa"

        // Every operation on the id, as Mallory, against the same operation on an id never issued.
        let operations: [(String, String, String?)] = [
            ("GET", "/contacts/{id}", nil), ("PATCH", "/contacts/{id}", #"{"name":"Mallory"}"#), ("DELETE", "/contacts/{id}", nil),
            ("POST", "/contacts/{id}/favorite", nil), ("DELETE", "/contacts/{id}/favorite", nil), ("GET", "/contacts/{id}/vcard", nil),
        ]
        for (method, path, json) in operations {
            let theirs = try Self.send(server, mallory.token, method, path.replacingOccurrences(of: "{id}", with: ada), json: json)
            let unknown = try Self.send(server, mallory.token, method, path.replacingOccurrences(of: "{id}", with: never), json: json)
            #expect(theirs.status == 404, "\(method) \(path): \(theirs.text)")
            #expect(try Self.shape(theirs, id: ada) == Self.shape(unknown, id: never), "\(method) \(path)")
        }
        // A trigger naming the contact, by id or by name, finds nothing (410, as for a contact deleted).
        for userInfo in [#"{"contactId":"\#(ada)"}"#, #"{"Name":"Ada Lovelace"}"#] {
            let response = try Self.send(server, mallory.token, "POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":\#(userInfo)}"#)
            #expect(response.status == 410, "\(userInfo): \(response.text)")
        }
        let unknownByID = try Self.send(
            server, mallory.token, "POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(never)"}}"#)
        let theirsByID = try Self.send(
            server, mallory.token, "POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(ada)"}}"#)
        #expect(try Self.shape(theirsByID, id: ada) == Self.shape(unknownByID, id: never))
        // Lists, search, history, stats and the shortcut list show none of Alice's.
        let list = try Self.send(server, mallory.token, "GET", "/contacts?q=ada").jsonObject()
        #expect(list["total"] as? Int == 0)
        #expect((try Self.send(server, mallory.token, "GET", "/contacts").jsonObject()["contacts"] as? [Any])?.isEmpty == true)
        #expect((try Self.send(server, mallory.token, "GET", "/triggers?contactId=\(ada)").jsonObject()["triggers"] as? [Any])?.isEmpty == true)
        let history = try Self.send(server, mallory.token, "GET", "/triggers").jsonObject()
        #expect((history["triggers"] as? [Any])?.isEmpty == true, "a 410 records nothing")
        #expect(try Self.send(server, mallory.token, "GET", "/triggers/stats").jsonObject()["total"] as? Int == 0)
        let theirList = try Self.send(server, mallory.token, "GET", "/shortcuts")
        let aliceList = try Self.send(server, alice.token, "GET", "/shortcuts")
        #expect(!theirList.text.contains("Ada Lovelace") && aliceList.text.contains("Ada Lovelace"))
        #expect(theirList.header("ETag") != aliceList.header("ETag"))
        // Alice's contact is as it was.
        let after = try Self.send(server, alice.token, "GET", "/contacts/\(ada)")
        #expect(after.status == 200 && after.text == before.text && after.header("ETag") == before.header("ETag"))
        #expect(try Self.send(server, alice.token, "GET", "/triggers/stats").jsonObject()["total"] as? Int == 1)
    }

    @Test("/events carries an account's own changes and triggers only, with Last-Event-ID resuming within it")
    func eventStreamsAreIsolated() throws {
        let server = try Self.server()
        defer { server.stop() }
        let alice = try Self.createAccount(server, name: "Alice")
        let mallory = try Self.createAccount(server, name: "Mallory")
        let aliceStream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(alice.token)")])
        let malloryStream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(mallory.token)")])
        #expect(try aliceStream.next("shortcuts", within: 5) != nil && malloryStream.next("shortcuts", within: 5) != nil)
        let created = try Self.send(server, alice.token, "POST", "/contacts", json: #"{"name":"Ada Lovelace","favorite":true}"#)
        let ada = try #require(try created.jsonObject()["id"] as? String)
        #expect(try Self.send(server, alice.token, "POST", "/trigger", json: #"{"type":"SearchAction"}"#).status == 200)
        let changed = try #require(try aliceStream.next("shortcuts", within: 5), "Alice's stream missed her change")
        #expect(changed.data.contains("Ada Lovelace"))
        #expect(try aliceStream.next("trigger", within: 5) != nil, "Alice's stream missed her trigger")
        // Mallory's stream hears nothing of it (a heartbeat comment is not an event).
        #expect(try malloryStream.next(within: 1.5) == nil)
        // A resume from before Alice's trigger, as Mallory, replays nothing of Alice's.
        let resumed = try EventStreamClient(
            server: server, headers: [("Authorization", "Bearer \(mallory.token)"), ("Last-Event-ID", "1")])
        let events = [try resumed.next(within: 2), try resumed.next(within: 1)].compactMap { $0 }
        #expect(events.map(\.event) == ["shortcuts"], "\(events.map(\.event))")
        #expect(!events.contains { $0.data.contains("Ada") || $0.data.contains(ada) })
    }

    @Test("Another account's id takes as long to refuse as an id never issued (medians of 300 alternating requests)")
    func noTimingDifference() throws {
        let server = try Self.server()
        defer { server.stop() }
        let alice = try Self.createAccount(server, name: "Alice")
        let mallory = try Self.createAccount(server, name: "Mallory")
        let ada = try #require(try Self.send(server, alice.token, "POST", "/contacts", json: #"{"name":"Ada"}"#).jsonObject()["id"] as? String)
        let client = try server.connect()
        var theirs: [Double] = []
        var unknown: [Double] = []
        for index in 0..<600 {
            let id = index % 2 == 0 ? ada : "aaaaaaaaaaaaaaaaaaaa"
            let start = DispatchTime.now().uptimeNanoseconds
            let response = try client.send("GET", "/contacts/\(id)", headers: [("Authorization", "Bearer \(mallory.token)")])
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            #expect(response.status == 404)
            if index >= 100 { index % 2 == 0 ? theirs.append(elapsed) : unknown.append(elapsed) }
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let (a, b) = (median(theirs), median(unknown))
        // Both are one indexed lookup that finds nothing: any gap is noise, well under 0.1 ms.
        #expect(abs(a - b) < max(0.1, 0.25 * min(a, b)), "median \(a) ms for another account's id, \(b) ms for an unknown id")
    }

    @Test("Wrong credentials: admin on account routes and account tokens on admin routes are 403; garbage is 401")
    func credentialsChooseWhatIsReachable() throws {
        let server = try Self.server()
        defer { server.stop() }
        let alice = try Self.createAccount(server, name: "Alice")
        let adminOnContacts = try Self.send(server, Self.adminToken, "GET", "/contacts")
        #expect(adminOnContacts.status == 403 && adminOnContacts.mediaType == "application/problem+json")
        #expect(adminOnContacts.text.contains("account token"), "\(adminOnContacts.text)")
        for path in ["/accounts", "/accounts/\(alice.id)", "/metrics"] {
            #expect(try Self.send(server, alice.token, "GET", path).status == 403, "\(path)")
        }
        #expect(try Self.send(server, Self.adminToken, "GET", "/metrics").status == 200)
        #expect(try Self.send(server, alice.token, "GET", "/openapi.yaml").status == 200)
        #expect(try server.request("GET", "/contacts").status == 401)
        #expect(try Self.send(server, "qa_" + String(repeating: "A", count: 36), "GET", "/contacts").status == 401)
        #expect(try Self.send(server, "garbage", "GET", "/shortcuts").status == 401)
        #expect(try server.request("GET", "/healthz").status == 200 && server.request("GET", "/readyz").status == 200)
        // The admin lists accounts (never tokens) and reads one.
        let accounts = try Self.send(server, Self.adminToken, "GET", "/accounts?limit=1")
        #expect(!accounts.text.contains("token") && !accounts.text.contains(alice.token))
        let cursor = try #require(try accounts.jsonObject()["nextCursor"] as? String)
        let next = try Self.send(server, Self.adminToken, "GET", "/accounts?limit=1&cursor=\(cursor)").jsonObject()
        #expect(((next["accounts"] as? [[String: Any]])?.first?["id"] as? String) == alice.id)
        #expect(try Self.send(server, Self.adminToken, "GET", "/accounts/\(alice.id)").jsonObject()["name"] as? String == "Alice")
        #expect(try Self.send(server, Self.adminToken, "GET", "/accounts/aaaaaaaaaaaaaaaaaaaa").status == 404)
    }

    @Test("Rotation revokes the old token at once, on a keep-alive connection and on an open /events stream; deletion too")
    func tokenLifecycle() throws {
        let server = try Self.server()
        defer { server.stop() }
        let alice = try Self.createAccount(server, name: "Alice")
        _ = try Self.send(server, alice.token, "POST", "/contacts", json: #"{"name":"Ada","favorite":true}"#)
        let keepAlive = try server.connect()
        #expect(try keepAlive.send("GET", "/shortcuts", headers: [("Authorization", "Bearer \(alice.token)")]).status == 200)
        let stream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(alice.token)")])
        #expect(try stream.next("shortcuts", within: 5) != nil)

        let rotated = try Self.send(server, Self.adminToken, "POST", "/accounts/\(alice.id)/token")
        #expect(rotated.status == 200 && rotated.header("Cache-Control") == "no-store")
        let newToken = try #require(try rotated.jsonObject()["token"] as? String)
        #expect(newToken != alice.token)
        #expect(try keepAlive.send("GET", "/shortcuts", headers: [("Authorization", "Bearer \(alice.token)")]).status == 401)
        #expect(try stream.awaitEnd(within: 5), "the stream opened with the old token is still open")
        let withNew = try keepAlive.send("GET", "/contacts", headers: [("Authorization", "Bearer \(newToken)")])
        #expect(withNew.status == 200 && withNew.text.contains("Ada"), "the data stays with the account")

        let second = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(newToken)")])
        #expect(try second.next("shortcuts", within: 5) != nil)
        #expect(try Self.send(server, Self.adminToken, "DELETE", "/accounts/\(alice.id)").status == 204)
        #expect(try keepAlive.send("GET", "/contacts", headers: [("Authorization", "Bearer \(newToken)")]).status == 401)
        #expect(try second.awaitEnd(within: 5), "the deleted account's stream is still open")
        #expect(try Self.send(server, Self.adminToken, "GET", "/accounts/\(alice.id)").status == 404)
        #expect(try Self.send(server, Self.adminToken, "DELETE", "/accounts/\(alice.id)").status == 404)
        #expect(try Self.send(server, Self.adminToken, "POST", "/accounts/\(alice.id)/token").status == 404)
    }

    @Test("Neither the database files nor the log ever hold a token's text")
    func tokensAreNeverStoredOrLogged() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(["--log-level", "debug"], directory: directory)
        var tokens: [String] = []
        for index in 0..<5 {
            let account = try Self.createAccount(server, name: "Account \(index)")
            tokens.append(account.token)
            _ = try Self.send(server, account.token, "GET", "/contacts")
            let rotated = try Self.send(server, Self.adminToken, "POST", "/accounts/\(account.id)/token").jsonObject()
            tokens.append(try #require(rotated["token"] as? String))
        }
        let log = try server.standardError()
        #expect(server.stop() == .exited(0))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("test.sqlite") }
        #expect(files.contains("test.sqlite"))
        for file in files {
            let bytes = try Data(contentsOf: directory.url.appendingPathComponent(file))
            for token in tokens + [Self.adminToken] {
                #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file) holds a token")
            }
        }
        for token in tokens + [Self.adminToken] { #expect(!log.contains(token), "the log holds a token") }
    }

    @Test("Per-account limits: the contact quota and the rate limit (429 with Retry-After and RateLimit headers) bind one account only")
    func limitsPerAccount() throws {
        let server = try Self.server(["--max-contacts-per-account", "2", "--rate-limit", "20"])
        defer { server.stop() }
        let alice = try Self.createAccount(server, name: "Alice")
        let bob = try Self.createAccount(server, name: "Bob")
        for name in ["One", "Two"] {
            #expect(try Self.send(server, alice.token, "POST", "/contacts", json: #"{"name":"\#(name)"}"#).status == 201)
        }
        let third = try Self.send(server, alice.token, "POST", "/contacts", json: #"{"name":"Three"}"#)
        let problem = try third.jsonObject()
        #expect(third.status == 403 && problem["type"] as? String == "https://quickactiond.dev/problems/contact-quota-exceeded")
        #expect(problem["limit"] as? Int == 2)
        #expect(try Self.send(server, bob.token, "POST", "/contacts", json: #"{"name":"Bob's"}"#).status == 201)

        // A burst of more than one second's budget on one connection: the rest are refused.
        let client = try server.connect()
        var statuses: [Int] = []
        var refusal: RawHTTPResponse?
        for _ in 0..<40 {
            let response = try client.send("GET", "/shortcuts", headers: [("Authorization", "Bearer \(alice.token)")])
            statuses.append(response.status)
            if response.status == 429 { refusal = refusal ?? response }
            #expect(response.header("RateLimit-Policy") == #""default";q=20;w=1"#)
        }
        // Alice spent 3 of her 20 on the contacts above.
        #expect(statuses.filter { $0 == 200 }.count >= 17 && statuses.contains(429), "\(statuses)")
        let refused = try #require(refusal)
        #expect(refused.mediaType == "application/problem+json" && Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(refused.header("RateLimit")?.hasPrefix(#""default";r=0;t="#) == true, "\(refused.header("RateLimit") ?? "none")")
        #expect(try Self.send(server, bob.token, "GET", "/shortcuts").status == 200, "Bob's budget is his own")
    }

    @Test("A list that left the cache still answers If-None-Match with a 304 until its account changes, and never across accounts")
    func revalidationOfListsThatLeftTheCache() throws {
        // One list per shard: 40 accounts push every list out, and keep their validators.
        let server = try Self.server(["--cache-accounts", "16"])
        defer { server.stop() }
        var accounts: [(token: String, etag: String, body: [UInt8])] = []
        for index in 0..<40 {
            let account = try Self.createAccount(server, name: "Account \(index)")
            #expect(try Self.send(server, account.token, "POST", "/contacts", json: #"{"name":"Friend \#(index)","favorite":true}"#).status == 201)
            let list = try Self.send(server, account.token, "GET", "/shortcuts")
            accounts.append((account.token, try #require(list.header("ETag")), list.body))
        }
        #expect(Set(accounts.map(\.etag)).count == accounts.count, "each account's list is its own")
        for account in accounts {
            let revalidated = try Self.send(server, account.token, "GET", "/shortcuts", headers: [("If-None-Match", account.etag)])
            #expect(revalidated.status == 304 && revalidated.body.isEmpty)
            #expect(revalidated.header("ETag") == account.etag && revalidated.header("Cache-Control") == "no-cache")
            #expect(revalidated.header("Vary") == "Accept, Accept-Language" && revalidated.header("Content-Type") == nil)
        }
        // Another account's ETag is not a match: the caller's own list, in full.
        let crossed = try Self.send(server, accounts[0].token, "GET", "/shortcuts", headers: [("If-None-Match", accounts[1].etag)])
        #expect(crossed.status == 200 && crossed.body == accounts[0].body)
        // A change of the account: the old ETag gets the new list, and the new one a 304.
        #expect(try Self.send(server, accounts[2].token, "POST", "/contacts", json: #"{"name":"Newcomer","favorite":true}"#).status == 201)
        let changed = try Self.send(server, accounts[2].token, "GET", "/shortcuts", headers: [("If-None-Match", accounts[2].etag)])
        #expect(changed.status == 200 && changed.text.contains("Newcomer"))
        let newETag = try #require(changed.header("ETag"))
        #expect(newETag != accounts[2].etag)
        for other in accounts[3..<20] { _ = try Self.send(server, other.token, "GET", "/shortcuts") }
        #expect(try Self.send(server, accounts[2].token, "GET", "/shortcuts", headers: [("If-None-Match", newETag)]).status == 304)
        #expect(try Self.send(server, accounts[2].token, "GET", "/shortcuts", headers: [("If-None-Match", accounts[2].etag)]).status == 200)
    }

    @Test("On one keep-alive connection, pipelined requests of two accounts each get their own ETag and their own X-Request-Id")
    func pipelinedAccountsKeepTheirOwnFields() throws {
        // A connection reuses one libmicrohttpd 304 from account to account, rewriting its ETag
        // and X-Request-Id in place when the lengths match (deleted and added when not).
        let server = try Self.server()
        defer { server.stop() }
        var accounts: [(token: String, etag: String)] = []
        for (index, favorite) in [true, false].enumerated() {
            let account = try Self.createAccount(server, name: "Pipelined \(index)")
            let json = #"{"name":"Friend \#(index)","favorite":\#(favorite)}"#
            #expect(try Self.send(server, account.token, "POST", "/contacts", json: json).status == 201)
            accounts.append((account.token, try #require(try Self.send(server, account.token, "GET", "/shortcuts").header("ETag"))))
        }
        #expect(accounts[0].etag != accounts[1].etag)
        var generator = SystemRandomNumberGenerator()
        var expected: [(status: Int, etag: String, id: String?)] = []
        var bytes: [UInt8] = []
        for _ in 0..<300 {
            let account = Int.random(in: 0...1, using: &generator)
            let other = accounts[1 - account].etag
            let condition = [accounts[account].etag, other, nil].randomElement(using: &generator) ?? nil
            // The client's own id (any length from 1 to 40), or none: the server makes one.
            let id = Bool.random(using: &generator) ? String(repeating: "r", count: Int.random(in: 1...40, using: &generator)) : nil
            var headers = [("Authorization", "Bearer \(accounts[account].token)")]
            if let condition { headers.append(("If-None-Match", condition)) }
            if let id { headers.append(("X-Request-Id", id)) }
            bytes += RawHTTPConnection.requestBytes("GET", "/shortcuts", headers: headers)
            expected.append((condition == accounts[account].etag ? 304 : 200, accounts[account].etag, id))
        }
        let connection = try server.connect()
        try connection.sendRaw(bytes)
        var made: Set<String> = []
        for (index, want) in expected.enumerated() {
            let response = try connection.readResponse()
            let ids = response.headerValues("X-Request-Id")
            #expect(response.status == want.status, "request \(index)")
            #expect(response.headerValues("ETag") == [want.etag], "request \(index): \(response.headers)")
            #expect(ids.count == 1, "request \(index): \(response.headers)")
            if let id = want.id {
                #expect(ids == [id], "request \(index)")
            } else if let id = ids.first {
                #expect(id.count == 20 && made.insert(id).inserted, "request \(index): a fresh id, \(id)")
            }
        }
    }

    @Test("A single-account database keeps its data as the account 'default' when started with --accounts")
    func migrationKeepsTheDataAsDefault() throws {
        let directory = try TemporaryDirectory()
        let single = try ServerProcess(directory: directory)
        let seeded = try single.listContacts()
        #expect(seeded.contacts.count == 4)
        let shortcuts = try single.shortcuts()
        #expect(single.stop() == .exited(0))

        let server = try Self.server(directory: directory)
        defer { server.stop() }
        let account = try Self.send(server, Self.adminToken, "GET", "/accounts/default").jsonObject()
        #expect(account["name"] as? String == "default")
        let token = try #require(try Self.send(server, Self.adminToken, "POST", "/accounts/default/token").jsonObject()["token"] as? String)
        let contacts = try Self.send(server, token, "GET", "/contacts").decode(ContactListBody.self)
        #expect(contacts.contacts.map(\.id) == seeded.contacts.map(\.id))
        let list = try Self.send(server, token, "GET", "/shortcuts")
        #expect(list.header("ETag") == shortcuts.etag, "same bytes, same ETag")
        #expect(try Self.send(server, token, "GET", "/shortcuts", headers: [("If-None-Match", shortcuts.etag ?? "")]).status == 304)
    }

    @Test("--accounts without an admin token refuses to start, saying how to give one")
    func refusesWithoutAnAdminToken() throws {
        let run = try ServerProcess.runToExit(directory: try TemporaryDirectory(), arguments: ["--accounts"])
        #expect(!run.listened)
        #expect(run.exit != .exited(0))
        #expect(run.standardError.contains("QUICKACTIOND_ADMIN_TOKEN"), "\(run.standardError)")
    }
}
