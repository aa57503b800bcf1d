// libFuzzer entry point of the `cron` harness (Tests/ChimeTests/FuzzHarnesses/CronHarness.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(data, size, CronHarness.run)
}
