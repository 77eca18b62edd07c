import Foundation
import UniformCore

/// Paths as CI systems want them: relative to the checkout.
///
/// SARIF and GitHub annotations attach to files by repository-relative path. A finding's path
/// is relative to the directory the run started in (or absolute); it is made absolute from
/// there and then relative to the base (the repository), so a run from a subfolder names the
/// same file the same way, never as `./…`. Paths outside the base, and names that are not
/// paths (`<system catalog>`), are left alone.
enum ReportPath {
    static func relative(_ file: String, to base: String?, from workingDirectory: String? = nil) -> String {
        guard let base, !file.hasPrefix("<") else { return file }
        var absolute = file
        if !file.hasPrefix("/") {
            guard let workingDirectory else { return file.hasPrefix("./") ? String(file.dropFirst(2)) : file }
            absolute = (workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/") + file
        }
        // Both sides resolved alike: on macOS one may say /var/… and the other /private/var/….
        absolute = CanonicalPath.ofParent(absolute)
        let root = CanonicalPath.of(base)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        return file.hasPrefix("./") ? String(file.dropFirst(2)) : file
    }

    static func isAbsolute(_ file: String) -> Bool { file.hasPrefix("/") }
}
