import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work spread over the machine's cores in numbered pieces: the pending set's next fires and
/// counts (`PendingColumns`), and the shell's reading of a pending file's lines.
package enum ParallelWork {
    /// Every online core.
    package static var processors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Piece `piece` of `0..<count` cut into `pieces` contiguous ranges of about equal size.
    package static func piece(_ piece: Int, of pieces: Int, in count: Int) -> Range<Int> {
        (count * piece / pieces)..<(count * (piece + 1) / pieces)
    }

    /// Runs `body` for pieces 0..<count: on the calling thread for one piece or one worker, else
    /// through `DispatchQueue.concurrentPerform` (which uses every core it may). Each piece must
    /// touch only its own outputs.
    package static func forEach(_ count: Int, workers: Int, _ body: (Int) -> Void) {
        if count <= 1 || workers <= 1 {
            for c in 0..<count { body(c) }
        } else {
            withoutActuallyEscaping(body) { body in
                let task = UncheckedBody(body: body)
                DispatchQueue.concurrentPerform(iterations: count) { c in task.body(c) }
            }
        }
    }

    /// `concurrentPerform` wants a Sendable closure; each piece touches only its own outputs.
    private struct UncheckedBody: @unchecked Sendable {
        let body: (Int) -> Void
    }
}
