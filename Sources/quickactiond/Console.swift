import Glibc

/// Writes to the standard streams through file descriptors (the C globals are not
/// concurrency-safe in Swift 6).
enum Console {
    static func out(_ text: String) { write(1, text) }
    static func error(_ text: String) { write(2, text) }

    private static func write(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written <= 0 { return }
            offset += written
        }
    }
}
