/// An immutable byte buffer that libmicrohttpd may send from directly, kept alive
/// for as long as any response still refers to it.
public final class SharedBytes: Sendable {
    /// The stored bytes; never mutated after `init`, which is why sharing is safe.
    nonisolated(unsafe) let buffer: UnsafeMutableRawBufferPointer

    /// Copies `bytes` once into a buffer of its own.
    public init(_ bytes: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        self.buffer = buffer
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, let target = buffer.baseAddress {
                target.copyMemory(from: base, byteCount: source.count)
            }
        }
        count = bytes.count
    }

    /// Number of bytes.
    public let count: Int

    /// A copy of the bytes.
    public var array: [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }

    deinit {
        buffer.deallocate()
    }
}
