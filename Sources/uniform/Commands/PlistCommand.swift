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
                if files.count > 1 && format == .text { Output.print("\(file) (\(document.format.rawValue)):") }
                switch format {
                case .text: Output.print(PlistText.render(document.root))
                case .json: Output.print(JSONValue(plist: document.root).rendered())
                case .xml: Output.print(PlistWriter.xml(document.root))
                }
            } catch let error as PlistError {
                failed.append(error.description)
            }
        }
        if !failed.isEmpty { throw CommandFailure.input(failed.joined(separator: "\nuniform: ")) }
    }
}
