import Foundation

/// Cobertura XML (coverage-04.dtd), what GitLab's coverage visualisation and Jenkins' Coverage
/// plugin read: one class per rule file under one package, `filename` relative to the source
/// root the run started in.
public struct CoberturaCoverage: CoverageFormat {
    public static let name = "cobertura"

    public init() {}

    public func render(_ coverage: CoverageReport, directory: String, toolVersion: String) -> String {
        func rate(_ hit: Int, _ total: Int) -> String {
            String(format: "%.4f", total == 0 ? 1 : Double(hit) / Double(total))
        }
        var xml = XMLWriter()
        xml.start(
            "coverage",
            [
                ("line-rate", rate(coverage.hitCount, coverage.coverableCount)), ("branch-rate", "0"),
                ("lines-covered", String(coverage.hitCount)), ("lines-valid", String(coverage.coverableCount)),
                ("branches-covered", "0"), ("branches-valid", "0"), ("complexity", "0"),
                ("version", "uniform \(toolVersion)"), ("timestamp", String(Int(Date().timeIntervalSince1970))),
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
