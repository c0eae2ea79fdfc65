/// A reason the service cannot start, for the operator.
struct StartupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
