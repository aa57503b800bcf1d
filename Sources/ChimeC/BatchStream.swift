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
        /// Responses not read yet.
        var responses: [UInt8] = []
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
            if !state.partial.isEmpty {
                // Complete the pending line first (if this feed ends it).
                guard let newline = bytes.firstIndex(of: 0x0A) else {
                    state.partial.append(contentsOf: bytes)
                    return ChimeStatus.ok
                }
                state.partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[...newline]))
                _ = state.partial.withUnsafeBufferPointer { pooled.processor.respond(toCompleteLinesIn: $0, into: &state.responses) }
                state.partial.removeAll(keepingCapacity: true)
                rest = UnsafeBufferPointer(rebasing: bytes[(newline + 1)...])
            }
            let used = pooled.processor.respond(toCompleteLinesIn: rest, into: &state.responses)
            state.partial.append(contentsOf: UnsafeBufferPointer(rebasing: rest[used...]))
            return ChimeStatus.ok
        }
    }

    /// End of input: the partial line, if any, is a last line.
    func end() -> Int32 {
        state.withLock { state in
            guard let pooled = state.processor else { return ChimeStatus.badConfiguration }
            if !state.partial.isEmpty {
                state.partial.withUnsafeBufferPointer { pooled.processor.respond(toRequestLine: $0, into: &state.responses) }
                state.partial.removeAll(keepingCapacity: true)
            }
            return ChimeStatus.ok
        }
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
