import Foundation
import Glibc
import TestSupport
import Testing

/// Deleting an account while its clients write, through the real binary: once the deletion has
/// answered and the writes in flight have been answered, the store holds no row of the account
/// in any table (counted in the store itself), and every write got a clean answer: done before
/// the deletion, or 401 as the deleted account's token now gets. On SQLite, and on PostgreSQL
/// with two instances, where the other instance learns of the deletion only later.
@Suite struct AccountDeletionEndToEndTests {
    static let arguments = ["--no-seed", "--accounts", "--admin-token", AccountsEndToEndTests.adminToken, "--log-level", "warning"]

    @Test(
        "An account deleted while 32 connections create contacts and post triggers under Idempotency-Keys keeps no row",
        arguments: StorageBackend.available)
    func deletionUnderConcurrentWritesLeavesNoRow(backend: StorageBackend) throws {
        try backend.withServers(backend == .postgres ? 2 : 1, arguments: Self.arguments) { servers, store in
            let ports = servers.map(\.port)
            for round in 0..<5 {
                let account = try AccountsEndToEndTests.createAccount(servers[0], name: "Doomed \(round)")
                let key = try store.accountKey(id: account.id)
                let writers = 32
                let start = StartLine(parties: writers + 1)
                let (results, errors) = ThreadGroup.run(count: writers + 1, timeout: 120) { index -> [Int] in
                    if index == writers {
                        start.arriveAndWait(timeout: 10)
                        usleep(100_000)
                        let admin = try RawHTTPConnection(port: ports[0])
                        defer { admin.close() }
                        let deleted = try admin.send(
                            "DELETE", "/accounts/\(account.id)", headers: [("Authorization", "Bearer \(AccountsEndToEndTests.adminToken)")])
                        return [deleted.status]
                    }
                    let client = try RawHTTPConnection(port: ports[index % ports.count])
                    defer { client.close() }
                    start.arriveAndWait(timeout: 10)
                    var statuses: [Int] = []
                    // Until the deletion reaches this connection's instance (or 2,000 writes).
                    for number in 0..<2000 {
                        var headers = [("Authorization", "Bearer \(account.token)"), ("Content-Type", "application/json")]
                        let response: RawHTTPResponse
                        if (number + index) % 2 == 0 {
                            headers.append(("Idempotency-Key", "round-\(round)-writer-\(index)-\(number)"))
                            response = try client.send("POST", "/trigger", headers: headers, body: #"{"type":"SearchAction","deviceId":"racer"}"#)
                        } else {
                            response = try client.send("POST", "/contacts", headers: headers, body: #"{"name":"Racer \#(index).\#(number)"}"#)
                        }
                        statuses.append(response.status)
                        if response.status == 401 { break }
                    }
                    return statuses
                }
                #expect(errors.isEmpty, "round \(round): \(errors)")
                #expect(results.last == [204], "round \(round): the deletion answered \(String(describing: results.last))")
                let statuses = results.dropLast().compactMap { $0 }.flatMap { $0 }
                #expect(statuses.contains(200) && statuses.contains(201), "round \(round): no write landed before the deletion")
                let unclean = statuses.filter { ![200, 201, 401].contains($0) }
                #expect(unclean.isEmpty, "round \(round): writes answered \(Set(unclean))")
                // Every writer has its last answer, and the deletion has committed: nothing of the account is left.
                let left = try store.rowsOfAccount(key: key)
                #expect(left.values.allSatisfy { $0 == 0 }, "round \(round): rows left \(left)")
            }
        }
    }

    @Test("Single-account mode on a database whose account 'default' --accounts deleted writes again (as a new, empty 'default')")
    func singleAccountModeAfterTheDefaultAccountWasDeleted() throws {
        let directory = try TemporaryDirectory()
        let accounts = try ServerProcess(directory: directory, arguments: Self.arguments)
        _ = try accounts.request("GET", "/healthz")
        let deleted = try AccountsEndToEndTests.send(accounts, AccountsEndToEndTests.adminToken, "DELETE", "/accounts/default")
        #expect(deleted.status == 204)
        #expect(accounts.stop() == .exited(0))
        let single = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { single.stop() }
        _ = try single.createContact(name: "Written as default")
        #expect(try single.listContacts().contacts.map(\.name) == ["Written as default"])
    }
}
