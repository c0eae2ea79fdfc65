/// A storage failure: the store refused or broke. Rendered as HTTP 500/503.
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

    /// Creates an error.
    public init(_ cause: Cause = .unavailable, message: String, backendCode: BackendCode? = nil) {
        self.cause = cause
        self.message = message
        self.backendCode = backendCode
    }

    /// The backend's words for its code, without paths (for a client); nil without a code.
    public var reason: String? { backendCode?.reason }

    public var description: String { backendCode.map { "\(message) (\($0))" } ?? message }
}
