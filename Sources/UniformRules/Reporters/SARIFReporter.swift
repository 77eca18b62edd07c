import UniformCore

/// SARIF 2.1.0 for code scanning (GitHub, Azure DevOps, IDE viewers).
///
/// Code scanning tracks an alert across commits by `partialFingerprints`, so each result's
/// fingerprint hashes the rule, the repository-relative file and the subject (the message
/// when there is none) — never the line, which moves whenever the file is edited. Findings
/// that share that identity are numbered in report order (`hash:1`, `hash:2`, as GitHub's
/// own `primaryLocationLineHash` does) so they stay separate alerts.
public struct SARIFReporter: FindingReporter {
    public static let name = "sarif"

    /// The `$schema` every SARIF 2.1.0 log names (the OASIS errata 01 schema).
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The key under `partialFingerprints`; versioned as SARIF §3.27.17 recommends, so a
    /// future change of recipe does not silently collide with old alerts.
    public static let fingerprintKey = "uniformFingerprint/v1"
    /// The base id relative artifact URIs are resolved against (the checkout root).
    public static let sourceRootBaseID = "%SRCROOT%"

    /// The tool's home page, shown by viewers; left out when nil.
    public var informationURI: String?

    public init(informationURI: String? = nil) { self.informationURI = informationURI }

    public func report(_ run: CheckRun) -> String {
        let rules = run.allRules
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })

        var driver: [(String, JSONValue)] = [("name", .string("uniform")), ("version", .string(run.toolVersion))]
        if let informationURI { driver.append(("informationUri", .string(informationURI))) }
        driver.append(("rules", .array(rules.map(Self.descriptor))))

        var sarifRun: [(String, JSONValue)] = [("tool", .object([("driver", .object(driver))]))]
        if let base = run.baseDirectory, ReportPath.isAbsolute(base) {
            let uri = "file://" + Self.percentEncoded(base.hasSuffix("/") ? base : base + "/")
            sarifRun.append(
                ("originalUriBaseIds", .object([(Self.sourceRootBaseID, .object([("uri", .string(uri))]))])))
        }
        var occurrences: [String: Int] = [:]
        let results = run.findings.map { finding in
            let identity = Self.fingerprint(for: finding, base: run.baseDirectory, from: run.workingDirectory)
            occurrences[identity, default: 0] += 1
            return result(
                for: finding, ruleIndex: ruleIndex[finding.rule], fingerprint: "\(identity):\(occurrences[identity]!)",
                base: run.baseDirectory, from: run.workingDirectory)
        }
        sarifRun.append(("results", .array(results)))

        let log = JSONValue.object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(sarifRun)])),
        ])
        return log.rendered() + "\n"
    }

    static func descriptor(_ rule: RuleInfo) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("shortDescription", .object([("text", .string(rule.description.isEmpty ? rule.id : rule.description))])),
            ("defaultConfiguration", .object([("level", .string(level(for: rule.severity)))])),
        ]
        if let help = rule.helpURI { members.append(("helpUri", .string(help))) }
        // Code scanning shows `help` in the alert's rule panel: why the rule exists and how to
        // silence it, as `uniform rules ID` says it (SARIF 2.1.0 §3.49.13). Every report repeats
        // it for every rule that ran: the Markdown viewers render shows one example each way,
        // the plain text none (`uniform rules ID` has them all).
        var documentation = rule.documentation
        documentation.examplesShown = 0
        let text = documentation.text
        documentation.examplesShown = 1
        members.append(("help", .object([("text", .string(text)), ("markdown", .string(documentation.markdown))])))
        if let definedAt = rule.definedAt {
            members.append(("properties", .object([("definedAt", .string(definedAt.description))])))
        }
        return .object(members)
    }

    func result(
        for finding: Finding, ruleIndex: Int?, fingerprint: String, base: String?, from workingDirectory: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [("ruleId", .string(finding.rule))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members.append(("level", .string(Self.level(for: finding.severity))))
        members.append(("message", .object([("text", .string(finding.message))])))
        if let location = finding.location {
            members.append(("locations", .array([Self.location(location, base: base, from: workingDirectory)])))
        }
        if !finding.related.isEmpty {
            members.append(
                (
                    "relatedLocations",
                    .array(
                        finding.related.enumerated().map { i, place in
                            guard case .object(var fields) = Self.location(place, base: base, from: workingDirectory)
                            else { return .null }
                            fields.insert(("id", .int(i)), at: 0)
                            return .object(fields)
                        })
                ))
        }
        members.append(("partialFingerprints", .object([(Self.fingerprintKey, .string(fingerprint))])))
        return .object(members)
    }

    /// The identity of a finding, stable across line moves: FNV-1a 64 of rule, relative file
    /// and subject (or message), as 16 hex digits. Results carry it with an occurrence suffix.
    public static func fingerprint(for finding: Finding, base: String?, from workingDirectory: String? = nil) -> String
    {
        let file = finding.location.map { ReportPath.relative($0.file, to: base, from: workingDirectory) } ?? ""
        return FNV1a64.hex([finding.rule, file, finding.subject ?? finding.message])
    }

    static func location(_ location: SourceLocation, base: String?, from workingDirectory: String? = nil) -> JSONValue {
        let path = ReportPath.relative(location.file, to: base, from: workingDirectory)
        var artifact: [(String, JSONValue)]
        if ReportPath.isAbsolute(path) {
            artifact = [("uri", .string("file://" + percentEncoded(path)))]
        } else {
            artifact = [("uri", .string(percentEncoded(path))), ("uriBaseId", .string(sourceRootBaseID))]
        }
        var physical: [(String, JSONValue)] = [("artifactLocation", .object(artifact))]
        var region: [(String, JSONValue)] = []
        if let line = location.line {
            region.append(("startLine", .int(max(1, line))))
            if let column = location.column { region.append(("startColumn", .int(max(1, column)))) }
        } else if let offset = location.offset {
            region.append(("byteOffset", .int(max(0, offset))))
        }
        if !region.isEmpty { physical.append(("region", .object(region))) }
        return .object([("physicalLocation", .object(physical))])
    }

    static func level(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A path as a URI reference: unreserved characters, `/` and sub-delimiters kept,
    /// everything else (spaces, `%`, `#`, `?`, non-ASCII) percent-encoded byte by byte.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where "-._~/!$&'()*+,;=:@".utf8.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
