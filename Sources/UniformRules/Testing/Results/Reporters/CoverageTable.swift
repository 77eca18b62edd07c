import Foundation
import UniformCore

/// The coverage table of the text reporter: one row per file and a total, columns aligned.
struct CoverageTable {
    var report: CoverageReport

    var rendered: String {
        var rows: [[String]] = [["File", "Lines", "Hit", "Cover", "Missing"]]
        for file in report.files {
            rows.append([
                ReportText.line(file.file), String(file.coverable.count), String(file.hitCount),
                Self.percent(file.percent),
                file.uncoveredRanges,
            ])
        }
        rows.append(["Total", String(report.coverableCount), String(report.hitCount), Self.percent(report.percent), ""])

        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = "Coverage:\n"
        for row in rows {
            var line = row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
            for column in 1..<4 {
                line += "  " + String(repeating: " ", count: widths[column] - row[column].count) + row[column]
            }
            if !row[4].isEmpty { line += "  " + row[4] }
            out += line + "\n"
        }
        return out
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }
}
