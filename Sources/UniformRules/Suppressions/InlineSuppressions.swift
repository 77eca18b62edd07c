import Foundation
import UniformCore
import UniformPlist

/// Suppressions written next to the entry they concern, as comments in a manifest:
/// `<!-- uniform:ignore RULE[, RULE…]: REASON -->` (see `CommentScope` for what a comment covers).
public enum InlineSuppressions {
    public static let marker = "uniform:ignore"

    /// Suppressions from every manifest's comments, and findings for comments that name no rule.
    public static func read(_ manifests: [Manifest]) -> (suppressions: [Suppression], problems: [Finding]) {
        var suppressions: [Suppression] = []
        var problems: [Finding] = []
        for manifest in manifests {
            guard let document = manifest.document else { continue }
            let relevant = document.comments.filter { $0.text.hasPrefix(marker) }
            guard !relevant.isEmpty else { continue }
            let scope = CommentScope(root: document.root)
            for comment in relevant {
                let location = SourceLocation(file: manifest.file, mark: comment.mark)
                guard let (rules, reason) = parse(comment.text) else {
                    problems.append(
                        Finding(
                            .suppressionInvalid,
                            message: "'\(comment.text)' names no rule; write <!-- uniform:ignore rule-id: reason -->",
                            location: location, subject: comment.text))
                    continue
                }
                // A comment before nothing still becomes a suppression, so it is reported unused.
                let lines = scope.lines(for: comment.mark) ?? 0...0
                suppressions.append(
                    Suppression(
                        rules: rules, reason: reason, location: location, inlineFile: manifest.file, lines: lines))
            }
        }
        return (suppressions, problems)
    }

    /// `uniform:ignore a, b: why` → (["a", "b"], "why"); nil when no rule id is given.
    static func parse(_ text: String) -> (rules: [String], reason: String?)? {
        let body = text.dropFirst(marker.count)
        guard body.isEmpty || body.first!.isWhitespace else { return nil }
        let (ids, reason): (Substring, Substring?)
        if let colon = body.firstIndex(of: ":") {
            ids = body[..<colon]
            reason = body[body.index(after: colon)...]
        } else {
            ids = body
            reason = nil
        }
        let rules = ids.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        guard !rules.isEmpty else { return nil }
        let trimmed = reason.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return (rules, trimmed?.isEmpty == false ? trimmed : nil)
    }
}
