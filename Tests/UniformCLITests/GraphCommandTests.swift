import Foundation
import XCTest

/// `uniform graph` through the real binary: every example's DOT is accepted by Graphviz, the
/// formats and `--output` work, a missing `dot` is a clear status-2 error, and the committed
/// README picture is what the command produces today.
final class GraphCommandTests: XCTestCase {
    /// The graphs of the worked examples (each also with `--down`).
    static let examples: [[String]] = [
        [".pdb", "-m", "examples/molecules/apps"],
        ["Structure.pdb.gz", "-m", "examples/molecules/apps"],
        [".pdb", "--role", "editor", "-m", "examples/molecules/apps"],
        [".srt", "-m", "examples/molecules/apps"],
        ["examples/sysstats/Dashboard.sysstatsbookmark", "-m", "examples/sysstats/apps"],
        [
            "examples/sysstats/Dashboard.sysstatsbookmark", "-m", "examples/sysstats/leaky", "-m",
            "examples/sysstats/apps/Lite",
            "-m", "examples/sysstats/apps/TextEditor", "-m", "examples/sysstats/apps/HexViewer", "-m",
            "examples/sysstats/apps/FileSync",
        ],
        ["examples/docinteraction/Report.pdf1", "-m", "examples/docinteraction/apps"],
        ["examples/docinteraction/Report.pdf1", "-m", "examples/docinteraction/conforming"],
        ["Drawing.sketchpkg", "-m", "examples/document-app/apps"],
        [".vnote", "-m", "examples/document-app/apps"],
        ["public.plain-text", "--depth", "1", "-m", "examples/molecules/apps"],
    ]

    /// Graphviz's `dot`, or a skip with a message — a failure in CI, which installs it.
    func graphviz() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("Graphviz `dot` is required in CI (.ci/run installs Debian's graphviz)")
        }
        throw XCTSkip(
            "Graphviz `dot` is not installed (apt-get install graphviz); DOT output is not checked against it")
    }

    /// Runs `dot -Tsvg` on `text`: status, stdout, stderr.
    func renderSVG(_ text: String, with dot: URL) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = dot
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let out = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            out.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out.data, as: UTF8.self), String(decoding: err, as: UTF8.self)
        )
    }

    func testGraphvizAcceptsEveryDOTOutput() throws {
        let dot = try graphviz()
        for arguments in Self.examples {
            for extra in [[], ["--down"]] {
                let result = try CLI.run(["graph"] + arguments + extra + ["--format", "dot"])
                XCTAssertEqual(result.status, 0, "\(arguments + extra): \(result.stderr)")
                XCTAssertTrue(result.stdout.contains("digraph uniform {"))
                let (status, svg, errors) = try renderSVG(result.stdout, with: dot)
                XCTAssertEqual(status, 0, "dot -Tsvg rejected the graph of \(arguments + extra): \(errors)")
                XCTAssertEqual(errors, "", "dot warned about \(arguments + extra)")
                XCTAssertTrue(svg.contains("<svg"), "\(arguments + extra)")
            }
        }
    }

    func testDOTIsTheDefaultAndMermaidOnRequest() throws {
        let dot = try CLI.run(["graph", ".pdb", "-m", "examples/molecules/apps"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(dot.stdout.hasPrefix("// uniform graph .pdb\ndigraph uniform {"))
        XCTAssertTrue(
            dot.stdout.contains(#""a:com.sunsetlakesoftware.molecules" -> "t:com.sunsetlakesoftware.molecules.pdb""#))

        let mermaid = try CLI.run(["graph", ".pdb", "-m", "examples/molecules/apps", "--format", "mermaid"])
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        XCTAssertTrue(mermaid.stdout.hasPrefix("flowchart BT\n  %% uniform graph .pdb\n"))
        XCTAssertTrue(mermaid.stdout.contains(#"  a0 ==>|"exact"| n0"#))

        let again = try CLI.run(["graph", ".pdb", "-m", "examples/molecules/apps", "--format", "mermaid"])
        XCTAssertEqual(mermaid.stdout, again.stdout, "deterministic")
    }

    func testSVGToAFile() throws {
        _ = try graphviz()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pdb.svg")
        let result = try CLI.run([
            "graph", ".pdb", "-m", "examples/molecules/apps", "--format", "svg", "--output", file.path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "--output writes nothing to standard output")
        let svg = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertTrue(svg.contains("com.sunsetlakesoftware.molecules.pdb"))
        XCTAssertTrue(
            svg.contains("<title>LSHandlerRank None: never chosen to open the type</title>")
                || svg.contains("xlink:title=\"LSHandlerRank None: never chosen to open the type\""),
            "excluded reasons become SVG tooltips")
    }

    func testSVGWithoutGraphvizIsAClearError() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try CLI.run(
            ["graph", ".pdb", "-m", "examples/molecules/apps", "--format", "svg"], environment: ["PATH": empty.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.contains(
                "Graphviz `dot` is not installed; install it (apt-get install graphviz) or use --format dot|mermaid"),
            result.stderr)
    }

    func testBadArgumentsExitTwo() throws {
        XCTAssertEqual(try CLI.run(["graph", ".pdb", "--depth", "-1", "-m", "examples/molecules/apps"]).status, 2)
        XCTAssertEqual(try CLI.run(["graph", ".pdb", "--format", "png"]).status, 2)
        XCTAssertEqual(try CLI.run(["graph", ".pdb", "-m", "examples/no-such-dir"]).status, 2)
    }

    /// The README's picture is generated by the tool: its DOT source is committed beside it and
    /// must match today's output, so a change in resolution shows up as a diff to regenerate.
    func testCommittedExamplePictureIsCurrent() throws {
        let committed = CLI.packageRoot.appendingPathComponent("examples/molecules/pdb-graph.dot")
        let expected = try String(contentsOf: committed, encoding: .utf8)
        let result = try CLI.run(["graph", ".pdb", "-m", "examples/molecules/apps"])
        XCTAssertEqual(
            result.stdout, expected,
            "regenerate: uniform graph .pdb -m examples/molecules/apps --output examples/molecules/pdb-graph.dot (and --format svg --output examples/molecules/pdb-graph.svg)"
        )
        let svg = CLI.packageRoot.appendingPathComponent("examples/molecules/pdb-graph.svg")
        XCTAssertTrue(FileManager.default.fileExists(atPath: svg.path))
    }
}
