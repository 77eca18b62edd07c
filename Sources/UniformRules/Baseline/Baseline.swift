import Foundation
import UniformCore

/// Accepted findings, so a team adopting `uniform` on an old manifest fails only on new ones.
///
/// The file is JSON with one entry per line (stable order, diff-friendly, and every entry has
/// a line number that stale-entry findings can point at). Matching is by `FindingIdentity`
/// and counts occurrences: two identical findings in the baseline accept two, not three.
public struct Baseline: Sendable {
    public static let version = 1
    public var entries: [BaselineEntry]

    public init(entries: [BaselineEntry]) { self.entries = entries }

    /// A baseline of `findings`, with files relative to `base` (the configuration's directory).
    public init(findings: [Finding], base: String) {
        entries = findings.map { finding in
            let file = FindingIdentity.file(of: finding, base: base)
            let subject = FindingIdentity.subject(of: finding)
            return BaselineEntry(
                fingerprint: FindingIdentity.fingerprint(rule: finding.rule, file: file, subject: subject),
                rule: finding.rule, file: file, subject: subject, message: finding.message)
        }.sorted { ($0.file, $0.rule, $0.subject, $0.message) < ($1.file, $1.rule, $1.subject, $1.message) }
    }

    public var text: String {
        var lines = ["{", "  \"version\": \(Self.version),", "  \"tool\": \"uniform\","]
        if entries.isEmpty {
            lines.append("  \"findings\": []")
        } else {
            lines.append("  \"findings\": [")
            for (n, entry) in entries.enumerated() {
                let object = JSONValue.object([
                    ("fingerprint", .string(entry.fingerprint)), ("rule", .string(entry.rule)),
                    ("file", .string(entry.file)),
                    ("subject", .string(entry.subject)), ("message", .string(entry.message)),
                ])
                lines.append("    " + object.rendered(pretty: false) + (n == entries.count - 1 ? "" : ","))
            }
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The largest baseline file read: 32 MiB. One entry takes about 200 bytes, so that is some
    /// 150,000 accepted findings — far past what a team keeps — and bounds the JSON parse.
    public static let maxFileBytes = 32 << 20

    /// Reads a baseline file; errors name the file and say how to make a good one. With a
    /// `repository`, a path that passes through a symbolic link inside it leading out of it is
    /// refused unread (the pull request may have committed the link the workflow names).
    public static func read(file: String, repository: RepositoryBoundary? = nil) throws -> Baseline {
        if let repository, !repository.allows(named: file) {
            throw ReadError(
                description:
                    "\(file): the path links outside the repository (the pull request may have committed that link); not read. Name the baseline file itself"
            )
        }
        return try read(file: file, contents: try contents(of: file))
    }

    /// A baseline from bytes read elsewhere (a trusted revision, `--policy-from`), named `file`.
    public static func read(file: String, contents data: Data) throws -> Baseline {
        guard data.count <= maxFileBytes else {
            throw ReadError(description: "\(file): larger than \(maxFileBytes >> 20) MiB; not read")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw ReadError(
                description:
                    "\(file): not a JSON baseline (\(error.localizedDescription)); write it again with --write-baseline"
            )
        }
        guard let root = object as? [String: Any], let items = root["findings"] as? [[String: Any]] else {
            throw ReadError(
                description:
                    "\(file): a baseline is an object with a \"findings\" list; write it again with --write-baseline")
        }
        let version = root["version"] as? Int ?? 0
        guard version == Self.version else {
            throw ReadError(
                description:
                    "\(file): baseline version \(version) is not supported (expected \(Self.version)); write it again with --write-baseline"
            )
        }
        var lines = BaselineLineIndex(data)
        var entries: [BaselineEntry] = []
        entries.reserveCapacity(items.count)
        var searchFrom = 1
        for (n, item) in items.enumerated() {
            guard let rule = item["rule"] as? String else {
                throw ReadError(
                    description:
                        "\(file): entry \(n + 1) has no \"rule\"; write the baseline again with --write-baseline")
            }
            let path = item["file"] as? String ?? ""
            let subject = item["subject"] as? String ?? ""
            // The fingerprint is recomputed, so a hand-edited entry still matches what it says.
            let fingerprint = FindingIdentity.fingerprint(rule: rule, file: path, subject: subject)
            var line: Int?
            if let stored = item["fingerprint"] as? String, let found = lines.line(of: stored, atOrAfter: searchFrom) {
                line = found
                searchFrom = found + 1
            }
            entries.append(
                BaselineEntry(
                    fingerprint: fingerprint, rule: rule, file: path, subject: subject,
                    message: item["message"] as? String ?? "", line: line))
        }
        return Baseline(entries: entries)
    }

    /// The file's bytes, at most `maxFileBytes` of them read (a FIFO or `/dev/zero` ends too).
    private static func contents(of file: String) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw ReadError(
                description: "\(file): no such baseline; write one with `uniform check --write-baseline \(file)`")
        }
        defer { try? handle.close() }
        var data = Data()
        do {
            while data.count <= maxFileBytes, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw ReadError(description: "\(file): cannot read the baseline (\(error.localizedDescription))")
        }
        guard data.count <= maxFileBytes else {
            throw ReadError(
                description:
                    "\(file): larger than \(maxFileBytes >> 20) MiB; uniform reads baselines of at most that size (write it again with --write-baseline)"
            )
        }
        return data
    }

    /// Splits findings into new ones (not in the baseline) and lists the entries no finding
    /// matched (the problem was fixed: the baseline can shrink).
    public func compare(_ findings: [Finding], base: String) -> BaselineComparison {
        // Each fingerprint's entries in file order, and how many of them findings used: one
        // dictionary look-up per finding, nothing copied or shifted.
        var slots: [String: [Int]] = [:]
        for (n, entry) in entries.enumerated() { slots[entry.fingerprint, default: []].append(n) }
        var used: [String: Int] = [:]
        var new: [Finding] = []
        var matched = 0
        for finding in findings {
            let fingerprint = FindingIdentity.fingerprint(
                rule: finding.rule, file: FindingIdentity.file(of: finding, base: base),
                subject: FindingIdentity.subject(of: finding))
            let taken = used[fingerprint, default: 0]
            if let indices = slots[fingerprint], taken < indices.count {
                used[fingerprint] = taken + 1
                matched += 1
            } else {
                new.append(finding)
            }
        }
        var unmatched = [Bool](repeating: false, count: entries.count)
        for (fingerprint, indices) in slots {
            for n in indices.dropFirst(used[fingerprint, default: 0]) { unmatched[n] = true }
        }
        return BaselineComparison(
            new: new, stale: entries.indices.filter { unmatched[$0] }.map { entries[$0] }, matched: matched)
    }
}
