import Foundation
import UniformCore
import XCTest

/// JSON printed to a CI log (`--format json`, SARIF, TAP diagnostics) holds no workflow-command
/// marker and no raw invisible character, and parsers still read the very same strings.
final class JSONEscapingTests: XCTestCase {
    /// JSON documents write the marker and invisible characters as `\u` escapes themselves.
    func testJSONStringsHoldNoMarker() throws {
        let value = "x ##[error] \u{202E} ###["
        let rendered = JSONValue.array([.string(value)]).rendered()
        XCTAssertFalse(rendered.contains("##["), rendered)
        XCTAssertFalse(rendered.unicodeScalars.contains("\u{202E}"), rendered)
        let parsed = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String]
        XCTAssertEqual(parsed, [value])
    }
}
