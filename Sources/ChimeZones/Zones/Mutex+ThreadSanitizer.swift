import Synchronization

#if CHIME_TSAN
// ThreadSanitizer's own annotations (compiler-rt's tsan_interface.h), linked in by
// `--sanitize=thread`: an acquire and a release of a synchronization object at an address.
@usableFromInline @_silgen_name("__tsan_acquire") package func tsanAcquire(_ address: UnsafeMutableRawPointer)
@usableFromInline @_silgen_name("__tsan_release") package func tsanRelease(_ address: UnsafeMutableRawPointer)
#endif

extension Mutex {
    /// `withLock`, which ThreadSanitizer can follow.
    ///
    /// On Linux a contended `Mutex` is taken and handed over by the kernel (a priority-inheritance
    /// futex) or by atomics inside the prebuilt, uninstrumented Synchronization library, so
    /// ThreadSanitizer sees no order between two threads' critical sections and reports every
    /// access to the guarded value as a race (false positives, one per contended lock). Built
    /// for ThreadSanitizer (`CHIME_TSAN=1`, which defines `CHIME_TSAN`: .ci/run), this tells
    /// TSan about the acquire and the release at the mutex's address; otherwise it is
    /// `withLock` itself, the same code.
    ///
    /// Inlinable, so that a caller in another module gets it specialized; such a module is built
    /// with `sanitizerSettings` too (Package.swift), or its calls would not tell TSan.
    @inlinable @inline(__always)
    package borrowing func locked<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
#if CHIME_TSAN
        // The mutex's own address (a `Mutex` always lives in memory: its storage is raw-layout),
        // taken without touching the value: the first access to it must come after the acquire.
        let address = withUnsafePointer(to: self) { UnsafeMutableRawPointer(mutating: $0) }
        return try withLock { (value: inout sending Value) throws(E) -> sending Result in
            tsanAcquire(address)
            defer { tsanRelease(address) }
            return try body(&value)
        }
#else
        try withLock(body)
#endif
    }
}
