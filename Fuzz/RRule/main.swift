// libFuzzer entry point of the `rrule` harness (Tests/ChimeTests/FuzzHarnesses/RRuleHarness.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(data, size, RRuleHarness.run)
}
