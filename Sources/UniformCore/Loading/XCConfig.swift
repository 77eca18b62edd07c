import Foundation

/// An Xcode `.xcconfig` file and the files it includes, as the assignments a level of
/// `SettingsStack` evaluates: the one settings resolver for every route (a project's base
/// configurations, `--xcconfig`, the configuration's `xcconfig`).
///
/// The syntax is Xcode's: `KEY = value`; `//` starts a comment anywhere (which is why Xcode
/// users write URLs as `https:/$()/host`); `#include "other.xcconfig"` (relative to the
/// including file; a missing file is a warning) and `#include? "…"` (silently optional);
/// conditional settings (`KEY[sdk=iphoneos*]`, `KEY[config=Release]`). Values are kept raw:
/// `$(inherited)`, references and conditions are the stack's to evaluate.
///
/// Reading is bounded by construction: nothing outside `boundary` is opened (a project under
/// review must not make the tool read `/etc/passwd` or `/proc/self/environ` into a finding);
/// each file is read from disk once per load however often it is included; a file larger than
/// `maxFileBytes` is not read, and a load stops taking assignments at `maxAssignments` (an
/// include diamond — each file including the next twice — is 2^31 inclusions at 31 files).
public struct XCConfig: Sendable {
    /// Skipped includes, lines that are not settings, cut loads.
    public private(set) var findings: [Finding] = []
    /// Every assignment in file order, includes inlined where they stand, conditional ones
    /// too, values raw: what a level of `SettingsStack` evaluates.
    public private(set) var assignments: [SettingAssignment] = []
    /// Files named by `#include` that were not read (missing, or outside `boundary`).
    public private(set) var unreadIncludes: [(name: String, location: SourceLocation)] = []
    /// Where includes may be read from (canonical); nil reads anywhere (a text parsed alone).
    var boundary: String?
    /// Texts already read in this load, by canonical path.
    private var texts: [String: String?] = [:]
    private var cut = false
    private var inclusions = 0
    private var reportedDepth = false

    /// Deeper include chains are reported and cut: real projects nest three or four levels.
    static let maxIncludeDepth = 32
    /// Real xcconfig files are a few kilobytes; the largest seen in the shared repositories is
    /// under 20 KB.
    public static let maxFileBytes = 4 << 20
    /// Assignments one load may produce, includes inlined.
    public static let maxAssignments = 10_000
    /// `#include`s one load follows (a diamond of files that hold nothing but includes).
    public static let maxInclusions = 10_000

    public init() {}

    /// Reads a file and its includes, nothing outside `boundary` (a canonical or plain folder
    /// path; nil reads anywhere). A top-level file that cannot be read, or that lies outside
    /// the boundary, is an error naming it.
    public static func load(_ path: String, boundary: String? = nil) throws(XCConfigError) -> XCConfig {
        var config = XCConfig()
        config.boundary = boundary.map { CanonicalPath.of($0) }
        let key = CanonicalPath.of(path)
        if let root = config.boundary, !RepositoryBoundary.contains(key, root: root) {
            throw XCConfigError(
                file: path, message: "the .xcconfig file is outside the repository (or links there); it is not read")
        }
        guard let text = config.read(key) else {
            throw XCConfigError(
                file: path,
                message:
                    "cannot read the .xcconfig file (does it exist, is it readable, and under \(maxFileBytes >> 20) MB?)"
            )
        }
        config.parse(text, file: path, stack: [key])
        return config
    }

    /// Parses text as if it were the file `file` (includes resolve relative to it).
    public static func parse(_ text: String, file: String) -> XCConfig {
        var config = XCConfig()
        config.parse(text, file: file, stack: [CanonicalPath.of(file)])
        return config
    }

    /// Parses text as if it were the file `file`, reading includes only inside `boundary`.
    public static func parse(_ text: String, file: String, boundary: String) -> XCConfig {
        var config = XCConfig()
        config.boundary = CanonicalPath.of(boundary)
        config.parse(text, file: file, stack: [CanonicalPath.of(file)])
        return config
    }

