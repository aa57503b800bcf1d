/// Chime's version: what `chime --version` prints and the C ABI's `chime_version()` returns.
package enum ChimeVersion {
    package static let text = "0.1.0"
}
