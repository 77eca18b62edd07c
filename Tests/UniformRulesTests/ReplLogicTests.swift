import Foundation
import UniformCore
import UniformRules
import XCTest

/// The REPL's terminal-free logic: multi-line input, value printing, completion.
final class ReplLogicTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func makeEngine() -> RuleEngine {
        let loaded = ManifestLoader().load([Self.root.appendingPathComponent("examples/molecules/apps").path])
        XCTAssertFalse(loaded.manifests.isEmpty)
        return RuleEngine(inputs: WorldInputs(manifests: loaded.manifests))
    }

    // MARK: InputAccumulator

    func testExpressionsCompileAsReturn() throws {
        let engine = makeEngine()
        let input = InputAccumulator(state: engine.state)
        guard case .ready(let f, _, let isExpression) = input.add("1 + 1") else {
            return XCTFail("1 + 1 should compile")
        }
        XCTAssertTrue(isExpression)
        XCTAssertEqual(try engine.state.call(f), [.integer(2)])
        guard case .ready(_, _, let statement) = input.add("x = 1") else { return XCTFail("x = 1 should compile") }
        XCTAssertFalse(statement)
        guard case .empty = input.add("   ") else { return XCTFail("blank lines are empty") }
    }

    func testIncompleteChunksContinue() throws {
        let engine = makeEngine()
        let input = InputAccumulator(state: engine.state)
        guard case .needsMore = input.add("local s = 0 for i = 1, 3 do") else {
            return XCTFail("an open loop needs more")
        }
        XCTAssertTrue(input.isContinuing)
        guard case .needsMore = input.add("  s = s + i") else { return XCTFail("still open") }
        guard case .ready(let f, let source, _) = input.add("end return s") else { return XCTFail("closed loop") }
        XCTAssertEqual(source, "local s = 0 for i = 1, 3 do\n  s = s + i\nend return s")
        XCTAssertEqual(try engine.state.call(f), [.integer(6)])
        XCTAssertFalse(input.isContinuing)
        // An unfinished expression is incomplete even though it is a broken statement.
        guard case .needsMore = input.add("1 +") else { return XCTFail("1 + needs more") }
        guard case .ready(let g, _, true) = input.add("2") else { return XCTFail("1 +\\n2 is an expression") }
        XCTAssertEqual(try engine.state.call(g), [.integer(3)])
    }

    func testSyntaxErrorsFailWithTheInputLine() {
        let engine = makeEngine()
        let input = InputAccumulator(state: engine.state)
        input.lineOffset = 4
        guard case .failed(let error, _) = input.add("x = = 1") else { return XCTFail("a real syntax error fails") }
        XCTAssertTrue(error.message.hasPrefix("stdin:5:"), error.message)
        XCTAssertFalse(input.isContinuing)
    }

    // MARK: ValuePrinter

    func testTablesAreIndentedAndCyclesMarked() throws {
        let engine = makeEngine()
        let printer = ValuePrinter(engine: engine)
        let values = try engine.state.run(
            """
            local t = { name = "x", list = {1, 2, 3}, nested = { deeper = { a = true, ["not id"] = 1.5 } } }
            t.self = t
            t.nested.back = t
            return t
            """, chunkName: "=test")
        let text = printer.render(values)
        XCTAssertTrue(text.contains("self = <cycle: this table>"), text)
        XCTAssertTrue(text.contains("back = <cycle: 2 levels up>"), text)
        XCTAssertTrue(text.contains("list = { 1, 2, 3 }"), text)
        XCTAssertTrue(text.contains("[\"not id\"] = 1.5"), text)
        XCTAssertTrue(text.contains("\n  nested = {\n    back"), text)
        XCTAssertEqual(printer.render([.string("raw\ttext")]), "raw\ttext")
        XCTAssertEqual(printer.render(try engine.state.run("return {}, 3.0, 'q\"'", chunkName: "=t")), "{}\n3.0\nq\"")
        XCTAssertEqual(printer.render(try engine.state.run("return {'a\\n'}", chunkName: "=t")), "{ \"a\\n\" }")
    }

    func testTypesPrintAsIdentifierAndSupertypes() throws {
        let engine = makeEngine()
        let text = ValuePrinter(engine: engine).render(
            try engine.state.run("return uniform.type('.pdb')", chunkName: "=t"))
        XCTAssertEqual(
            text,
            "type com.sunsetlakesoftware.molecules.pdb (conforms to public.plain-text, public.text, public.data, public.content, public.item)"
        )
        let list = ValuePrinter(engine: engine).render(
            try engine.state.run("return { uniform.type('public.text') }", chunkName: "=t"))
        XCTAssertTrue(list.contains("<type public.text (conforms to public.data, public.content, public.item)>"), list)
    }

    func testResolutionsPrintExplained() throws {
        let engine = makeEngine()
        let text = ValuePrinter(engine: engine).render(
            try engine.state.run("return uniform.resolve('.pdb')", chunkName: "=t"))
        XCTAssertTrue(text.hasPrefix(".pdb → com.sunsetlakesoftware.molecules.pdb"), text)
        XCTAssertTrue(text.contains("1. com.sunsetlakesoftware.molecules"), text)
        XCTAssertTrue(text.contains("- LSHandlerRank Owner, role Viewer"), text)
        XCTAssertTrue(text.contains("default: com.sunsetlakesoftware.molecules"), text)
        // Without an engine it is just a table.
        XCTAssertTrue(
            ValuePrinter(engine: nil).render(try engine.state.run("return uniform.resolve('.pdb')", chunkName: "=t"))
                .contains("handlers = {"))
    }

    // MARK: Completer

    func makeCompleter(_ engine: RuleEngine, directory: String = root.path) -> Completer {
        Completer(
            engine: engine, commands: [":help", ":load", ":quit", ":why", ":type"], targetCommands: [":why", ":type"],
            fileCommands: [":load"], directory: directory)
    }

    func testCompletesGlobalsFieldsAndMethods() throws {
        let engine = makeEngine()
        let completer = makeCompleter(engine)
        XCTAssertEqual(completer.complete(line: "unif", cursor: 4), .init(start: 0, candidates: ["uniform"]))
        XCTAssertEqual(completer.complete(line: "x = uniform.ty", cursor: 14), .init(start: 12, candidates: ["type"]))
        XCTAssertEqual(completer.complete(line: "uniform.dyn.en", cursor: 14).candidates, ["encode"])
        XCTAssertTrue(completer.complete(line: "wh", cursor: 2).candidates.contains("while"))
        XCTAssertEqual(completer.complete(line: "nothing.here.x", cursor: 14).candidates, [])
        try engine.state.run("obj = { name = 'n', run = function() end }", chunkName: "=t")
        XCTAssertEqual(completer.complete(line: "obj:", cursor: 4), .init(start: 4, candidates: ["run"]))
        XCTAssertEqual(completer.complete(line: "obj.", cursor: 4).candidates, ["name", "run"])
        // Only the text before the cursor counts.
        XCTAssertEqual(completer.complete(line: "unif + 1", cursor: 4).candidates, ["uniform"])
    }

    func testCompletesTypesAndBundleIDsInStringsAndCommands() {
        let engine = makeEngine()
        let completer = makeCompleter(engine)
        let inString = completer.complete(line: "uniform.type(\"com.sunsetlakesoftware.molecules.p", cursor: 49)
        XCTAssertEqual(inString, .init(start: 14, candidates: ["com.sunsetlakesoftware.molecules.pdb"]))
        XCTAssertTrue(
            completer.complete(line: "uniform.resolve('com.zip", cursor: 24).candidates.contains("com.zipwerk.unzipper")
        )
        XCTAssertEqual(
            completer.complete(line: ":why public.plain-t", cursor: 19),
            .init(start: 5, candidates: ["public.plain-text"]))
        XCTAssertEqual(completer.complete(line: ":ty", cursor: 3), .init(start: 0, candidates: [":type"]))
    }

    func testCompletesFileNamesAfterLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try "".write(to: folder.appendingPathComponent("rules/policy.lua"), atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("rules/.hidden.lua"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        let completer = makeCompleter(makeEngine(), directory: folder.path)
        XCTAssertEqual(completer.complete(line: ":load ru", cursor: 8), .init(start: 6, candidates: ["rules/"]))
        XCTAssertEqual(
            completer.complete(line: ":load rules/", cursor: 12), .init(start: 6, candidates: ["rules/policy.lua"]))
        XCTAssertEqual(completer.complete(line: ":load rules/.h", cursor: 14).candidates, ["rules/.hidden.lua"])
        XCTAssertEqual(
            completer.complete(line: ":load \(folder.path)/rules/p", cursor: 6 + folder.path.count + 8).candidates,
            ["\(folder.path)/rules/policy.lua"])
    }

    // MARK: issue 30: options, nested fields, session locals

    func testCompletesNestedFieldsThroughIndexes() throws {
        let engine = makeEngine()
        let completer = makeCompleter(engine)
        try engine.state.run("r = uniform.resolve('.pdb')", chunkName: "=t")
        let line = "r.handlers[1].bund"
        XCTAssertEqual(completer.complete(line: line, cursor: 18), .init(start: 14, candidates: ["bundle_id"]))
        XCTAssertTrue(completer.complete(line: "r.handlers[1].", cursor: 14).candidates.contains("claimed_type"))
        XCTAssertEqual(completer.complete(line: "r[\"query\"].pla", cursor: 14).candidates, ["platform"])
        XCTAssertEqual(completer.complete(line: "r.handlers[9].", cursor: 14).candidates, [])
    }

    func testCompletesOptionKeysInsideATableArgument() {
        let completer = makeCompleter(makeEngine())
        let line = "uniform.resolve(\".pdb\", { pla"
        XCTAssertEqual(
            completer.complete(line: line, cursor: line.count), .init(start: line.count - 3, candidates: ["platform"]))
        let second = "uniform.resolve('.pdb', { role = 'viewer', po"
        XCTAssertEqual(completer.complete(line: second, cursor: second.count).candidates, ["policies"])
        let call = "uniform.lookup { ext"
        XCTAssertEqual(completer.complete(line: call, cursor: call.count).candidates, ["extension"])
        // A value, or a table that is no query's options, completes names as before.
        let value = "uniform.resolve('.pdb', { platform = unif"
        XCTAssertEqual(completer.complete(line: value, cursor: value.count).candidates, ["uniform"])
        let other = "print({ pla"
        XCTAssertEqual(completer.complete(line: other, cursor: other.count).candidates, [])
    }

    func testCompletesCommandOptionsAndPlatforms() {
        var completer = makeCompleter(makeEngine())
        completer.commands.append(":platform")
        completer.commandOptions = [":why": ["--platform", "--no-policies"], ":type": ["--platform"]]
        completer.platformCommands = [":platform"]
        XCTAssertEqual(completer.complete(line: ":pla", cursor: 4).candidates, [":platform"])
        XCTAssertEqual(completer.complete(line: ":platform m", cursor: 11), .init(start: 10, candidates: ["macos"]))
        XCTAssertEqual(completer.complete(line: ":platform ", cursor: 10).candidates, ["all", "ios", "macos"])
        XCTAssertEqual(
            completer.complete(line: ":why .pdb --", cursor: 12),
            .init(start: 10, candidates: ["--platform", "--no-policies"]))
        XCTAssertEqual(
            completer.complete(line: ":why .pdb --platform i", cursor: 22), .init(start: 21, candidates: ["ios"]))
        XCTAssertEqual(completer.complete(line: ":type .pdb --n", cursor: 14).candidates, [])
        XCTAssertEqual(
            completer.complete(line: ":why .txt public.plain-t", cursor: 24).candidates, ["public.plain-text"])
    }

    func testWhyArgumentsAreParsedNotReadAsTheTarget() throws {
        let options = ["--platform", "--no-policies"]
        XCTAssertEqual(
            try ReplQueryArguments.parse(".opml --platform macos", command: ":why", options: options),
            ReplQueryArguments(target: ".opml", platform: .macos))
        XCTAssertEqual(
            try ReplQueryArguments.parse(
                "--no-policies My Feeds.opml --platform=iOS", command: ":why", options: options),
            ReplQueryArguments(target: "My Feeds.opml", platform: .ios, policies: false))
        XCTAssertThrowsError(try ReplQueryArguments.parse(".opml --platfrom macos", command: ":why", options: options))
        {
            XCTAssertEqual(
                "\($0)",
                ":why: unknown option --platfrom (did you mean --platform?); it takes [--platform macos|ios] [--no-policies]"
            )
        }
        XCTAssertThrowsError(try ReplQueryArguments.parse(".opml --platform mac", command: ":why", options: options)) {
            XCTAssertEqual("\($0)", ":why: unknown platform 'mac' (did you mean macos?); say macos or ios")
        }
        XCTAssertThrowsError(try ReplQueryArguments.parse("--platform ios", command: ":type", options: ["--platform"]))
        {
            XCTAssertEqual("\($0)", ":type needs a target: :type TARGET [--platform macos|ios]")
        }
        XCTAssertThrowsError(
            try ReplQueryArguments.parse(".pdb --no-policies", command: ":type", options: ["--platform"]))
    }

    func testTopLevelLocalsBecomeSessionVariables() throws {
        XCTAssertEqual(SessionLocals.promote("local x = 1"), "x = 1")
        XCTAssertEqual(SessionLocals.promote("local a, b"), "a, b = nil")
        XCTAssertEqual(SessionLocals.promote("local n <const> = 2"), "n = 2")
        XCTAssertEqual(
            SessionLocals.promote("local function f() local y = 1 return y end"),
            "function f() local y = 1 return y end")
        XCTAssertEqual(SessionLocals.promote("local x = 1; local y = 'local z'"), "x = 1; y = 'local z'")
        XCTAssertEqual(SessionLocals.promote("for i = 1, 2 do local t = i end"), "for i = 1, 2 do local t = i end")
        XCTAssertEqual(SessionLocals.promote("local f <close> = nil"), "local f <close> = nil")
        XCTAssertEqual(
            SessionLocals.promote("-- local x\nlocal\n  y = [[local]]"), "-- local x\n\ny = [[local]]",
            "line breaks stay")
        // Through the accumulator: the variable outlives its chunk.
        let engine = makeEngine()
        let input = InputAccumulator(state: engine.state)
        for line in ["local r = uniform.resolve('.pdb')", "local n = #r.handlers"] {
            guard case .ready(let f, _, _) = input.add(line) else { return XCTFail(line) }
            _ = try engine.state.call(f)
        }
        guard case .ready(let g, _, true) = input.add("n") else { return XCTFail("n is an expression") }
        XCTAssertEqual(try engine.state.call(g), [.integer(3)])
    }
}
