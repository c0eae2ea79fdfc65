import Foundation
import Glibc
import TestSupport

/// A file system that never answers: a FUSE mount whose server never reads its requests, so
/// that `stat`, `open` or `read` of any path below it blocks, as on a network mount whose
/// server is gone. The way to make the service wait on a file for ever: the service reads
/// operator files only if they are regular files (a FIFO is refused without being opened).
///
/// The wait is killable: a process blocked there still ends on SIGKILL or `exit`. `unmount`
/// (also on deinit, and by the kernel if the test process dies, as it closes the descriptor)
/// aborts the connection first, so every call still waiting fails with ENOTCONN, and then
/// detaches the mount: nothing is left blocked or mounted.
final class UnansweredMount {
    /// The mount point: a directory of its own, outside any test's directory, so that removing
    /// one never walks into the mount.
    let path: String
    private var descriptor: Int32

    /// Mounts the file system at a new directory, or throws saying why (it needs root, or
    /// CAP_SYS_ADMIN, and /dev/fuse).
    init() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quickactiond-unanswered-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let descriptor = open("/dev/fuse", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw EndToEndError("cannot open /dev/fuse: \(String(cString: strerror(errno)))") }
        let options = "fd=\(descriptor),rootmode=40000,user_id=\(getuid()),group_id=\(getgid())"
        guard mount("quickactiond-unanswered", path, "fuse", UInt(MS_NOSUID | MS_NODEV), options) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            rmdir(path)
            throw EndToEndError("cannot mount a FUSE file system at \(path): \(reason)")
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        unmount()
    }

    /// The path of `name` below the mount point: reading it blocks until `unmount`.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Ends the connection (blocked calls fail), detaches the mount and removes its directory.
    func unmount() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        _ = umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    /// Why this process cannot mount one (the tests that need it say so and skip), or nil.
    static func unavailableReason() -> String? {
        do {
            try UnansweredMount().unmount()
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
