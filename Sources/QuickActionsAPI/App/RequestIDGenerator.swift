import QuickActions
import Synchronization

/// Request ids without a system call per request: a random prefix chosen once per process,
/// then a counter. Unique within a run, and across runs with overwhelming probability.
final class RequestIDGenerator: Sendable {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
    private let prefix = ContactID.random(8)
    private let counter = Atomic<UInt64>(0)

    /// The next id: 8 random characters, then 12 of counter (base32), 20 in all.
    func next() -> String {
        var value = counter.wrappingAdd(1, ordering: .relaxed).newValue
        var digits = [UInt8](repeating: Self.alphabet[0], count: 12)
        var index = 11
        while value > 0 && index >= 0 {
            digits[index] = Self.alphabet[Int(value & 0x1F)]
            value >>= 5
            index -= 1
        }
        return prefix + String(decoding: digits, as: UTF8.self)
    }
}
