import ArgumentParser
import UniformCore
import UniformPlist
import UniformRules

/// `uniform send FILE --from ID --to ID`: what iOS gives the receiving app.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract:
            "Simulate an Open-In hand-off: the Inbox URL, source application and annotation the receiver gets, or the refusal."
    )

    @Argument(help: "The document's file name.") var file: String
    @Option(help: ArgumentHelp("Sender bundle id.", valueName: "ID")) var from: String
    @Option(help: ArgumentHelp("Receiver bundle id.", valueName: "ID")) var to: String
    @Option(
        help: ArgumentHelp("A property list with a dictionary root to pass as the annotation.", valueName: "PLIST"),
        completion: .file(extensions: ["plist"]))
    var annotation: String?
    @Option(help: ArgumentHelp("A name already in the receiver's Inbox (repeatable).", valueName: "NAME")) var inbox:
        [String] = []
    @OptionGroup var world: WorldOptions
    @Option(help: "Output format: text or json.") var format: QueryFormat = .text

    func run() throws {
        let session = try self.world.makeSession()
        let engine = session.engine
        let world = engine.world
        var annotationNode: PlistNode?
        if let path = annotation {
            do {
                annotationNode = try PlistReader.read(contentsOf: path).root
                try Handoff.validateAnnotation(annotationNode!)
            } catch let error as PlistError {
                throw CommandFailure.input(error.description)
            } catch let error as HandoffError {
                throw CommandFailure.input("\(path): \(error.description)")
            }
        }
        _ = world
        let result: HandoffResult
        do {
            result = try engine.send(
                HandoffRequest(file: file, from: from, to: to, annotation: annotationNode, inbox: inbox))
        } catch let error as RuleError {
            throw CommandFailure.input(lines: error.description)
        }
        let report = HandoffReport(result)
        switch format {
        case .text: Output.print(report.text)
        case .json: Output.print(report.json.rendered())
        }
        if !result.accepted { throw CommandFailure.no() }
    }
}
