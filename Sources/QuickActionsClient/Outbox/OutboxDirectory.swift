import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outbox on disk: one file per pending trigger, named so that names sort oldest first.
/// A file is written whole (temporary file, fsync, rename, fsync of the directory) or not
/// at all, so a process killed at any instant leaves either the old entry or the new one.
struct OutboxDirectory: Sendable {
    let path: String

    static let suffix = ".trigger.json"

    /// Creates the directory when it is missing.
    func create() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// File names of the entries, oldest first.
    func entryNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(Self.suffix) && !$0.hasPrefix(".") }.sorted()
    }

    /// The file name for an entry enqueued at `microseconds` (since 1970) under `key`: names
    /// sort as the entries were enqueued.
    static func name(enqueuedAt microseconds: Int64, key: String) -> String {
        let stamp = String(microseconds)
        return String(repeating: "0", count: max(0, 19 - stamp.count)) + stamp + "-" + key + suffix
    }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + name).map { [UInt8]($0) }
    }

    /// Writes `bytes` to `name` atomically and durably.
    func write(_ bytes: [UInt8], to name: String) throws {
        let temporary = path + "/." + name + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw OutboxError.io("cannot create \(temporary): errno \(errno)") }
        do {
            try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: bytes)
        } catch {
            close(descriptor)
            throw OutboxError.io("cannot write \(temporary): \(error.localizedDescription)")
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw OutboxError.io("cannot sync \(temporary): errno \(errno)") }
        guard rename(temporary, path + "/" + name) == 0 else { throw OutboxError.io("cannot rename \(temporary): errno \(errno)") }
        syncDirectory()
    }

    /// Removes `name` durably.
    func remove(_ name: String) {
        unlink(path + "/" + name)
        syncDirectory()
    }

    /// Makes a rename or unlink durable: on Linux it is not until the directory is synced.
    private func syncDirectory() {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Takes an exclusive lock on the outbox (polling, so a task waiting for it can be
    /// cancelled), so that two processes (an app and its extension, or two runs of
    /// `quickactions trigger`) never send the same entry at once. Give the result to `unlock`.
    func lock() async throws -> Int32 {
        let descriptor = open(path + "/.lock", O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw OutboxError.io("cannot open the outbox lock: errno \(errno)") }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            do {
                try await Task.sleep(nanoseconds: 20_000_000)
            } catch {
                close(descriptor)
                throw error
            }
        }
        return descriptor
    }

    /// Releases the lock `lock` took.
    func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
