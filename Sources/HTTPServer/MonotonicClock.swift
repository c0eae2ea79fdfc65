import Glibc

/// Monotonic nanoseconds, for request durations.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (`CLOCK_MONOTONIC`, read directly: it is
    /// read twice per request).
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
