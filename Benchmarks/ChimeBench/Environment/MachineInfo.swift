#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the numbers were measured on: CPU, cores, OS, toolchain and build configuration.
struct MachineInfo: Codable {
    let cpu: String
    let cores: Int
    let system: String
    let toolchain: String
    let configuration: String

    static func current() -> MachineInfo {
        MachineInfo(cpu: cpuModel() ?? "unknown CPU",
                    cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                    system: systemName(),
                    toolchain: toolchain,
                    configuration: configuration)
    }

    /// `true` in a release build; debug numbers are meaningless and the header says so.
    static var isOptimized: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    static var configuration: String { isOptimized ? "release" : "debug" }

    /// The compiler this binary was built with, known at compile time (no `swift --version` call).
    static var toolchain: String {
        #if compiler(>=6.5)
        return "Swift compiler >= 6.5"
        #elseif compiler(>=6.4)
        return "Swift compiler 6.4"
        #elseif compiler(>=6.3)
        return "Swift compiler 6.3"
        #elseif compiler(>=6.2)
        return "Swift compiler 6.2"
        #elseif compiler(>=6.1)
        return "Swift compiler 6.1"
        #else
        return "Swift compiler 6.0"
        #endif
    }

    /// `model name` from /proc/cpuinfo (Linux) or `machdep.cpu.brand_string` (Apple).
    private static func cpuModel() -> String? {
        #if os(Linux)
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") {
                return text[text.index(after: colon)...].trimmed
            }
        }
        return nil
        #elseif canImport(Darwin)
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }

    private static func systemName() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }
}
