import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// `uniform graph TARGET`: the conformance neighbourhood of a type and the apps that claim each
/// node, as DOT, Mermaid (for GitHub Markdown) or SVG (through Graphviz).
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a type's conformance graph and the apps that claim it (DOT, Mermaid or SVG).",
        discussion: """
            TARGET is read as in `resolve`. Nodes are the type and its supertypes (with --down, also the \
            types conforming to it, bounded); edges are conformance, parents in declared order. Handlers are \
            attached to the type they claim, numbered best first; the default handler is highlighted, excluded \
            claims are dashed with their reason. SVG needs Graphviz `dot` on PATH.
            """
    )

    @Argument(help: "The document: .ext, a UTI, a MIME type or a file name.")
    var target: String

    @OptionGroup var world: WorldOptions

    @Option(help: "The role asked for: viewer, editor, shell or all.")
    var role: RoleQuery = .all

    @Option(
        help: ArgumentHelp(
            "Conformance steps to draw up (and down with --down); all supertypes by default.", valueName: "N"))
    var depth: Int?

    @Flag(help: "Also draw the types conforming to TARGET (one level unless --depth, at most 24).")
    var down = false

    @Option(help: "Output format: dot, mermaid or svg.")
    var format: GraphFormat = .dot

    @Option(help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "FILE"), completion: .file())
    var output: String?

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
    }

    func run() throws {
        let engine = try self.world.makeSession().engine
        // A picture shows one platform's world: the first in play unless --platform says.
        let platforms = engine.answeredPlatforms(nil)
        let platform = platforms[0]
        if platforms.count > 1 {
            Output.error(
                "uniform: note: drawn for \(PlatformScope.name(platform)); --platform \(platforms[1].rawValue) draws \(PlatformScope.name(platforms[1]))'s world"
            )
        }
        let world = engine.world(for: platform)
        let parsed = try TargetArgument.parse(target, graph: world.graph)
        let query = Query(target: parsed, role: role, text: target, platform: platform)
        let resolution: Resolution
        do { resolution = try engine.resolve(query) } catch let error as RuleError {
            throw CommandFailure.input(lines: error.description)
        }
        let graph = ConformanceGraph(
            resolution: resolution, world: world, options: GraphOptions(depth: depth, down: down))
        let data: Data
        switch format {
        case .dot: data = Data(ReportText.inert(DotRenderer.render(graph)).utf8)
        case .mermaid: data = Data(ReportText.inert(MermaidRenderer.render(graph)).utf8)
        case .svg:
            // Graphviz writes `#` for the `&#35;` that keeps `##[` out of the DOT (see `ReportText`).
            let svg = try Graphviz.svg(from: DotRenderer.render(graph))
            data = Data(ReportText.inert(String(decoding: svg, as: UTF8.self), form: .xml).utf8)
        }
        if let output {
            do {
                try OutputPath.write(data, to: output)
            } catch let refusal as OutputPath.Refusal {
                throw CommandFailure.input(refusal.description)
            } catch {
                throw CommandFailure.input("cannot write \(output): \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
