// libFuzzer entry point of the `oncalendar` harness (Tests/ChimeTests/FuzzHarnesses/OnCalendarHarness.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(data, size, OnCalendarHarness.run)
}
