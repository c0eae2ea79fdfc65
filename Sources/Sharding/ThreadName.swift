import Glibc

/// Names the calling thread as the system shows it (`top -H`, `ps -L`, gdb, /proc/<pid>/task/*/comm).
///
/// Foundation's `Thread.name` is not that name on Linux: set before `start()` it names only
/// Foundation's object, and set from the thread it may call `pthread_setname_np`, which refuses
/// (ERANGE, unseen) a name over 15 bytes, leaving the thread its creator's name (`MHD-worker`).
/// A thread names itself here, first thing, and a name over `maximumBytes` stops the process
/// the first time that thread starts.
public enum ThreadName {
    /// The longest name Linux keeps: TASK_COMM_LEN (16) less the terminating NUL.
    public static let maximumBytes = 15

    /// Gives the calling thread the name `name` (at most `maximumBytes` bytes of UTF-8).
    public static func set(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount <= maximumBytes, "thread name \(name) is over \(maximumBytes) bytes")
        // pthread_setname_np is not imported from Glibc; this file is what it writes. Naming is for
        // the people reading the process: without /proc the thread keeps its name.
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, name.utf8Start, name.utf8CodeUnitCount)
        close(descriptor)
    }
}
