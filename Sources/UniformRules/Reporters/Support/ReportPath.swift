/// Paths as CI systems want them: relative to the checkout.
///
/// SARIF and GitHub annotations attach to files by repository-relative path; an absolute
/// path under the base directory is made relative, anything else is left alone.
enum ReportPath {
    static func relative(_ file: String, to base: String?) -> String {
        guard let base, file.hasPrefix("/") else { return file }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    static func isAbsolute(_ file: String) -> Bool { file.hasPrefix("/") }
}
