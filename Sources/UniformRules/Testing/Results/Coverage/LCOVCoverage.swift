/// LCOV tracefile (geninfo's format, read by `lcov`, `genhtml`, Codecov, Coveralls): one record
/// per rule file with `DA:line,count` (how many times the line ran over the whole run), `LF` lines found and `LH` lines hit.
public struct LCOVCoverage: CoverageFormat {
    public static let name = "lcov"

    public init() {}

    public func render(_ coverage: CoverageReport, directory: String, toolVersion: String) -> String {
        var out = "TN:uniform\n"
        for file in coverage.files {
            out += "SF:\(file.file)\n"
            for line in file.coverable.sorted() { out += "DA:\(line),\(file.count(of: line))\n" }
            out += "LF:\(file.coverable.count)\nLH:\(file.hitCount)\nend_of_record\n"
        }
        return out
    }
}
