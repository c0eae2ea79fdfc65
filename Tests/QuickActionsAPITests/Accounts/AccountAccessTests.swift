import HTTPServer
import QuickActions
import StorageCore
import Testing

@testable import QuickActionsAPI

/// One access policy for both modes: in single-account mode the service token (or no token,
/// when none is configured) is the account `default`'s credential, and opens the operations
/// routes too; the admin routes answer what they always answered there.
@Suite struct AccountAccessTests {
    private static func access(serviceToken: String?, store: InMemoryDataStore) throws -> AccountAccess {
        let settings = CurrentConfiguration(ReloadableConfiguration(serviceToken: serviceToken))
        let lists = try AccountShortcutLists(capacity: 16, store: store, setup: settings.shortcuts, pinning: AccountMode.single.fixedAccount)
        return AccountAccess(mode: .single, settings: settings, store: store, lists: lists)
    }

    private static func request(_ path: String, bearer: String?) throws -> HTTPRequest {
        var headers = HTTPHeaders()
        if let bearer { headers.add("Authorization", "Bearer \(bearer)") }
        return try HTTPRequest(method: "GET", target: path, headers: headers, body: [])
    }

    @Test func theServiceTokenIsTheDefaultAccountsCredentialAndOpensTheOperations() throws {
        let access = try Self.access(serviceToken: "service-secret", store: InMemoryDataStore())
        let principal = try access.authenticate(Self.request("/shortcuts", bearer: "service-secret"))
        #expect(principal == .account(.default))
        #expect(try access.authenticate(Self.request("/shortcuts", bearer: "other")) == nil)
        #expect(try access.authenticate(Self.request("/shortcuts", bearer: nil)) == nil)
        #expect(try access.authenticate(Self.request("/healthz", bearer: nil)) == .anonymous)
        let scope = try #require(try access.authorize(.account(.default), .account))
        #expect(scope.key == .default)
        #expect(try access.authorize(.account(.default), .operations) == nil)
        #expect(try access.authorize(.account(.default), .anyCredential) == nil)
        #expect(throws: Problem.self) { try access.authorize(.anonymous, .account) }
    }

    @Test func withoutATokenEveryRequestIsTheDefaultAccounts() throws {
        let access = try Self.access(serviceToken: nil, store: InMemoryDataStore())
        #expect(try access.authenticate(Self.request("/contacts", bearer: nil)) == .account(.default))
        #expect(try access.authenticate(Self.request("/contacts", bearer: "anything")) == .account(.default))
    }

    @Test func theAdminRoutesAnswerWhatSingleAccountModeAlwaysAnswered() throws {
        let access = try Self.access(serviceToken: "service-secret", store: InMemoryDataStore())
        do {
            _ = try access.authorize(.account(.default), .admin)
            Issue.record("the admin routes opened in single-account mode")
        } catch {
            #expect(error.status == 403)
            #expect(error.detail == "The admin API exists in multi-account mode only: start quickactiond with --accounts and an admin token.")
        }
    }

    @Test func multiAccountModePinsNoListAndTheDefaultAccountOpensNoOperations() throws {
        let store = InMemoryDataStore()
        let mode = AccountMode.multi(tokenCacheCapacity: 10, maxContactsPerAccount: 10)
        let lists = try AccountShortcutLists(capacity: 16, store: store, setup: ShortcutListConfiguration(), pinning: mode.fixedAccount)
        #expect(lists.pinned == nil)
        let access = AccountAccess(
            mode: mode, settings: CurrentConfiguration(ReloadableConfiguration(adminToken: "admin-secret")), store: store, lists: lists)
        #expect(throws: Problem.self) { try access.authorize(.account(.default), .operations) }
        #expect(try access.authenticate(Self.request("/contacts", bearer: nil)) == nil)
    }
}
