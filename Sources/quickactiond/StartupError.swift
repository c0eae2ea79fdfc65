/// A reason the service cannot start, for the operator.
struct StartupError: Error, CustomStringConvertible {
    let description: String
    /// The file at fault, when there is one.
    let file: String?

    init(_ description: String, file: String? = nil) {
        self.description = description
        self.file = file
    }
}
