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
        /// The lines, fed in pieces.
        var framer = LineFramer()
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

    /// Answers the lines `bytes` completes; keeps what follows the last `\n`.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        state.withLock { state in
            guard let pooled = state.processor else { return ChimeStatus.badConfiguration }
            var responses: [UInt8] = []
            swap(&responses, &state.responses)   // the framer and the answers are both parts of `state`
            state.framer.feed(bytes) { pooled.processor.respond(to: $0, into: &responses) }
            swap(&responses, &state.responses)
            return ChimeStatus.ok
        }
    }

    /// End of input: a line left without `\n` is a last line.
    func end() -> Int32 {
        state.withLock { state in
            guard let pooled = state.processor else { return ChimeStatus.badConfiguration }
            var responses: [UInt8] = []
            swap(&responses, &state.responses)
            state.framer.finish { pooled.processor.respond(to: $0, into: &responses) }
            swap(&responses, &state.responses)
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
