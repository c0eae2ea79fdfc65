/// A failure of the end-to-end harness itself (a server that did not start, a helper program
/// that failed), as opposed to an assertion about the service.
struct EndToEndError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
