import UniformCore

/// Findings about an Info.plist that several targets read, said once.
///
/// A repository may point several targets at one Info.plist (app variants, or an extension
/// given its app's file by mistake): each target is an app of its own, so every finding about
/// the file came once per target — the same rule, place and sentence but for the app's id
/// (issue 28: three targets, everything three times). Findings at one place of such a file
/// whose rule, severity, subject and message agree once each sharing app's bundle id is set
/// aside are one finding, the first, its message naming the targets: `(targets A, B, C)`. A
/// related place that is the finding's own place is dropped: the file does not conflict with
/// itself.
enum SharedInfoPlistFindings {
    /// An app reading a shared file: its ids as findings may write them, and its name for the
    /// message (the target, else the bundle id).
    struct Sharer {
        var ids: [String]
        var label: String
    }

    static func merge(_ findings: [Finding], apps: [Manifest]) -> [Finding] {
        var byFile: [String: [Sharer]] = [:]
        for app in apps where !app.isSynthetic {
            let ids = [app.bundleID, app.declaredBundleID].compactMap { $0 }.filter { !$0.isEmpty }
            byFile[app.file, default: []].append(Sharer(ids: ids, label: app.origin?.target ?? app.bundleID))
        }
        byFile = byFile.filter { $0.value.count > 1 }
        guard !byFile.isEmpty else { return findings }

        struct Key: Hashable {
            var rule: String
            var severity: Severity
            var location: SourceLocation
            var subject: String?
            var message: String
        }
        var merged: [Finding] = []
        var groups: [Key: (index: Int, labels: [String], unattributed: Bool, count: Int)] = [:]
        for finding in findings {
            guard let location = finding.location, let sharers = byFile[location.file] else {
                merged.append(finding)
                continue
            }
            var finding = finding
            finding.related.removeAll { $0 == location }
            let (message, messageApp) = normalise(finding.message, sharers)
            let (subject, subjectApp) = finding.subject.map { normalise($0, sharers) } ?? (nil, nil)
            let key = Key(
                rule: finding.rule, severity: finding.severity, location: location, subject: subject, message: message)
            let app = messageApp ?? subjectApp
            let label = app.map { sharers[$0].label }
            if var group = groups[key] {
                if let label, !group.labels.contains(label) { group.labels.append(label) }
                group.unattributed = group.unattributed || label == nil
                group.count += 1
                for place in finding.related where !merged[group.index].related.contains(place) {
                    merged[group.index].related.append(place)
                }
                groups[key] = group
            } else {
                groups[key] = (merged.count, label.map { [$0] } ?? [], label == nil, 1)
                merged.append(finding)
            }
        }
        for (_, group) in groups where group.count > 1 {
            let sharers = byFile[merged[group.index].location!.file]!
            // Findings that name no app came from each app reading the file.
            var labels = group.labels
            if group.unattributed {
                for sharer in sharers where !labels.contains(sharer.label) { labels.append(sharer.label) }
            }
            let order = sharers.map(\.label)
            labels.sort { (order.firstIndex(of: $0) ?? .max) < (order.firstIndex(of: $1) ?? .max) }
            // One target built for two platforms is one target.
            guard labels.count > 1 else { continue }
            merged[group.index].message += " (targets \(labels.joined(separator: ", ")))"
            merged[group.index].related = Array(merged[group.index].related.prefix(RuleEngine.relatedPerFinding))
        }
        return merged
    }

    /// The text with each sharing app's id (and `id#2`, the world's name for a second app with
    /// it) replaced by one token, longest ids first; and the app it is about, when the ids it
    /// names are one app's alone.
    static func normalise(_ text: String, _ sharers: [Sharer]) -> (String, Int?) {
        var owners: [String: Set<Int>] = [:]
        for (n, sharer) in sharers.enumerated() { for id in sharer.ids { owners[id, default: []].insert(n) } }
        guard owners.keys.contains(where: { text.contains($0) }) else { return (text, nil) }
        var text = text
        var named = Set<Int>()
        for id in owners.keys.sorted(by: { ($0.count, $0) > ($1.count, $1) }) {
            var searchFrom = text.startIndex
            while let range = text.range(of: id, range: searchFrom..<text.endIndex) {
                var end = range.upperBound
                if end < text.endIndex, text[end] == "#" {
                    var digits = text.index(after: end)
                    while digits < text.endIndex, text[digits].isASCII, text[digits].isNumber {
                        digits = text.index(after: digits)
                    }
                    if digits > text.index(after: end) { end = digits }
                }
                named.formUnion(owners[id]!)
                let start = text.distance(from: text.startIndex, to: range.lowerBound)
                text.replaceSubrange(range.lowerBound..<end, with: token)
                searchFrom = text.index(text.startIndex, offsetBy: start + token.count)
            }
        }
        return (text, named.count == 1 ? named.first : nil)
    }

    static let token = "\u{0}app\u{0}"
}
