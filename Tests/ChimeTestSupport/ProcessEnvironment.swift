import Foundation

/// One lock for the test process's environment: whoever changes it (`setenv`, `unsetenv`) and
/// whoever reads it whole to start a child holds it.
///
/// Why: glibc's `setenv` of a new name and `unsetenv` move or reallocate the `environ` array,
/// and nothing stops another thread from walking the old one meanwhile. `Process.run()` crashed
/// twice in `swift test` (a bad pointer in `memcpy`, starting `zdump` and `systemd-analyze`)
/// while `RefZoneOracle` set and unset `TZ` on another thread.
public enum ProcessEnvironment {
    private static let lock = NSRecursiveLock()

    public static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