    private mutating func parse(_ text: String, file: String, stack: [String]) {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !cut else { return }
            let lineNumber = index + 1
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            guard !trimmed.isEmpty else { continue }
            let location = SourceLocation(file: file, line: lineNumber, column: 1)
            if trimmed.hasPrefix("#") {
                include(trimmed, from: file, at: location, stack: stack)
            } else {
                assign(trimmed, at: location)
            }
        }
    }

    private mutating func include(_ directive: String, from file: String, at location: SourceLocation, stack: [String])
    {
        let optional: Bool
        let rest: Substring
        if directive.hasPrefix("#include?") {
            optional = true
            rest = directive.dropFirst("#include?".count)
        } else if directive.hasPrefix("#include") {
            optional = false
            rest = directive.dropFirst("#include".count)
        } else {
            report(
                .xcconfigSyntax,
                "unknown directive '\(directive)'; only #include and #include? exist in .xcconfig files", at: location)
            return
        }
        let quoted = rest.trimmingCharacters(in: .whitespaces)
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
            report(
                .xcconfigSyntax, "expected #include \"file.xcconfig\", found '\(directive)'", at: location)
            return
        }
        let name = String(quoted.dropFirst().dropLast())
        let target = name.hasPrefix("/") ? name : ProjectPath.join(ProjectPath.directory(of: file), name)
        let key = CanonicalPath.of(target)
        if stack.contains(key) {
            report(
                .xcconfigIncludeCycle,
                "#include \"\(name)\" includes a file that is already being read; the cycle is cut here", at: location,
                subject: name)
            return
        }
        guard stack.count < Self.maxIncludeDepth else {
            // Once per load: a diamond meets the limit thousands of times.
            if !reportedDepth {
                reportedDepth = true
                report(
                    .xcconfigIncludeCycle,
                    "#include \"\(name)\" is nested more than \(Self.maxIncludeDepth) levels deep; it and every include that deep are not read",
                    at: location, subject: name)
            }
            return
        }
        inclusions += 1
        guard inclusions <= Self.maxInclusions else {
            cut = true
            report(
                .xcconfigTooLarge,
                "more than \(Self.maxInclusions) #include directives followed in one load; the rest is not read",
                at: location, subject: name)
            return
        }
        if let boundary, !RepositoryBoundary.contains(key, root: boundary) {
            unreadIncludes.append((name, location))
            report(
                .xcconfigIncludeOutside, variant: optional,
                "#include\(optional ? "?" : "") \"\(name)\" names a file outside the repository; it is not read and its settings are not applied",
                at: location, subject: name)
            return
        }
        guard let text = read(key) else {
            unreadIncludes.append((name, location))
            if !optional {
                let pods = CocoaPods.writes(target)
                report(
                    .xcconfigMissingInclude, variant: pods,
                    "#include \"\(name)\": cannot read \(target); its settings are not applied"
                        + (pods
                            ? " (CocoaPods writes it: run pod install first)"
                            : " (use #include? for an optional file)"),
                    at: location, subject: name)
            }
            return
        }
        parse(text, file: target, stack: stack + [key])
    }

    private mutating func assign(_ line: String, at location: SourceLocation) {
        // `KEY[sdk=iphoneos*] = value`: the `=` that assigns is the first outside the brackets
        // of the conditions (a value may hold brackets too: `FLAGS = a[b]`).
        var depth = 0
        let equals = line.firstIndex { c in
            if c == "[" { depth += 1 } else if c == "]" { depth = max(0, depth - 1) }
            return c == "=" && depth == 0
        }
        guard let equals else {
            report(
                .xcconfigSyntax, "expected KEY = value, found '\(line)'; the line is ignored", at: location)
            return
        }
        let left = line[..<equals].trimmingCharacters(in: .whitespaces)
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        // Xcode accepts a `;` at the end of a line (`SDKROOT = iphoneos;`) and drops it.
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard let parsed = SettingAssignment.parseKey(left) else {
            report(.xcconfigSyntax, "'\(left)' is not a setting name; the line is ignored", at: location)
            return
        }
        guard assignments.count < Self.maxAssignments else {
            cut = true
            report(
                .xcconfigTooLarge,
                "more than \(Self.maxAssignments) settings once includes are inlined; the rest is not read",
                at: location)
            return
        }
        assignments.append(
            SettingAssignment(name: parsed.name, conditions: parsed.conditions, value: value, location: location))
    }

    private mutating func report(
        _ rule: RuleDescription, variant: Bool = false, _ message: String, at location: SourceLocation,
        subject: String? = nil
    ) {
        findings.append(Finding(rule, variant: variant, message: message, location: location, subject: subject))
    }

    /// The text of a file by canonical path, read once per load; nil when it cannot be read
    /// or is larger than `maxFileBytes` (checked before reading: `/dev/zero` is a file too).
    private mutating func read(_ canonical: String) -> String? {
        if let known = texts[canonical] { return known }
        var text: String?
        if let attributes = try? FileManager.default.attributesOfItem(atPath: canonical),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= Self.maxFileBytes,
            let data = FileManager.default.contents(atPath: canonical)
        {
            text = String(decoding: data.prefix(Self.maxFileBytes), as: UTF8.self)
        }
        texts[canonical] = .some(text)
        return text
    }
}
