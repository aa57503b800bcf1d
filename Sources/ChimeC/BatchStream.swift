import ChimeBatch
import Synchronization

/// A `chime_batch_stream`: request bytes fed in pieces, responses kept until read. The lock
/// serializes the calls made on one stream.
final class BatchStream: Sendable {
    private struct State {
        /// nil when the configuration failed: every feed then reports it.
        var processor: BatchEngine.Processor?
        /// The bad configuration's error line, until read once.
        var failure: [UInt8]?
        /// A line begun in an earlier feed, without its `\n` yet.
        var partial: [UInt8] = []
        /// The length so far of a line too long to hold (`BatchProcessor.maximumLineLength`),
        /// skipped up to its `\n`, and whether its last byte is a `\r` (not counted if the `\n`
        /// follows); nil when none.
        var overlong: (length: Int, endsWithCR: Bool)?
        /// Responses not read yet.
        var responses: [UInt8] = []

        /// Holds the start of a line (a `\r` may still end it); past the longest line it drops the
        /// bytes and counts them instead.
        mutating func keepPartial(_ bytes: UnsafeBufferPointer<UInt8>) {
            if partial.count + bytes.count > BatchProcessor.maximumLineLength + 1 {
                overlong = (partial.count + bytes.count, (bytes.last ?? partial.last) == 0x0D)
                partial = []
            } else {
                partial.append(contentsOf: bytes)
            }
        }
    }

    private let state: Mutex<State>

    init(_ configuration: Result<BatchEngine.Configuration, BatchEngine.Failure>) {
        switch configuration {
        case .success(let configuration):
            state = Mutex(State(processor: BatchEngine.acquire(configuration)))
        case .failure(let failure):
            var line: [UInt8] = []
            if case .badConfiguration(let text) = failure { line = text + [0x0A] }
            state = Mutex(State(processor: nil, failure: line))
        }
    }

    deinit {
        state.withLock { state in
            if let processor = state.processor { BatchEngine.release(processor) }
            state.processor = nil
        }
    }

    /// Answers the complete lines of `partial` + `bytes`; keeps what follows the last `\n`.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        state.withLock { state in
            guard let pooled = state.processor else { return ChimeStatus.badConfiguration }
            var rest = bytes
            if let skipped = state.overlong {
                // Inside a line too long to hold: skip to its end, then report it.
                guard let newline = bytes.firstIndex(of: 0x0A) else {
                    state.overlong = (skipped.length + bytes.count, bytes.last.map { $0 == 0x0D } ?? skipped.endsWithCR)
                    return ChimeStatus.ok
                }
                let cr = newline > 0 ? bytes[newline - 1] == 0x0D : skipped.endsWithCR
                Self.reportOverlong(skipped.length + newline - (cr ? 1 : 0), into: &state.responses)
                state.overlong = nil
                rest = UnsafeBufferPointer(rebasing: bytes[(newline + 1)...])
            } else if !state.partial.isEmpty {
                // Complete the pending line first (if this feed ends it).
                guard let newline = bytes.firstIndex(of: 0x0A) else {
                    state.keepPartial(bytes)
                    return ChimeStatus.ok
                }
                state.partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[...newline]))
                _ = state.partial.withUnsafeBufferPointer { pooled.processor.respond(toCompleteLinesIn: $0, into: &state.responses) }
                state.partial.removeAll(keepingCapacity: true)
                rest = UnsafeBufferPointer(rebasing: bytes[(newline + 1)...])
            }
            let used = pooled.processor.respond(toCompleteLinesIn: rest, into: &state.responses)
            state.keepPartial(UnsafeBufferPointer(rebasing: rest[used...]))
            return ChimeStatus.ok
        }
    }

    /// End of input: the partial line, if any, is a last line.
    func end() -> Int32 {
        state.withLock { state in
            guard let pooled = state.processor else { return ChimeStatus.badConfiguration }
            if let skipped = state.overlong {
                Self.reportOverlong(skipped.length, into: &state.responses)
                state.overlong = nil
            } else if !state.partial.isEmpty {
                state.partial.withUnsafeBufferPointer { pooled.processor.respond(toRequestLine: $0, into: &state.responses) }
                state.partial.removeAll(keepingCapacity: true)
            }
            return ChimeStatus.ok
        }
    }

    private static func reportOverlong(_ length: Int, into responses: inout [UInt8]) {
        responses += BatchProcessor.lineTooLongResponse(length: length).utf8
        responses.append(0x0A)
    }

    /// The responses so far (and a bad configuration's error line, once), taken out.
    func take() -> [UInt8] {
        state.withLock { state in
            var taken: [UInt8] = state.failure ?? []
            state.failure = nil
            if taken.isEmpty {
                swap(&taken, &state.responses)
            } else {
                taken += state.responses
                state.responses.removeAll()
            }
            return taken
        }
    }
}
