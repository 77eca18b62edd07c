/// A machine-readable coverage file for CI services (`--coverage-format NAME:FILE`): Codecov,
/// GitLab and Jenkins read LCOV or Cobertura, not uniform's table. Lines are those of the rule
/// files, each with how many times it ran over the whole run.
public protocol CoverageFormat {
    static var name: String { get }
    /// `directory`: where the run started; relative rule paths are relative to it.
    func render(_ coverage: CoverageReport, directory: String, toolVersion: String) -> String
}

public enum CoverageFormats {
    public static let all: [any CoverageFormat.Type] = [LCOVCoverage.self, CoberturaCoverage.self]
    public static var names: [String] { all.map { $0.name } }

    public static func format(named name: String) -> (any CoverageFormat)? {
        switch name {
        case LCOVCoverage.name: LCOVCoverage()
        case CoberturaCoverage.name: CoberturaCoverage()
        default: nil
        }
    }
}
