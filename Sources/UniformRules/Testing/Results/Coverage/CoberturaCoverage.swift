import Foundation

/// Cobertura XML (coverage-04.dtd), what GitLab's coverage visualisation and Jenkins' Coverage
/// plugin read: one class per rule file under one package, `filename` relative to the source
/// root the run started in.
public struct CoberturaCoverage: CoverageFormat {
    public static let name = "cobertura"

    public init() {}

    public func render(_ coverage: CoverageReport, directory: String, toolVersion: String) -> String {
        func rate(_ hit: Int, _ total: Int) -> String {
            // Typed first: as a `CVarArg` the literal 1 was an Int, which %f printed as 0.0000.
            let value: Double = total == 0 ? 1 : Double(hit) / Double(total)
            return String(format: "%.4f", value)
        }
        // Same input, same bytes: the time is SOURCE_DATE_EPOCH's when set (reproducible-builds.org),
        // else 0; coverage viewers do not read it.
        let timestamp = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) } ?? 0
        var xml = XMLWriter()
        xml.start(
            "coverage",
            [
                ("line-rate", rate(coverage.hitCount, coverage.coverableCount)), ("branch-rate", "0"),
                ("lines-covered", String(coverage.hitCount)), ("lines-valid", String(coverage.coverableCount)),
                ("branches-covered", "0"), ("branches-valid", "0"), ("complexity", "0"),
                ("version", "uniform \(toolVersion)"), ("timestamp", String(timestamp)),
            ])
        xml.start("sources")
        xml.element("source", text: directory)
        xml.end()
        xml.start("packages")
        xml.start(
            "package",
            [
                ("name", "rules"), ("line-rate", rate(coverage.hitCount, coverage.coverableCount)),
                ("branch-rate", "0"), ("complexity", "0"),
            ])
        xml.start("classes")
        for file in coverage.files {
            xml.start(
                "class",
                [
                    ("name", file.file), ("filename", file.file),
                    ("line-rate", rate(file.hitCount, file.coverable.count)),
                    ("branch-rate", "0"), ("complexity", "0"),
                ])
            xml.element("methods")
            xml.start("lines")
            for line in file.coverable.sorted() {
                xml.element("line", [("number", String(line)), ("hits", String(file.count(of: line)))])
            }
            xml.end()
            xml.end()
        }
        xml.end()
        xml.end()
        xml.end()
        xml.end()
        return xml.output
    }
}
