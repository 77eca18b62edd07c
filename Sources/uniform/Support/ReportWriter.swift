import Foundation
import UniformCore
import UniformRules

/// Sends each `--format F[:FILE]` report to standard output or its file.
enum ReportWriter {
    /// Whether any report went to standard output (else the caller may say the count itself).
    @discardableResult
    static func write(
        specs: [String], validNames: [String], render: (ReporterSpec, Bool) throws -> String?
    ) throws
        -> Bool
    {
        var wroteToStandardOutput = false
        for text in specs {
            let spec: ReporterSpec
            do { spec = try ReporterSpec(parsing: text, validNames: validNames) } catch {
                throw CommandFailure.input("--format \(text): \(error)")
            }
            let color = spec.path == nil && TextReporter.shouldColor()
            guard let output = try render(spec, color) else {
                throw CommandFailure.input("--format \(text): unknown reporter")
            }
            if let path = spec.path {
                do {
                    // A report file may be printed to the log too (`cat report.txt`).
                    let text = spec.name == GitHubReporter.name ? output : ReportText.inert(output)
                    try OutputPath.write(text, to: path)
                } catch let refusal as OutputPath.Refusal {
                    throw CommandFailure.input(refusal.description)
                } catch {
                    throw CommandFailure.input(
                        "\(path): cannot write the \(spec.name) report (\(error.localizedDescription))")
                }
            } else {
                let text = output.hasSuffix("\n") ? String(output.dropLast()) : output
                // GitHub's reporters write workflow commands on purpose, one a line (`GitHubCommand`).
                if spec.name == GitHubReporter.name { Output.printCommands(text) } else { Output.print(text) }
                wroteToStandardOutput = true
            }
        }
        return wroteToStandardOutput
    }
}
