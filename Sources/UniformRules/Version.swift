/// The tool's version: the one place it is written. `uniform --version`, `uniform.version` in
/// rules, the SARIF driver and the REPL banner read it; `scripts/release.sh` names the tarball
/// after the built binary's `--version` and reads this line for the Homebrew formula.
public enum UniformVersion {
    public static let current = "0.2.0"
}
