import Foundation
import UniformCore

/// What makes two findings "the same finding" across runs: the rule, the file relative to a
/// base directory, and the subject (the message when a rule gives none) — never the line,
/// which moves whenever something above it is edited. The recipe SARIF fingerprints use.
public enum FindingIdentity {
    /// The finding's file relative to `base` (made absolute against `workingDirectory` first);
    /// "" for findings without a location.
    public static func file(
        of finding: Finding, base: String, workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        guard let file = finding.location?.file else { return "" }
        // ReportPath resolves both sides (CanonicalPath) itself.
        return ReportPath.relative(SuppressionFilter.absolutePath(file, in: workingDirectory), to: base)
    }

    /// 16 hex digits of FNV-1a 64 over rule, file and subject.
    public static func fingerprint(rule: String, file: String, subject: String) -> String {
        FNV1a64.hex([rule, file, subject])
    }

    public static func subject(of finding: Finding) -> String { finding.subject ?? finding.message }
}
