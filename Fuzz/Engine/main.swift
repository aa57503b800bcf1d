// libFuzzer entry point of the `engine` harness (Tests/ChimeTests/FuzzHarnesses/EngineHarness.swift).
import Foundation      // the reference (libChimeReference.a) uses it: linked through this import

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(data, size, EngineHarness.run)
}
