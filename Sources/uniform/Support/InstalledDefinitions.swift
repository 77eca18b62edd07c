import Foundation
import UniformRules

/// The LuaLS definitions installed with this binary: `PREFIX/share/uniform/lua` beside
/// `PREFIX/bin/uniform` (the release tarball's layout). The binary's path as run comes first,
/// so Homebrew's linked `/opt/homebrew/bin/uniform` names `/opt/homebrew/share/…` rather than
/// the versioned keg a resolved link leads to; then the resolved path.
enum InstalledDefinitions {
    static var folder: String? {
        var executables: [URL] = []
        if let invoked = CommandLine.arguments.first, invoked.contains("/") {
            executables.append(URL(fileURLWithPath: invoked))
        }
        if let path = Bundle.main.executablePath { executables.append(URL(fileURLWithPath: path)) }
        for executable in executables + executables.map({ $0.resolvingSymlinksInPath() }) {
            let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
            let folder = prefix.appendingPathComponent(EditorFiles.definitionsFolder).standardizedFileURL
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("uniform.d.lua").path) {
                return folder.path
            }
        }
        return nil
    }
}
