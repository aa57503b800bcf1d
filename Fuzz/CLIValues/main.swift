// libFuzzer entry point of the `cli-values` harness (CLIValuesHarness.swift beside it), compiled into the ChimeCLI module.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(data, size, CLIValuesHarness.run)
}
