import ArgumentParser
import Foundation

/// Values offered by shell completion, written for the shell asking.
///
/// zsh's completion script hands list values to `_describe`, which reads `value:description`:
/// an unescaped colon ends the value, so `cobertura:` was offered and inserted as `cobertura`,
/// which `--coverage-format` refuses. `_describe` takes `\:` for a literal colon (zshcompsys(1),
/// "_describe"); swift-argument-parser escapes colons in option specs but not in list values, so
/// they are escaped here, only while a zsh script is generated (`CompletionShell.requesting`).
/// bash and fish take the values as they are.
enum CompletionValues {
    static func list(_ values: [String]) -> CompletionKind {
        .list(values.map { escaped($0, for: CompletionShell.requesting) })
    }

    static func escaped(_ value: String, for shell: CompletionShell?) -> String {
        guard shell == .zsh else { return value }
        return value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }
}
