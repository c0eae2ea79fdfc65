import Foundation
import QuickActions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts an Android export's files under an app's folder, all or nothing, replacing or removing
/// only files the export wrote: files at the export's paths (`AndroidResourceExport.isExportPath`)
/// that start with its marker line.
///
/// Everything is checked before anything changes: each folder on the way is a folder or can be
/// made, each file at a path to write is missing or the export's, and the export's files of an
/// earlier export that this one no longer writes (a language gone from the source, an icon no
/// longer used) are found. Then the missing folders are made and every new file is written into a
/// temporary file beside its target (`FileReplacement`); a failure there removes them all and the
/// folders made, leaving the tree as it was. Only then are the files renamed into place and the
/// stale ones removed.
struct AndroidResourceInstall {
    typealias Failure = FileReplacement.Failure

    /// The folder that holds `res/`, as the user named it.
    let root: String
    /// What to write.
    let files: [AndroidResourceExport.File]
    /// The folders to make, parents first.
    private(set) var missingFolders: [String] = []
    /// The export's own files, relative to `root`, that this export no longer writes.
    private(set) var staleFiles: [String] = []

    /// Checks that `files` can be written under `root`; throws, naming the path and why, when not.
    init(files: [AndroidResourceExport.File], under root: String) throws(Failure) {
        self.root = root
        self.files = files
        for file in files {
            let path = self.path(file.path)
            for folder in try Self.missingFolders(ending: (path as NSString).deletingLastPathComponent) where !missingFolders.contains(folder) {
                missingFolders.append(folder)
            }
            try Self.requireExportsOwnOrMissing(path)
        }
        staleFiles = try Self.staleFiles(under: root, keeping: Set(files.map(\.path)))
    }

    /// `relative` under `root`.
    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// Makes the folders, writes every file, then removes the stale ones. Returns the paths
    /// removed (relative to `root`).
    func perform() throws(Failure) -> [String] {
        var made: [String] = []
        var prepared: [FileReplacement] = []
        func undo() {
            for file in prepared { file.discard() }
            for folder in made.reversed() { rmdir(folder) }
        }
        for folder in missingFolders {
            guard mkdir(folder, 0o777) == 0 else {
                let reason = FileReplacement.words(errno)
                undo()
                throw Failure(path: folder, reason: "cannot be made: \(reason)")
            }
            made.append(folder)
        }
        for file in files {
            do {
                prepared.append(try FileReplacement.prepare(file.bytes, at: path(file.path)))
            } catch {
                undo()
                throw error
            }
        }
        for (index, file) in prepared.enumerated() {
            do {
                try file.commit()
            } catch {
                for rest in prepared[(index + 1)...] { rest.discard() }
                throw error
            }
        }
        for stale in staleFiles {
            let file = path(stale)
            guard unlink(file) == 0 else {
                throw Failure(path: file, reason: "is no longer exported and cannot be removed: \(FileReplacement.words(errno))")
            }
            // The folder goes too when that file was all it held (rmdir leaves a folder with anything in it).
            rmdir((file as NSString).deletingLastPathComponent)
        }
        return staleFiles
    }

    /// The folders missing on the way to `folder` (it included), parents first; throws when one
    /// on the way is not a folder.
    static func missingFolders(ending folder: String) throws(Failure) -> [String] {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                let kind = status.st_mode & S_IFMT == S_IFREG ? "a file" : FileContents.kindName(status.st_mode)
                throw Failure(path: folder, reason: "is \(kind), not a folder")
            }
            return []
        }
        guard errno == ENOENT || errno == ENOTDIR else { throw Failure(path: folder, reason: "cannot be read: \(FileReplacement.words(errno))") }
        if lstat(folder, &status) == 0 { throw Failure(path: folder, reason: "is a symbolic link to a folder that does not exist") }
        let parent = (folder as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != folder else { return [folder] }
        return try missingFolders(ending: parent) + [folder]
    }

    /// Throws unless nothing is at `path` or the file there is the export's (starts with its marker).
    static func requireExportsOwnOrMissing(_ path: String) throws(Failure) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else { throw Failure(path: path, reason: "cannot be read: \(FileReplacement.words(errno))") }
            return
        }
        switch start(of: path) {
        case .success(let bytes):
            guard AndroidResourceExport.startsWithMarker(bytes) else {
                throw Failure(
                    path: path,
                    reason: "is not a file quickactiond export wrote (its first line is not \(AndroidResourceExport.marker)), "
                        + "so it is left as it is and nothing was written: move it away, or export to another folder")
            }
        case .failure(let failure): throw failure
        }
    }

    /// The first bytes of the regular file at `path` (through symbolic links), enough to hold the marker line.
    static func start(of path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "is a symbolic link to a file that does not exist" : "cannot be read: \(FileReplacement.words(errno))"
            return .failure(Failure(path: path, reason: reason))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Failure(path: path, reason: "cannot be read: \(FileReplacement.words(errno))")) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : FileContents.kindName(status.st_mode)
            return .failure(Failure(path: path, reason: "is \(kind), not a file"))
        }
        let wanted = AndroidResourceExport.marker.utf8.count + 2
        do {
            let data = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).read(upToCount: wanted) ?? Data()
            return .success(Array(data))
        } catch {
            let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : EIO
            return .failure(Failure(path: path, reason: "cannot be read: \(FileReplacement.words(code))"))
        }
    }

    /// The export's own files under `root/res` (at an export path, starting with the marker) not
    /// in `keeping`, relative to `root`. A file that is not the export's is never among them.
    static func staleFiles(under root: String, keeping: Set<String>) throws(Failure) -> [String] {
        let res = (root as NSString).appendingPathComponent("res")
        var candidates: [String] = []
        for folder in (try? FileContents.list(directory: res))?.sorted() ?? [] {
            if folder == "drawable" {
                let names = (try? FileContents.list(directory: res + "/drawable"))?.sorted() ?? []
                candidates += names.map { "res/drawable/\($0)" }
            } else {
                candidates.append("res/\(folder)/\(AndroidResourceExport.stringsFileName)")
            }
        }
        var stale: [String] = []
        for candidate in candidates where AndroidResourceExport.isExportPath(candidate) && !keeping.contains(candidate) {
            let path = (root as NSString).appendingPathComponent(candidate)
            guard case .success(let bytes) = start(of: path), AndroidResourceExport.startsWithMarker(bytes) else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            guard access(folder, W_OK) == 0 else {
                throw Failure(path: path, reason: "is no longer exported and cannot be removed: \(FileReplacement.words(errno)) in \(folder)")
            }
            stale.append(candidate)
        }
        return stale
    }
}
