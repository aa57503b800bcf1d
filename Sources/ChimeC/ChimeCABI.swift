#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChimeBatch

// The C ABI of include/chime.h. Only C types cross: bytes, sizes, ints, an opaque handle.

/// chime.h's status codes.
enum ChimeStatus {
    static let ok: Int32 = 0
    static let badArgument: Int32 = 1
    static let badConfiguration: Int32 = 2
}

/// The version as a C string, made once and never freed.
nonisolated(unsafe) private let versionCString: UnsafeMutablePointer<CChar> = strdup(ChimeVersion.text)

@_cdecl("chime_version")
public func chime_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionCString)
}

@_cdecl("chime_batch")
public func chime_batch(_ input: UnsafePointer<CChar>?, _ length: Int, _ flags: UInt32,
                        _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                        _ outputLength: UnsafeMutablePointer<Int>?) -> Int32 {
    // chime.h: on a bad argument, an output pointer given is still set to NULL, its length to 0.
    output?.pointee = nil
    outputLength?.pointee = 0
    guard let output, let outputLength else { return ChimeStatus.badArgument }
    guard length >= 0, input != nil || length == 0 else { return ChimeStatus.badArgument }
    let configuration: BatchEngine.Configuration
    do {
        configuration = try BatchEngine.configuration(flags: flags)
    } catch {
        switch error {
        case .badArgument: return ChimeStatus.badArgument
        case .badConfiguration(let line):
            handOver(line + [0x0A], to: output, outputLength)
            return ChimeStatus.badConfiguration
        }
    }
    let pooled = BatchEngine.acquire(configuration)
    defer { BatchEngine.release(pooled) }
    var responses: [UInt8] = []
    if let input, length > 0 {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(input).assumingMemoryBound(to: UInt8.self), count: length)
        var framer = LineFramer()
        framer.feed(bytes) { pooled.processor.respond(to: $0, into: &responses) }
        framer.finish { pooled.processor.respond(to: $0, into: &responses) }
    }
    handOver(responses, to: output, outputLength)
    return ChimeStatus.ok
}

@_cdecl("chime_free")
public func chime_free(_ buffer: UnsafeMutablePointer<CChar>?) {
    free(buffer)
}

@_cdecl("chime_batch_open")
public func chime_batch_open(_ flags: UInt32) -> OpaquePointer? {
    let configuration: Result<BatchEngine.Configuration, BatchEngine.Failure>
    do {
        configuration = .success(try BatchEngine.configuration(flags: flags))
    } catch {
        if case .badArgument = error { return nil }
        configuration = .failure(error)
    }
    return OpaquePointer(Unmanaged.passRetained(BatchStream(configuration)).toOpaque())
}

@_cdecl("chime_batch_feed")
public func chime_batch_feed(_ stream: OpaquePointer?, _ bytes: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
    guard let stream = BatchStreamHandle.stream(stream), length >= 0, bytes != nil || length == 0 else { return ChimeStatus.badArgument }
    guard let bytes, length > 0 else { return stream.feed(UnsafeBufferPointer(start: nil, count: 0)) }
    return stream.feed(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length))
}

@_cdecl("chime_batch_end")
public func chime_batch_end(_ stream: OpaquePointer?) -> Int32 {
    guard let stream = BatchStreamHandle.stream(stream) else { return ChimeStatus.badArgument }
    return stream.end()
}

@_cdecl("chime_batch_read")
public func chime_batch_read(_ stream: OpaquePointer?, _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ outputLength: UnsafeMutablePointer<Int>?) -> Int32 {
    // chime.h: on a bad argument, an output pointer given is still set to NULL, its length to 0.
    output?.pointee = nil
    outputLength?.pointee = 0
    guard let output, let outputLength else { return ChimeStatus.badArgument }
    guard let stream = BatchStreamHandle.stream(stream) else { return ChimeStatus.badArgument }
    let responses = stream.take()
    if !responses.isEmpty { handOver(responses, to: output, outputLength) }
    return ChimeStatus.ok
}

@_cdecl("chime_batch_close")
public func chime_batch_close(_ stream: OpaquePointer?) {
    guard let stream else { return }
    Unmanaged<BatchStream>.fromOpaque(UnsafeRawPointer(stream)).release()
}

private enum BatchStreamHandle {
    /// The stream behind a handle, borrowed for one call.
    static func stream(_ handle: OpaquePointer?) -> BatchStream? {
        handle.map { Unmanaged<BatchStream>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// Copies `bytes` into a new NUL-terminated buffer from malloc (chime_free releases it).
func handOver(_ bytes: [UInt8], to output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      _ outputLength: UnsafeMutablePointer<Int>) {
    let buffer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
    bytes.withUnsafeBytes { raw in
        if let base = raw.baseAddress { memcpy(buffer, base, raw.count) }
    }
    buffer[bytes.count] = 0
    output.pointee = buffer
    outputLength.pointee = bytes.count
}
