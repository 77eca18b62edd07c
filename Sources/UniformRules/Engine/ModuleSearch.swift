import Foundation
import UniformCore

/// Where `require("name")` finds `name.lua`: the configuration's `lua_path` patterns, relative
/// to the repository's root, read inside the repository only.
///
/// A module is Lua from whoever wrote the repository (a pull request), like a rule file: its
/// name, the patterns and every link on the way are checked before anything is opened, and a
/// refusal says the same whether or not something exists outside, so a rule cannot probe the
/// runner's disk. With `--policy-from` the modules come from the same revision as the rules.
public struct ModuleSearch: Sendable {
    /// Lua's own default for `package.path`, narrowed to the repository's `rules/` folder.
    public static let defaultPatterns = ["rules/?.lua"]

    /// The repository's root, canonical.
    public var root: String
    /// `lua_path`: each `?` stands for the name, its dots as `/`.
    public var patterns: [String]
    /// The trusted revision modules are read from; nil: the work tree.
    public var policy: PolicySource?

    public init(root: String, patterns: [String] = defaultPatterns, policy: PolicySource? = nil) {
        self.root = CanonicalPath.of(root)
        self.patterns = patterns
        self.policy = policy
    }

    /// A module found: its source, and the name its chunk gets (the path as reports show it).
    public struct Module: Sendable {
        public var chunkName: String
        public var bytes: [UInt8]
        /// The file it was read from (nil when read from a git revision): what `--watch` watches.
        public var path: String? = nil
    }

    /// A module that cannot be read, with the sentence that says why.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The first pattern's file that exists, or why none can be read: a name that is not a
    /// module name, a pattern outside the repository, a link leading out, or nothing found
    /// (listing the repository-relative paths tried).
    public func find(_ name: String) throws(Failure) -> Module {
        guard Self.isModuleName(name) else {
            throw Failure(
                description:
                    "require: '\(ReportText.line(name))' is not a module name: letters, digits, '_' and '-', parts joined by dots (require(\"team.naming\") reads team/naming.lua from lua_path)"
            )
        }
        var tried: [String] = []
        for pattern in patterns {
            let relative = pattern.replacingOccurrences(of: "?", with: name.replacingOccurrences(of: ".", with: "/"))
            let written = RepositoryBoundary.lexical(relative, relativeTo: root)
            guard !pattern.hasPrefix("/"), RepositoryBoundary.contains(written, root: root), written != root else {
                throw Failure(
                    description:
                        "require: lua_path entry '\(ReportText.line(pattern))' leads outside the repository; modules are read only inside it (write it relative to the repository's root, e.g. \"rules/?.lua\")"
                )
            }
            let shown = String(written.dropFirst(root == "/" ? 1 : root.count + 1))
            tried.append(shown)
            if let bytes = try read(shown, at: written) {
                return Module(
                    chunkName: Configuration.displayPath(written), bytes: bytes, path: policy == nil ? written : nil)
            }
        }
        throw Failure(
            description:
                "require: no module '\(name)'\(policy.map { " in \($0.revision)" } ?? ""); tried \(tried.joined(separator: ", "))\(nearest(to: name).map { "; did you mean '\($0)'?" } ?? " (lua_path in .uniform.lua lists where modules are looked for)")"
        )
    }

    /// The module name closest to a missing one, among the files beside where it was looked
    /// for (folders inside the repository only; not for a revision, whose files may differ).
    private func nearest(to name: String) -> String? {
        guard policy == nil else { return nil }
        let path = name.replacingOccurrences(of: ".", with: "/")
        let prefix = name.lastIndex(of: ".").map { String(name[...$0]) } ?? ""
        var names: [String] = []
        for pattern in patterns {
            let file = ProjectPath.lastComponent(pattern)
            guard let mark = file.firstIndex(of: "?") else { continue }
            let before = String(file[..<mark])
            let after = String(file[file.index(after: mark)...])
            let relative = ProjectPath.directory(of: pattern.replacingOccurrences(of: "?", with: path))
            let folder = RepositoryBoundary.lexical(relative, relativeTo: root)
            guard RepositoryBoundary.contains(CanonicalPath.of(folder), root: root) else { continue }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where entry.count > before.count + after.count && entry.hasPrefix(before) && entry.hasSuffix(after) {
                names.append(prefix + String(entry.dropFirst(before.count).dropLast(after.count)))
            }
        }
        let best = names.sorted().min { EditDistance.between(name, $0) < EditDistance.between(name, $1) }
        return best.flatMap { EditDistance.between(name, $0) <= 3 ? $0 : nil }
    }

    /// The file's bytes; nil when there is none. A link anywhere on the way that leads out of
    /// the repository — or to nothing, which would otherwise tell an outside file's absence
    /// from its presence — is refused.
    private func read(_ relative: String, at path: String) throws(Failure) -> [UInt8]? {
        if let policy {
            do { return try policy.contents(of: path).map { [UInt8]($0) } } catch {
                throw Failure(description: "require: \(relative): \(error.description)")
            }
        }
        var prefix = root
        for component in relative.split(separator: "/") {
            prefix += (prefix == "/" ? "" : "/") + component
            var info = stat()
            guard lstat(prefix, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            guard let resolved = realpath(prefix, nil) else { throw linksOut(relative) }
            defer { free(resolved) }
            guard RepositoryBoundary.contains(String(cString: resolved), root: root) else { throw linksOut(relative) }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "require: \(relative) cannot be read")
        }
        return [UInt8](data)
    }

    private func linksOut(_ relative: String) -> Failure {
        Failure(
            description:
                "require: \(relative) is a link that leads outside the repository (or to nothing); modules are read only inside it"
        )
    }

    /// `team.naming`, `vendor-rules.apps`: what a name may be, so that no name can climb out
    /// of a pattern's folder (`..`) or start from the root (`/`).
    static func isModuleName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
                    }
            }
    }
}
