/// A command line the program cannot run.
struct UsageError: Error, Sendable, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
