import Foundation

/// Build settings from an Xcode `.xcconfig` file and the files it includes, so placeholders in
/// Info.plist templates resolve to what a real build would put there.
///
/// The syntax is Xcode's: `KEY = value`; `//` starts a comment anywhere (which is why Xcode
/// users write URLs as `https:/$()/host`); `#include "other.xcconfig"` (relative to the
/// including file; a missing file is a warning) and `#include? "…"` (silently optional);
/// `$(inherited)` is the value assigned before. Conditional settings (`KEY[sdk=iphoneos*]`,
/// `KEY[config=Release]`) depend on a build this tool does not perform: the unconditional
/// value is taken and each skipped condition is reported as a note.
///
/// Values are kept raw; `BuildSettings` expands references late, as Xcode does, so a value may
/// name a setting assigned further down or in another file.
public struct XCConfig: Sendable {
    /// Unconditional settings, raw, the last assignment winning.
    public private(set) var settings: [String: String] = [:]
    /// Where each setting was last assigned.
    public private(set) var locations: [String: SourceLocation] = [:]
    /// Skipped conditions, missing includes, lines that are not settings.
    public private(set) var findings: [Finding] = []
    /// Every assignment in file order, includes inlined where they stand, conditional ones
    /// too, values raw: what an Xcode project's settings stack evaluates (`SettingsStack`).
    public private(set) var assignments: [SettingAssignment] = []
    /// Files named by `#include` that were not read (missing, or outside `boundary`).
    public private(set) var unreadIncludes: [(name: String, location: SourceLocation)] = []
    /// Where includes may be read from: a file outside this folder is not read (a project
    /// under review must not make the tool read `/etc/passwd` into a finding).
    var boundary: String?

    public init() {}

    /// Reads a file and its includes. A top-level file that cannot be read is an error.
    public static func load(_ path: String, boundary: String? = nil) throws(XCConfigError) -> XCConfig {
        guard let text = readText(path) else {
            throw XCConfigError(
                file: path, message: "cannot read the .xcconfig file (does it exist, and is it readable?)")
        }
        var config = XCConfig()
        config.boundary = boundary.map { CanonicalPath.of($0) }
        config.parse(text, file: path, stack: [CanonicalPath.of(path)])
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

    /// Deeper include chains are reported and cut: real projects nest three or four levels.
    static let maxIncludeDepth = 32

    private mutating func parse(_ text: String, file: String, stack: [String]) {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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
                "xcconfig.syntax", .warning,
                "unknown directive '\(directive)'; only #include and #include? exist in .xcconfig files", at: location)
            return
        }
        let quoted = rest.trimmingCharacters(in: .whitespaces)
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
            report(
                "xcconfig.syntax", .warning, "expected #include \"file.xcconfig\", found '\(directive)'", at: location)
            return
        }
        let name = String(quoted.dropFirst().dropLast())
        let target = name.hasPrefix("/") ? name : ProjectPath.join(ProjectPath.directory(of: file), name)
        let key = CanonicalPath.of(target)
        if stack.contains(key) {
            report(
                "xcconfig.include-cycle", .warning,
                "#include \"\(name)\" includes a file that is already being read; the cycle is cut here", at: location,
                subject: name)
            return
        }
        guard stack.count < Self.maxIncludeDepth else {
            report(
                "xcconfig.include-cycle", .warning,
                "#include \"\(name)\" is nested more than \(Self.maxIncludeDepth) levels deep; not read", at: location,
                subject: name)
            return
        }
        if let boundary, !RepositoryBoundary.contains(key, root: boundary) {
            unreadIncludes.append((name, location))
            report(
                "xcconfig.include-outside", optional ? .note : .warning,
                "#include\(optional ? "?" : "") \"\(name)\" names a file outside the repository; it is not read and its settings are not applied",
                at: location, subject: name)
            return
        }
        guard let text = Self.readText(target) else {
            unreadIncludes.append((name, location))
            if !optional {
                report(
                    "xcconfig.missing-include", .warning,
                    "#include \"\(name)\": cannot read \(target); its settings are not applied (use #include? for an optional file)",
                    at: location, subject: name)
            }
            return
        }
        parse(text, file: target, stack: stack + [key])
    }

    private mutating func assign(_ line: String, at location: SourceLocation) {
        // `KEY[sdk=iphoneos*] = value`: the `=` that assigns comes after the conditions.
        let search = line.firstIndex(of: "[").flatMap { open in line[open...].firstIndex(of: "]") } ?? line.startIndex
        guard let equals = line[search...].firstIndex(of: "=") else {
            report(
                "xcconfig.syntax", .warning, "expected KEY = value, found '\(line)'; the line is ignored", at: location)
            return
        }
        let left = line[..<equals].trimmingCharacters(in: .whitespaces)
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        // Xcode accepts a `;` at the end of a line (`SDKROOT = iphoneos;`) and drops it.
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
        if let parsed = SettingAssignment.parseKey(left) {
            assignments.append(
                SettingAssignment(name: parsed.name, conditions: parsed.conditions, value: value, location: location))
        }
        let key: String
        if let bracket = left.firstIndex(of: "[") {
            key = String(left[..<bracket]).trimmingCharacters(in: .whitespaces)
            guard Self.isSettingName(key), left.hasSuffix("]") else {
                report(
                    "xcconfig.syntax", .warning, "'\(left)' is not a setting name; the line is ignored", at: location)
                return
            }
            let conditions = String(left[bracket...])
            report(
                "xcconfig.condition-skipped", .note,
                "\(key)\(conditions) is conditional; uniform takes the unconditional value of \(key) (pass --define \(key)=… to choose)",
                at: location, subject: key)
            return
        }
        key = left
        guard Self.isSettingName(key) else {
            report("xcconfig.syntax", .warning, "'\(key)' is not a setting name; the line is ignored", at: location)
            return
        }
        let previous = settings[key] ?? ""
        settings[key] = value.replacingOccurrences(of: "$(inherited)", with: previous).replacingOccurrences(
            of: "${inherited}", with: previous
        )
        .trimmingCharacters(in: .whitespaces)
        locations[key] = location
    }

    private mutating func report(
        _ rule: String, _ severity: Severity, _ message: String, at location: SourceLocation, subject: String? = nil
    ) {
        findings.append(Finding(rule: rule, severity: severity, message: message, location: location, subject: subject))
    }

    static func isSettingName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    private static func readText(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

}
