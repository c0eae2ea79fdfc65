/// A value that breaks a rule (HTTP 422): which field, and why.
public struct ValidationError: Error, Sendable, Equatable {
    /// The JSON field at fault.
    public var field: String
    /// A sentence a person can act on.
    public var message: String

    /// Creates an error.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
