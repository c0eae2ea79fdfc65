import StorageCore

/// What one instance tells the others after a commit, as the payload of
/// `NOTIFY quickactiond, '<instance>:<kind>:<account key>:<number>'`: numbers only, no
/// personal data. The instance id lets an instance ignore its own notices.
struct PostgreSQLChangeNotice: Sendable, Equatable {
    /// What changed.
    enum Kind: String, Sendable {
        /// A contact of the account (the number is its sequence).
        case contact = "c"
        /// A trigger of the account was recorded (the number is its event id).
        case trigger = "t"
        /// A pick changed the usage key of a favorite of the account (the number is its sequence).
        case usage = "u"
        /// The account's token was replaced.
        case tokenReplaced = "r"
        /// The account was deleted.
        case accountDeleted = "d"
        /// The scheduled items changed (the account and the number are 0).
        case scheduledItems = "s"
    }

    /// The channel every instance listens on.
    static let channel = "quickactiond"

    /// The instance that made the change.
    var instance: String
    /// What changed.
    var kind: Kind
    /// Whose.
    var account: AccountKey
    /// The contact's sequence, the trigger's event id, or 0.
    var number: Int64

    /// The payload (letters, digits and colons only, so it is also a word of a text array).
    var payload: String { "\(instance):\(kind.rawValue):\(account.rawValue):\(number)" }

    /// Creates a notice.
    init(instance: String, kind: Kind, account: AccountKey, number: Int64) {
        self.instance = instance
        self.kind = kind
        self.account = account
        self.number = number
    }

    /// Reads a payload; nil when it is not one of ours.
    init?(payload: String) {
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let kind = Kind(rawValue: String(parts[1])), let account = Int64(parts[2]), let number = Int64(parts[3]) else {
            return nil
        }
        self.init(instance: String(parts[0]), kind: kind, account: AccountKey(account), number: number)
    }
}
