import CCrypto
import Glibc

/// Bytes from the kernel's CSPRNG, `getrandom(2)`: no file descriptor to open or run out of.
public enum SecureRandom {
    /// Fills `buffer` (blocking until the pool is seeded, which it is long before a request
    /// arrives), retrying on EINTR and short reads. There is no fallback: a secret from a
    /// weaker source would be worse than a crash.
    public static func fill(_ buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var filled = 0
            while filled < raw.count {
                let count = qa_getrandom(base + filled, raw.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    preconditionFailure("getrandom(2) failed with errno \(errno)")
                }
                filled += count
            }
        }
    }
}
