import Foundation
import UniformCore
import UniformRules
import XCTest

/// What a pull request's rule file cannot do to the run: replace the `uniform` API (a rule that
/// replaced `uniform.apps` silently disabled the standard checks after it), return nonsense from
/// a policy unnoticed, or print CI workflow commands and terminal escapes.
final class APIProtectionTests: XCTestCase {
    func engine(output: @escaping (String) -> Void = { _ in }) -> RuleEngine {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let loaded = ManifestLoader().load([root.appendingPathComponent("examples/molecules/apps").path])
        return RuleEngine(inputs: WorldInputs(manifests: loaded.manifests), output: output)
    }

    func testTheAPITableIsReadOnly() throws {
        for attack in [
            "uniform.apps = function() return {} end", "rawset(uniform, 'apps', function() return {} end)",
            "uniform.dyn.encode = nil", "setmetatable(uniform, nil)", "uniform.brand_new = 1",
        ] {
            let e = engine()
            XCTAssertThrowsError(try e.load(source: attack, chunkName: "rules/attack.lua"), attack) { error in
                XCTAssertTrue("\(error)".contains("rules/attack.lua:1"), "\(attack): \(error)")
            }
        }
        // Reading, iterating and calling still work.
        let e = engine()
        try e.load(
            source: """
                local names = 0
                for name, value in pairs(uniform) do if type(value) == "function" then names = names + 1 end end
                assert(names > 20, "pairs walks the API: " .. names)
                assert(#uniform.apps() > 0 and uniform.dyn.encode("public.filename-extension", "pdb"):find("^dyn%."))
                """, chunkName: "rules/ok.lua")
    }

    func testAPolicyReturningANonTableIsAnErrorAtItsLine() throws {
        let e = engine()
        try e.load(
            source: "\nuniform.policy('odd', function(query, candidates) return 'first' end)",
            chunkName: "rules/odd.lua")
        XCTAssertThrowsError(
            try e.resolve(
                Query(target: Target.parse(".pdb", graph: e.world.graph, fileExists: { _ in false }), text: ".pdb"))
        ) { error in
            XCTAssertTrue("\(error)".contains("rules/odd.lua:2: policy 'odd' returned a string"), "\(error)")
        }
    }

    func testPrintCannotForgeWorkflowCommandsOrEscapes() throws {
        var lines: [String] = []
        let e = engine { lines.append($0) }
        try e.load(source: #"print("ok\n::error file=x::forged\27[2J")"#, chunkName: "rules/print.lua")
        let text = lines.joined(separator: "\n")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B }, text)
        XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("::") }, text)
        XCTAssertTrue(text.contains("forged\\u{1B}[2J"), text)
    }
}
