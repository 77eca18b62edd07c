import Foundation
import UniformCore
import UniformRules

/// The LuaLS definitions installed with this binary: `PREFIX/share/uniform/lua` beside
/// `PREFIX/bin/uniform` (the release tarball's layout). The binary's path as run comes first,
/// so Homebrew's linked `/opt/homebrew/bin/uniform` names `/opt/homebrew/share/…` rather than
/// the versioned keg a resolved link leads to; then the resolved path.
///
/// The folder the binary was run from is resolved as the kernel resolved it (`CanonicalPath`,
/// so `bin/../bin/uniform` is in `bin`), the binary and the `share` folder are not: a link
/// there is named, not followed.
enum InstalledDefinitions {
    static var folder: String? {
        var executables: [String] = []
        if let invoked = CommandLine.arguments.first, invoked.contains("/") { executables.append(invoked) }
        if let path = Bundle.main.executablePath { executables.append(path) }
        for executable in executables.map({ CanonicalPath.ofParent($0) }) + executables.map({ CanonicalPath.of($0) }) {
            let prefix = ProjectPath.directory(of: ProjectPath.directory(of: executable))
            let folder = ProjectPath.join(prefix, EditorFiles.definitionsFolder)
            if FileManager.default.fileExists(atPath: ProjectPath.join(folder, "uniform.d.lua")) { return folder }
        }
        return nil
    }
}
