import Foundation

/// An Xcode workspace: the projects its `contents.xcworkspacedata` lists.
///
/// The file is a small XML document of `<Group>` and `<FileRef>` elements whose `location`
/// says where a member is: `group:` relative to the enclosing groups (the workspace's folder
/// at the top), `container:` relative to the workspace's folder, `absolute:` as written,
/// `self:` the project a workspace is embedded in. Only `.xcodeproj` members matter here; a
/// listed project that is absent (a git submodule not checked out) is reported, not fatal.
public struct XcodeWorkspace: Sendable {
    /// The `.xcworkspace` folder.
    public var path: String
    public var file: String
    /// The projects it lists, as paths, each with the line that lists it.
    public var projects: [(path: String, location: SourceLocation)]

    /// With a `boundary`, a `contents.xcworkspacedata` that resolves outside it is refused
    /// before it is opened.
    public static func load(_ path: String, boundary: String? = nil) throws(ProjectError) -> XcodeWorkspace {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let file = ProjectPath.join(trimmed, "contents.xcworkspacedata")
        if let boundary, !RepositoryBoundary.contains(CanonicalPath.of(file), root: CanonicalPath.of(boundary)) {
            throw ProjectError(
                location: SourceLocation(file: file),
                message: "the workspace file links outside the repository; it is not read")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ProjectError(
                location: SourceLocation(file: file),
                message: "cannot read the workspace (does it exist, and is it readable?)")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: trimmed, file: file)
    }

    static func parse(_ text: String, path: String, file: String) throws(ProjectError) -> XcodeWorkspace {
        let container = ProjectPath.directory(of: path)
        var groups: [String] = [container]
        var projects: [(String, SourceLocation)] = []
        let scalars = Array(text.utf8)
        var i = 0, line = 1
        while i < scalars.count {
            let c = scalars[i]
            if c == UInt8(ascii: "\n") {
                line += 1
                i += 1
                continue
            }
            guard c == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            let start = i, startLine = line
            var j = i + 1
            var quote: UInt8? = nil
            while j < scalars.count {
                let d = scalars[j]
                if d == UInt8(ascii: "\n") { line += 1 }
                if let q = quote {
                    if d == q { quote = nil }
                } else if d == UInt8(ascii: "\"") || d == UInt8(ascii: "'") {
                    quote = d
                } else if d == UInt8(ascii: ">") {
                    break
                }
                j += 1
            }
            guard j < scalars.count else {
                throw ProjectError(
                    location: SourceLocation(file: file, line: startLine),
                    message: "unterminated element in the workspace")
            }
            let tag = String(decoding: scalars[(start + 1)..<j], as: UTF8.self)
            i = j + 1
            let location = SourceLocation(file: file, line: startLine)
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group"), isFileRef = tag.hasPrefix("FileRef")
            guard isGroup || isFileRef else { continue }
            let selfClosing = tag.hasSuffix("/")
            let resolved = attribute("location", in: tag).flatMap {
                resolve($0, base: groups.last ?? container, container: container)
            }
            if isGroup {
                if !selfClosing { groups.append(resolved ?? groups.last ?? container) }
            } else if let resolved, resolved.hasSuffix(".xcodeproj") {
                projects.append((resolved, location))
            }
        }
        return XcodeWorkspace(path: path, file: file, projects: projects)
    }

    private static func resolve(_ location: String, base: String, container: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon], rest = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return rest.isEmpty ? base : ProjectPath.join(base, rest)
        case "container": return rest.isEmpty ? container : ProjectPath.join(container, rest)
        case "absolute": return ProjectPath.normalize(rest)
        default: return nil
        }
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + " = \"") ?? tag.range(of: name + "=\"") else { return nil }
        let rest = tag[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
            of: "&quot;", with: "\""
        )
        .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
            of: "&gt;", with: ">")
    }
}
