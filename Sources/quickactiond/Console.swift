import Foundation

/// Writes to the standard streams through file descriptors (the C globals are not
/// concurrency-safe in Swift 6).
enum Console {
    static func out(_ text: String) { write(1, text) }
    static func error(_ text: String) { write(2, text) }

    /// Writes all of `text`, or as much as the descriptor takes before an error (then the
    /// rest is dropped: there is nowhere left to report it).
    private static func write(_ descriptor: Int32, _ text: String) {
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Array(text.utf8))
    }
}
