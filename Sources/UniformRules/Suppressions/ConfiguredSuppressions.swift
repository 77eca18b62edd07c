import Foundation
import UniformCore
import UniformLua

/// `suppress = { { rule = "id", file = "App/Info.plist", subject = "com.acme.x", reason = "…" } }`
/// in `.uniform.lua`. `file` is relative to the configuration; it and `subject` may be a `Glob`;
/// `rule` may be a list.
enum ConfiguredSuppressions {
    static func read(_ value: LuaTableRef, directory: String, file: String) throws -> [Suppression] {
        let what = "\(Configuration.displayPath(file)): suppress"
        guard let items = value.arrayValues() else {
            throw LuaArguments.Problem(description: "\(what) must be a list of { rule = …, reason = … } tables")
        }
        return try items.enumerated().map { n, item in
            guard case .table(let t) = item else {
                throw LuaArguments.Problem(
                    description: "\(what)[\(n + 1)] must be a table { rule = …, file = …, subject = …, reason = … }")
            }
            let args = LuaArguments(function: "\(what)[\(n + 1)]", table: t)
            try args.allowOnly(["rule", "file", "subject", "reason"])
            let rules = try args.strings("rule")
            guard !rules.isEmpty else { throw args.fail("'rule' is required (a rule id, see `uniform rules`)") }
            if rules.contains(Suppression.everyRule), try args.string("file") == nil, try args.string("subject") == nil
            {
                throw args.fail(
                    "rule = \"*\" silences every rule: give a 'file' or a 'subject' (e.g. subject = \"com.vendor.*\") to say what it covers"
                )
            }
            let pattern = try args.string("file").map { filePattern($0, directory: directory) }
            return Suppression(
                rules: rules, filePattern: pattern, subject: try args.string("subject"),
                reason: try args.string("reason"),
                location: SourceLocation(file: Configuration.displayPath(file)))
        }
    }

    /// `file` made absolute from the configuration's folder and resolved as findings' files are
    /// (`SuppressionFilter.absolutePath`): its folders up to the first wildcard by `CanonicalPath`,
    /// the rest as written; a path without wildcards names the file as written.
    static func filePattern(_ path: String, directory: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let wild = components.firstIndex(where: { $0.contains("*") || $0.contains("?") }) else {
            return CanonicalPath.ofParent(path, relativeTo: directory)
        }
        let fixed = components[..<wild].joined(separator: "/")
        let folder = CanonicalPath.of(fixed.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : fixed, relativeTo: directory)
        let rest = components[wild...].joined(separator: "/")
        return folder == "/" ? "/" + rest : folder + "/" + rest
    }
}
