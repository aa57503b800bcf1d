#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resident memory of this process, as the kernel counts it (Linux: /proc/self/statm and
/// VmHWM in /proc/self/status; elsewhere only the peak, from getrusage).
enum ProcessMemory {
    /// Bytes resident now (`nil` where the system does not say).
    static func residentBytes() -> Int? {
        #if os(Linux)
        guard let text = read("/proc/self/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// The peak resident bytes since start, or since the last `resetPeak()` (Linux).
    static func peakResidentBytes() -> Int? {
        #if os(Linux)
        guard let text = read("/proc/self/status") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst(6).filter { $0.isNumber }
            return Int(String(digits)).map { $0 * 1024 }
        }
        return nil
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss)            // bytes on Apple systems
        #endif
    }

    /// Starts a new peak (Linux ≥ 4.0: writing 5 to /proc/self/clear_refs resets VmHWM). Returns
    /// whether it could; otherwise the peak is the whole process's.
    @discardableResult
    static func resetPeak() -> Bool {
        #if os(Linux)
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
        #else
        return false
        #endif
    }

    /// Gives freed heap pages back to the system (glibc `malloc_trim`), so the resident figure
    /// measured next is not inflated by an earlier scenario's garbage.
    static func trim() {
        #if os(Linux)
        typealias Trim = @convention(c) (Int) -> Int32      // glibc's malloc_trim, not in the Glibc module map
        if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }

    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
