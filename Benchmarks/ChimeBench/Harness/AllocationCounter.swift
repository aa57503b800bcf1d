#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts Swift heap allocations through the runtime's instrumentation hook: `swift_allocObject`
/// calls through the function pointer `_swift_allocObject` once it differs from the runtime's own
/// (`CALL_IMPL_CHECK` in HeapObject.cpp). Installed only around `perOperation`, never while timing.
///
/// Counted: every class instance, closure context, box, and array, set or string buffer. Not
/// counted: raw `malloc` (`UnsafeMutablePointer.allocate`, C code); `valgrind --tool=dhat` sees
/// those (README, Profiling).
///
/// Retains and releases are not hooked: on the Swift 6.3 Linux runtime, routing them through the
/// hooks faults on small-string payloads (`_swift_retain_adapterImpl` masks off their tag bits).
/// And because `CALL_IMPL_CHECK` switches that routing on for every retain as soon as the
/// allocation hook is in place, the hook switches it off again on each call.
enum AllocationCounter {
    private typealias AllocObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

    private struct Hook {
        /// `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly` (a `std::atomic<bool>`).
        let swizzling: UnsafeMutablePointer<Bool>
        let allocObject: UnsafeMutablePointer<AllocObject>
    }

    // Single-threaded by construction: the harness counts one body at a time on the main thread.
    nonisolated(unsafe) private static var allocations = 0
    nonisolated(unsafe) private static var original: AllocObject?

    /// `nil` when this runtime does not export the hook.
    nonisolated(unsafe) private static let hook: Hook? = {
        guard let handle = dlopen(nil, RTLD_NOW),
              let swizzling = dlsym(handle, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly"),
              let allocObject = dlsym(handle, "_swift_allocObject")
        else { return nil }
        return Hook(swizzling: swizzling.assumingMemoryBound(to: Bool.self),
                    allocObject: allocObject.assumingMemoryBound(to: AllocObject.self))
    }()

    /// Allocations per operation of `body`, which performs `n` operations: the difference between
    /// running `2k` and `k` operations, divided by `k`, so the harness's own constant traffic cancels.
    static func perOperation(_ body: Scenario.Body, operations k: Int) -> Double? {
        guard let once = count({ _ = body(k) }), let twice = count({ _ = body(2 * k) }) else { return nil }
        return Double(twice - once) / Double(k)
    }

    private static func count(_ body: () -> Void) -> Int? {
        guard let hook else { return nil }
        original = hook.allocObject.pointee
        allocations = 0
        hook.allocObject.pointee = { metadata, size, alignMask in
            AllocationCounter.allocations += 1
            let object = AllocationCounter.original!(metadata, size, alignMask)
            AllocationCounter.hook!.swizzling.pointee = false     // keep retains and releases off the hooks
            return object
        }
        body()
        hook.allocObject.pointee = original!
        hook.swizzling.pointee = false
        original = nil
        return allocations
    }
}
