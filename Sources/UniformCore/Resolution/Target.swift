import Foundation

/// What a command-line TARGET names (docs/SPEC.md §3): a leading `.` is an extension; `dyn.…` or a
/// declared identifier is a UTI; `x/y` that is not an existing file is a MIME type; a name
/// ending in `/` or an existing directory is a directory; anything else is a file name or path.
/// `uti:`, `mime:`, `ext:`, `file:` and `dir:` force a reading. Files and directories are typed
/// differently on macOS (docs/SPEC.md §2): a flat `.plugin` file is not a plug-in bundle.
public enum Target: Sendable, Hashable, CustomStringConvertible {
    case uti(String)
    case fileExtension(String)
    case mimeType(String)
    case file(String)
    /// A folder or bundle (`dir:Foo.app`, `Foo.app/`, or a directory that exists).
    case directory(String)
    /// A tag of another class (OSType, pasteboard type), from the Lua API.
    case tag(tagClass: String, tag: String)

    public static func parse(
        _ text: String, graph: TypeGraph, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
        isDirectory: (String) -> Bool = Target.existingDirectory
    ) -> Target {
        for (prefix, make) in [
            ("uti:", Target.uti), ("mime:", Target.mimeType), ("ext:", Target.fileExtension), ("file:", Target.file),
            ("dir:", Target.directoryNamed),
        ] as [(String, (String) -> Target)] {
            if text.hasPrefix(prefix) {
                var rest = String(text.dropFirst(prefix.count))
                if prefix == "ext:", rest.hasPrefix(".") { rest.removeFirst() }
                return make(rest)
            }
        }
        if text.hasPrefix("."), text.count > 1 { return .fileExtension(String(text.dropFirst())) }
        if DynamicIdentifier.isDynamic(text) || graph.id(of: text).map(graph.isDeclared) == true { return .uti(text) }
        if text.contains("/"), !fileExists(text), isMIMEShaped(text) { return .mimeType(text) }
        if text.count > 1, text.hasSuffix("/") || isDirectory(text) { return directoryNamed(text) }
        return .file(text)
    }

    /// A directory target, its trailing slashes dropped (`Foo.app/` names `Foo.app`).
    static func directoryNamed(_ text: String) -> Target {
        var name = Substring(text)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        return .directory(String(name))
    }

    public static func existingDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether the target names a folder or bundle rather than a flat file.
    public var isDirectory: Bool {
        if case .directory = self { return true }
        return false
    }

    /// Why a command-line target cannot be answered, or nil: a `dir:` target naming an existing
    /// file, or a `dyn.` identifier no system could have produced (it would otherwise be
    /// answered as an undeclared type, which hides the typo).
    public static func inputError(
        for text: String, target: Target,
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
        isDirectory: (String) -> Bool = Target.existingDirectory
    ) -> String? {
        switch target {
        case .directory(let name) where fileExists(name) && !isDirectory(name):
            return "\(text): \(name) is a file, not a folder (ask about \(name) to type the file)"
        case .uti(let identifier)
        where DynamicIdentifier.isDynamic(identifier) && DynamicIdentifier(decoding: identifier) == nil:
            return
                "\(text): not a dynamic identifier a system could produce (dyn.a followed by letters of abcdefghkmnpqrstuvwxyz0123456789 that decode to a tag payload)"
        default:
            return nil
        }
    }

    /// A hint when a target that reads like a type identifier (`net.daringfireball.markdown`)
    /// was taken as a file name because no such type is declared: the answer is then about a
    /// file with the extension after the last dot, which surprises whoever meant the identifier.
    public static func readingHint(for text: String, target: Target, graph: TypeGraph) -> String? {
        guard case .file(let name) = target, !name.contains("/"), !name.contains(" "),
            let ext = fileExtension(of: name)
        else { return nil }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        // Two labels are enough under `public.`, Apple's own domain (`public.iso-image`).
        let root = labels[0].lowercased()
        guard labels.count >= 3 || (root == "public" && labels.count == 2), labels.allSatisfy({ !$0.isEmpty }),
            identifierRoots.contains(root)
        else { return nil }
        return
            "'\(text)' is read as a file name with the extension '\(ext)': no type with that identifier is declared here (write uti:\(text) to ask about the identifier itself)"
    }

    /// First labels of reverse-DNS identifiers, as in real manifests.
    private static let identifierRoots: Set<String> = [
        "com", "org", "net", "io", "public", "co", "de", "uk", "jp", "fr", "app", "dev", "edu", "me", "info",
    ]

    private static func isMIMEShaped(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !text.contains(" ")
    }

    /// The tag a query carries (`.pdb` → extension `pdb`), if any.
    public var tag: (tagClass: String, tag: String)? {
        switch self {
        case .uti: nil
        case .fileExtension(let e): (TagClass.filenameExtension, e)
        case .mimeType(let m): (TagClass.mimeType, m)
        case .file(let name), .directory(let name):
            Self.fileExtension(of: name).map { (TagClass.filenameExtension, $0) }
        case .tag(let c, let t): (c, t)
        }
    }

    /// Only the text after the last dot of the last path component is an extension.
    public static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex || name.count > 1 else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty || dot == name.startIndex ? nil : String(ext)
    }

    public var description: String {
        switch self {
        case .uti(let u): u
        case .fileExtension(let e): ".\(e)"
        case .mimeType(let m): m
        case .file(let f): f
        case .directory(let d): d + "/"
        case .tag(let c, let t): "\(c)=\(t)"
        }
    }

    /// The kind of target, as JSON names it.
    public var kind: String {
        switch self {
        case .uti: "uti"
        case .fileExtension: "extension"
        case .mimeType: "mime"
        case .file: "file"
        case .directory: "directory"
        case .tag: "tag"
        }
    }
}
