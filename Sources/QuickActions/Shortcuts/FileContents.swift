import Foundation

/// Reads whole files and lists directories for the loaders, with a reason people can act on
/// when that fails (Foundation on Linux says "NSCocoaErrorDomain error 256" for a directory).
enum FileContents {
    /// Why a file or directory could not be read, without its path.
    struct Failure: Error {
        var reason: String
    }

    /// The bytes of the file at `path`.
    static func read(path: String) throws(Failure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Failure(reason: "does not exist") }
        guard !isDirectory.boolValue else { throw Failure(reason: "is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw Failure(reason: "cannot be read (permission denied)") }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw Failure(reason: "cannot be read (\(explain(error)))")
        }
    }

    /// The names in the directory at `path`.
    static func list(directory path: String) throws(Failure) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Failure(reason: "does not exist") }
        guard isDirectory.boolValue else { throw Failure(reason: "is a file, not a directory") }
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
}
