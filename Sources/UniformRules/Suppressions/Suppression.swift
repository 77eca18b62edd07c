import UniformCore

/// A deliberate finding silenced with a reason, from `.uniform.lua` (`suppress = { … }`) or
/// from a comment in a manifest (`<!-- uniform:ignore rule-id: reason -->`).
///
/// A suppression must say why: one without a reason still applies but is itself a finding
/// (`suppression.missing-reason`), and one that matches nothing is reported as
/// `suppression.unused`, so silenced findings cannot outlive the problem they hid.
public struct Suppression: Sendable, Hashable {
    /// The rule ids it silences (one from configuration; a comment may list several).
    public var rules: [String]
    /// Absolute path or `Glob` (`*` any run of characters, `?` one) of the files it covers;
    /// nil for every file.
    public var filePattern: String?
    /// Only findings with this subject (a type identifier, a bundle id): a `Glob`, ignoring case.
    public var subject: String?
    public var reason: String?
    /// Where the suppression is written: the configuration file or the manifest comment.
    public var location: SourceLocation
    /// For inline suppressions: the manifest (as findings name it) and the lines covered.
    public var inlineFile: String?
    public var lines: ClosedRange<Int>?

    public init(
        rules: [String], filePattern: String? = nil, subject: String? = nil, reason: String?, location: SourceLocation,
        inlineFile: String? = nil, lines: ClosedRange<Int>? = nil
    ) {
        self.rules = rules
        self.filePattern = filePattern
        self.subject = subject
        self.reason = reason
        self.location = location
        self.inlineFile = inlineFile
        self.lines = lines
    }

    /// Whether the suppression covers a finding. `absoluteFile` is the finding's file made
    /// absolute against the working directory.
    public func matches(_ finding: Finding, absoluteFile: String?) -> Bool {
        guard rules.contains(finding.rule) || rules.contains(Self.everyRule) else { return false }
        if let subject, !Self.subject(subject, matches: finding.subject) { return false }
        if let inlineFile {
            guard let location = finding.location, location.file == inlineFile, let line = location.line, let lines
            else { return false }
            return lines.contains(line)
        }
        if let filePattern {
            guard let absoluteFile else { return false }
            return Glob.matches(filePattern, absoluteFile)
        }
        return true
    }

    /// `rule = "*"`: every rule (only with a `file` or `subject`, which say what it covers).
    public static let everyRule = "*"

    /// A `Glob` over the whole subject, ignoring case as identifiers do (any letter, not only
    /// ASCII: a subject may be a document type's name): `com.vendor.*` covers the findings about
    /// another vendor's apps in the world.
    static func subject(_ pattern: String, matches subject: String?) -> Bool {
        guard let subject else { return false }
        return Glob.matches(pattern.lowercased(), subject.lowercased())
    }

    /// What the suppression names, for messages: `rule-id in Info.plist` and so on.
    public var summary: String {
        var text = rules.joined(separator: ", ")
        if let subject { text += " for '\(subject)'" }
        if let lines, inlineFile != nil {
            text += " on lines \(lines.lowerBound)–\(lines.upperBound)"
        } else if let filePattern {
            text += " in \(filePattern)"
        }
        return text
    }
}
