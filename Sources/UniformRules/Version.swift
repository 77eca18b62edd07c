/// The tool's version: the one place it is written. `uniform --version`, `uniform.version` in
/// rules, the SARIF driver, the REPL banner and `scripts/release.sh` (which names the tarball
/// and the Homebrew formula after the built binary's `--version`) all read it from here.
public enum UniformVersion {
    public static let current = "0.2.0"
}
