/// A failure of the end-to-end harness itself (a server that did not start, a helper program
/// that failed), as opposed to an assertion about the service.
public struct EndToEndError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
