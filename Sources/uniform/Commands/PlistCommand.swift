import ArgumentParser
import UniformCore
import UniformPlist
import UniformRules

/// `uniform plist FILE…`: print a property list as parsed (like `plutil -p`).
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Print property lists as parsed (XML, binary or OpenStep), with positions on errors."
    )

    enum Format: String, ExpressibleByArgument { case text, json, xml }

    @Argument(help: "Property-list files.", completion: .file()) var files: [String]
    @Option(help: "Output format: text, json or xml.") var format: Format = .text

    func run() throws {
        var failed: [String] = []
        for file in files {
            do {
                let document = try PlistReader.read(contentsOf: file)
                if files.count > 1 && format == .text {
                    Output.print("\(ReportText.line(file)) (\(document.format.rawValue)):")
                }
                switch format {
                case .text: Output.print(PlistText.render(document.root))
                case .json: Output.print(JSONValue(plist: document.root).rendered())
                case .xml: Output.print(Self.shown(xml: PlistWriter.xml(document.root)))
                }
            } catch let error as PlistError {
                failed.append(error.description)
            }
        }
        if !failed.isEmpty {
            throw CommandFailure.input(lines: failed.map(ReportText.line).joined(separator: "\nuniform: "))
        }
    }

    /// The XML for a terminal or a log, reading back the same: the invisible characters
    /// `ReportText` shows and the workflow-command markers as character references.
    static func shown(xml: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in xml.unicodeScalars {
            if scalar != "\r" && ReportText.isControl(scalar) {
                out.append(contentsOf: "&#\(scalar.value);".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return ReportText.inert(String(out), form: .xml)
    }
}
