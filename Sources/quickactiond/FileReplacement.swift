import Foundation
import QuickActions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's new content, written whole into a temporary file beside the file it replaces, then
/// renamed over it: a reader sees the old file or the new one, never a part.
///
/// A symbolic link is written through: the temporary file goes into the directory of the file
/// the link finally names, and replaces that file, so the link stays a link. The new file keeps
/// the old one's mode and owner (`fchmod`/`fchown` before the rename); when it cannot (another
/// user's file, written by a user who cannot give it away), nothing is written. A new file gets
/// `0666` less the umask, as any program's would.
struct FileReplacement {
    /// Why a file could not be written: the path as the user named it, and what is wrong.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var path: String
        var reason: String

        /// `PATH REASON`, e.g. `app/res/xml is a file, not a folder`.
        var description: String { "\(path) \(reason)" }
    }

    /// The path as the user named it, for messages.
    let shownPath: String
    /// The file replaced: `shownPath` with every symbolic link resolved.
    let realPath: String
    /// The temporary file holding the new content, in `realPath`'s directory.
    let temporaryPath: String

    /// Writes `bytes` into a temporary file beside the file `path` names (through symbolic
    /// links), with the old file's mode and owner, synced to disk. Nothing is replaced until
    /// `commit()`; `discard()` removes the temporary file.
    static func prepare(_ bytes: [UInt8], at path: String) throws(Failure) -> FileReplacement {
        let target = try resolve(path)
        let name = (target.realPath as NSString).lastPathComponent
        let directory = (target.realPath as NSString).deletingLastPathComponent
        let (descriptor, temporaryPath) = try createTemporary(beside: name, in: directory, path: path)
        do throws(Failure) {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            try match(descriptor, mode: target.mode, owner: target.owner, path: path)
            guard fsync(descriptor) == 0 else { throw Failure(path: path, reason: "cannot be written: \(words(errno))") }
        } catch {
            unlink(temporaryPath)
            throw error
        }
        return FileReplacement(shownPath: path, realPath: target.realPath, temporaryPath: temporaryPath)
    }

    /// Renames the temporary file over the file it replaces, and syncs the directory.
    func commit() throws(Failure) {
        guard rename(temporaryPath, realPath) == 0 else {
            let reason = Self.words(errno)
            discard()
            throw Failure(path: shownPath, reason: "cannot be replaced: \(reason)")
        }
        let directory = open((realPath as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Removes the temporary file (the file it would replace is untouched).
    func discard() { unlink(temporaryPath) }

    /// The file `path` names in the end, and the mode and owner its replacement gets.
    static func resolve(_ path: String) throws(Failure) -> (realPath: String, mode: mode_t, owner: (uid_t, gid_t)?) {
        var status = stat()
        if lstat(path, &status) != 0 {
            guard errno == ENOENT else { throw Failure(path: path, reason: "cannot be read: \(words(errno))") }
            let directory = (path as NSString).deletingLastPathComponent
            guard let realDirectory = realPath(directory.isEmpty ? "." : directory) else {
                throw Failure(path: path, reason: "cannot be written: its folder \(directory) \(words(errno))")
            }
            let mask = umask(0o022)
            umask(mask)
            return (realDirectory + "/" + (path as NSString).lastPathComponent, 0o666 & ~mask, nil)
        }
        guard let real = realPath(path) else {
            let reason = errno == ENOENT ? "is a symbolic link to a file that does not exist" : "cannot be resolved: \(words(errno))"
            throw Failure(path: path, reason: reason)
        }
        guard stat(real, &status) == 0 else { throw Failure(path: path, reason: "cannot be read: \(words(errno))") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : FileContents.kindName(status.st_mode)
            throw Failure(path: path, reason: "is \(kind), not a file")
        }
        return (real, status.st_mode & 0o7777, (status.st_uid, status.st_gid))
    }

    /// `path` with every symbolic link and `.`/`..` resolved, or nil (with `errno` set).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A new file `.NAME.quickactiond-RANDOM` in `directory`, made by this call alone (`O_EXCL`,
    /// mode 0600 until `match` gives it the old file's), and its path.
    static func createTemporary(beside name: String, in directory: String, path: String) throws(Failure) -> (Int32, String) {
        while true {
            let suffix = UUID().uuidString.prefix(12)
            let temporaryPath = "\(directory)/.\(name).quickactiond-\(suffix)"
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, temporaryPath) }
            guard errno == EEXIST else { throw Failure(path: path, reason: "cannot be written: \(words(errno)) in \(directory)") }
        }
    }

    /// Writes every byte of `bytes` to `descriptor`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        do {
            try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: bytes)
        } catch {
            let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : EIO
            throw Failure(path: path, reason: "cannot be written: \(words(code))")
        }
    }

    /// Gives the temporary file `owner` (when it differs from its own) and then `mode`, as
    /// `chown` may clear the set-id bits.
    static func match(_ descriptor: Int32, mode: mode_t, owner: (uid_t, gid_t)?, path: String) throws(Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(path: path, reason: "cannot be written: \(words(errno))") }
        if let (uid, gid) = owner, status.st_uid != uid || status.st_gid != gid {
            guard fchown(descriptor, uid, gid) == 0 else {
                throw Failure(
                    path: path,
                    reason: "is owned by uid \(uid), gid \(gid), and its replacement cannot be (\(words(errno))): "
                        + "run as that user, or as root, to keep its owner")
            }
        }
        guard fchmod(descriptor, mode) == 0 else {
            throw Failure(path: path, reason: "cannot be given mode \(String(mode, radix: 8)): \(words(errno))")
        }
    }

    /// An `errno` in words: "permission denied", "no space left on device".
    static func words(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case ENOENT: "does not exist"
        case ENOSPC: "the disk is full"
        case EROFS: "the file system is read-only"
        case ENOTDIR: "a part of the path is a file, not a folder"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
