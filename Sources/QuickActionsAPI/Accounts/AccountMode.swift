import StorageCore

/// Which credentials open which account: the one thing the two modes differ in (the store, the
/// lists and the scopes are the same).
public enum AccountMode: Sendable {
    /// Single-account mode (the default): the service token (`--token`), or none, opens the
    /// account `default` and the operations routes; there is no admin API.
    case single
    /// Multi-account mode (`--accounts`): the admin token opens the admin and operations routes;
    /// an account token, looked up by digest (`tokenCacheCapacity` of them kept in memory),
    /// opens its account's; an account holds at most `maxContactsPerAccount` contacts.
    case multi(tokenCacheCapacity: Int, maxContactsPerAccount: Int)

    /// The account the service token opens (single-account mode), whose list is pinned.
    public var fixedAccount: AccountKey? {
        if case .single = self { return .default }
        return nil
    }

    /// Most contacts an account may hold (nil: no limit).
    public var maxContactsPerAccount: Int? {
        if case .multi(_, let limit) = self { return limit }
        return nil
    }
}
