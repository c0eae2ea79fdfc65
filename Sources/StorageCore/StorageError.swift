/// A storage failure: the store refused or broke. A fault of the store is rendered as HTTP 503;
/// a refusal of the request itself (`Cause.isRefusal`) as the client error it is.
///
/// Backend-neutral: `cause` says what a client and an operator need to know, in terms every
/// backend can give; the backend's own code stays as detail (`backendCode`).
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// Why a store failed, as far as a client and an operator need to know.
    public enum Cause: String, Sendable {
        /// The disk (or the database's size limit) is full: nothing more can be stored.
        case full = "storage-full"
        /// The disk failed to read or write.
        case ioError = "storage-io-error"
        /// The database did not answer in time: a statement or a lock wait ran past its limit
        /// (a lock held by another client, an overloaded server). Nothing of it was stored.
        case timeout = "storage-timeout"
        /// Anything else: busy, locked, refused, a file that is not ours.
        case unavailable = "service-unavailable"
        /// A create refused inside its write transaction: the account already holds its quota
        /// of contacts. Nothing was stored.
        case quotaExceeded = "contact-quota-exceeded"
        /// A scheduled item refused inside its write transaction: a list it would be in already
        /// holds `ScheduledItemValidator.maxItems` items not yet ended. Nothing was stored.
        case scheduledItemLimit = "scheduled-item-limit-exceeded"
        /// A write for an account that was deleted before the write's transaction ran (its
        /// token had been checked just before). Nothing was stored.
        case accountDeleted = "account-deleted"
        /// A value the database cannot store or compare (PostgreSQL's data exceptions, SQLSTATE
        /// class 22, such as a NUL byte in text): the request's fault, and retrying it cannot help.
        case invalidValue = "invalid-value"

        /// Whether the store refused this request, rather than failed: a client error, which
        /// says nothing about the store's health and is not retried.
        public var isRefusal: Bool {
            switch self {
            case .quotaExceeded, .scheduledItemLimit, .accountDeleted, .invalidValue: true
            case .full, .ioError, .timeout, .unavailable: false
            }
        }
    }

    /// The backend's own code for a failure, and its words for it.
    public struct BackendCode: Sendable, Equatable, CustomStringConvertible {
        /// The backend: `SQLite`, `PostgreSQL`.
        public var backend: String
        /// Its result code (SQLite's extended code, a SQLSTATE's number, ...).
        public var code: Int
        /// Its words for the code, without paths (fit for a client).
        public var reason: String

        /// Creates a backend code.
        public init(backend: String, code: Int, reason: String) {
            self.backend = backend
            self.code = code
            self.reason = reason
        }

        /// `SQLite code 13`; PostgreSQL's codes are SQLSTATEs, shown as such (`PostgreSQL SQLSTATE 08006 ...`).
        public var description: String { backend == "PostgreSQL" ? "\(backend) \(reason)" : "\(backend) code \(code)" }
    }

    /// What kind of failure this is.
    public var cause: Cause
    /// What failed, with the backend's own message.
    public var message: String
    /// The backend's code, when it gave one.
    public var backendCode: BackendCode?
    /// The limit a refusal past one (`quotaExceeded`, `scheduledItemLimit`) came up against.
    public var limit: Int?

    /// Creates an error.
    public init(_ cause: Cause = .unavailable, message: String, backendCode: BackendCode? = nil, limit: Int? = nil) {
        self.cause = cause
        self.message = message
        self.backendCode = backendCode
        self.limit = limit
    }

    /// The backend's words for its code, without paths (for a client); nil without a code.
    public var reason: String? { backendCode?.reason }

    public var description: String { backendCode.map { "\(message) (\($0))" } ?? message }
}

extension StorageError {
    /// A create refused because the account already holds `limit` contacts.
    public static func quotaExceeded(limit: Int) -> StorageError {
        StorageError(.quotaExceeded, message: "the account holds its limit of \(limit) contacts", limit: limit)
    }

    /// A write refused because its account was deleted before the write's transaction ran.
    public static let accountDeleted = StorageError(.accountDeleted, message: "the account was deleted")
}
