/// The busted-style vocabulary of policy tests, written in Lua: `describe`, `it`, `pending`,
/// hooks, and `assert` with deep comparison and document-type assertions.
///
/// It is Lua because tests are Lua: failures raise errors at the assertion's caller
/// (`error(msg, level)`), so every failure points at the test file and line.
///
/// A failure message of several lines (`expected:` / `actual:`) is laid out here, from pieces
/// that came from the test file: those pieces are put on one line first (`show`, `oneline`),
/// and the message is remembered, so the runner can tell the framework's own line breaks from
/// an error a test raised itself (`runner.framed`), which reports show on one line.
enum TestFramework {
    /// `test-framework.lua` beside this file, embedded in the binary. Its chunk is named
    /// `uniform.test` (`chunkName`), the name tracebacks show and `TestRunner` filters out.
    static var source: [UInt8] { PackageResources.test_framework_lua }

    /// The chunk name, `=` for a name Lua shows as written (no `[string "…"]`).
    static let chunkName = "=uniform.test"
}
