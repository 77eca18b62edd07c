import Foundation
import XCTest

/// `rules/uniform-test.d.lua` declares every assertion the test framework defines, so editors
/// with LuaLS know the test DSL (they flagged every test file).
final class TestDSLDefinitionsTests: XCTestCase {
    func testEveryAssertionIsDeclared() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let framework = try String(
            contentsOf: root.appendingPathComponent("Sources/UniformRules/Testing/test-framework.lua"), encoding: .utf8
        )
        let definitions = try String(
            contentsOf: root.appendingPathComponent("rules/uniform-test.d.lua"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"(?:function A\.(\w+)\(|\bA\.(\w+) = )"#)
        var names = Set<String>()
        for match in pattern.matches(in: framework, range: NSRange(framework.startIndex..., in: framework)) {
            for group in 1...2 {
                if let range = Range(match.range(at: group), in: framework) { names.insert(String(framework[range])) }
            }
        }
        XCTAssertGreaterThan(names.count, 25)
        for name in names.sorted() {
            XCTAssertTrue(
                definitions.contains("function A.\(name)(") || definitions.contains("A.\(name) = "),
                "rules/uniform-test.d.lua does not declare assert.\(name)")
        }
        for global in ["describe", "it", "pending", "before_each", "after_each", "setup", "teardown"] {
            XCTAssertTrue(definitions.contains("function \(global)("), global)
        }
    }
}
