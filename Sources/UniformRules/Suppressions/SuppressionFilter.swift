import Foundation
import UniformCore

/// Applies suppressions to a check run's findings and reports the suppressions themselves:
/// one without a reason, and one that suppressed nothing, are findings too.
public enum SuppressionFilter {
    public struct Result: Sendable {
        /// The findings left, plus the suppressions' own findings, in report order.
        public var findings: [Finding]
        /// How many findings were silenced.
        public var suppressed: Int
    }

    /// `workingDirectory` makes relative finding paths absolute for `file` patterns.
    public static func apply(
        _ findings: [Finding], suppressions: [Suppression], problems: [Finding] = [],
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> Result {
        var used = Array(repeating: false, count: suppressions.count)
        var kept: [Finding] = []
        var suppressed = 0
        // Resolving a path asks the file system: only for `file` patterns.
        let byFile = suppressions.contains { $0.filePattern != nil }
        for finding in findings {
            let absolute = byFile ? finding.location.map { absolutePath($0.file, in: workingDirectory) } : nil
            if let n = suppressions.indices.first(where: { suppressions[$0].matches(finding, absoluteFile: absolute) })
            {
                used[n] = true
                suppressed += 1
            } else {
                kept.append(finding)
            }
        }
        var own = problems
        for (n, suppression) in suppressions.enumerated() {
            if suppression.reason?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
                own.append(
                    Finding(
                        .suppressionMissingReason,
                        message:
                            "the suppression of \(suppression.summary) gives no reason; say why the finding is deliberate (`uniform:ignore rule-id: reason`, or reason = \"…\" in .uniform.lua)",
                        location: suppression.location, subject: suppression.rules.joined(separator: ",")))
            }
            if !used[n] {
                own.append(
                    Finding(
                        .suppressionUnused,
                        message: "the suppression of \(suppression.summary) matches no finding; remove it",
                        location: suppression.location, subject: suppression.rules.joined(separator: ",")))
            }
        }
        return Result(findings: (kept + own).sorted(by: Finding.reportOrder), suppressed: suppressed)
    }

    /// A finding's file as `file` patterns are written (`ConfiguredSuppressions`): absolute,
    /// its folders resolved by `CanonicalPath`, the file named as found.
    static func absolutePath(_ path: String, in directory: String) -> String {
        CanonicalPath.ofParent(path, relativeTo: directory)
    }
}
