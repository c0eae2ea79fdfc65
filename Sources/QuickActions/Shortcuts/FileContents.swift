import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files and lists directories for the loaders of operator files (`--shortcuts`,
/// `--localizations`, token files, `lint`), with a reason people can act on when that fails
/// (Foundation on Linux says "You don't have permission" for a FIFO and "NSCocoaErrorDomain
/// error 256" for a directory).
///
/// Only regular files are read, and only up to `maximumBytes`: anything else is the wrong
/// path (a FIFO would block the start, `/dev/zero` never ends, a file of hundreds of megabytes
/// holds up the start), refused by name, kind and size without being read. Symbolic links are
/// followed.
public enum FileContents {
    // Measured without a limit: a 200 MB file took 1.6 GB and 30 s to start.
    /// The largest file read: 8 MiB. Info.plists, strings files, String Catalogs and tokens
    /// are kilobytes; a real app's whole InfoPlist.xcstrings is well under 1 MiB.
    public static let maximumBytes = 8 << 20

    /// Why a file or directory could not be read, without its path.
    public struct Failure: Error, Sendable, Equatable {
        /// What is wrong, e.g. "does not exist" or "is a FIFO (named pipe), not a regular file".
        public var reason: String
        /// Whether the file is refused for what it is (not a regular file, or larger than
        /// `maximumBytes`) rather than for a failure to read it: loaders that skip a translation
        /// file iOS could not read still stop on these, which are always the wrong file.
        public var isRefusal: Bool

        /// Creates a failure.
        public init(reason: String, isRefusal: Bool = false) {
            self.reason = reason
            self.isRefusal = isRefusal
        }
    }

    /// The bytes of the regular file at `path` (a symbolic link to one is followed), at most
    /// `limit` of them. A growing file cannot slip past the limit: at most `limit + 1` bytes
    /// are ever read.
    public static func read(path: String, limit: Int = maximumBytes) throws(Failure) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(errno) }
        try requireRegularFile(status, limit: limit)
        // O_NONBLOCK: if the path was replaced by a FIFO since `stat`, opening it does not wait
        // for a writer (it is refused just below); a regular file reads as usual.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        try requireRegularFile(status, limit: limit)

        let read: Data?
        do {
            read = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).read(upToCount: limit + 1)
        } catch {
            throw Failure(reason: "cannot be read (\(explain(error)))")
        }
        let bytes = read.map { [UInt8]($0) } ?? []
        guard bytes.count <= limit else { throw tooLarge(Int64(bytes.count), limit: limit, atLeast: true) }
        return bytes
    }

    /// The size of the file at `path` (a symbolic link followed), or nil when it cannot be
    /// `stat`ed.
    public static func size(path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// The names in the directory at `path`.
    public static func list(directory path: String) throws(Failure) -> [String] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            let kind = status.st_mode & S_IFMT == S_IFREG ? "a file" : kindName(status.st_mode)
            throw Failure(reason: "is \(kind), not a directory")
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw Failure(reason: "cannot be listed (\(explain(error)))")
        }
    }

    /// A Foundation error in one line: its debug description when it has one.
    static func explain(_ error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String, !debug.isEmpty { return debug }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError { return underlying.localizedDescription }
        return nsError.localizedDescription
    }

    /// Refuses what `status` describes unless it is a regular file of at most `limit` bytes.
    private static func requireRegularFile(_ status: stat, limit: Int) throws(Failure) {
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "is \(kindName(status.st_mode)), not a regular file", isRefusal: true)
        }
        guard Int64(status.st_size) <= Int64(limit) else { throw tooLarge(Int64(status.st_size), limit: limit, atLeast: false) }
    }

    private static func tooLarge(_ size: Int64, limit: Int, atLeast: Bool) -> Failure {
        let shown = size >= 1 << 20 ? String(format: "%.1f MiB (%lld bytes)", Double(size) / 1_048_576, size) : "\(size) bytes"
        return Failure(
            reason: "is \(atLeast ? "at least " : "")\(shown), larger than the \(limit >> 20) MiB an input file may be", isRefusal: true)
    }

    /// "a directory", "a FIFO (named pipe)", … for a `st_mode`.
    public static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a file of an unknown kind"
        }
    }

    /// The reason for a failed `stat`, `open` or `read`.
    private static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT: Failure(reason: "does not exist")
        case EACCES, EPERM: Failure(reason: "cannot be read (permission denied)")
        case ELOOP: Failure(reason: "cannot be read (a loop of symbolic links)")
        default: Failure(reason: "cannot be read (\(String(cString: strerror(code))))")
        }
    }
}
