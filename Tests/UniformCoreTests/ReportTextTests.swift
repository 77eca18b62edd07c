import Foundation
import UniformCore
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The one escaping form for text from input (`ReportText`): what each function shows, and the
/// guard that keeps every line from starting a CI workflow command, in each document's syntax.
final class ReportTextTests: XCTestCase {
    func testLineKeepsInputOnOneLine() {
        XCTAssertEqual(ReportText.line("a\n::error::x\r\ny"), "a\\n::error::x\\r\\ny")
        XCTAssertEqual(ReportText.line("tab\tkept"), "tab\tkept")
        XCTAssertEqual(
            ReportText.line("\u{1B}[2J \u{7F}\u{85} \u{200B}\u{202E}\u{2066}\u{061C}\u{FEFF} \u{2028}\u{2029}"),
            "\\u{1B}[2J \\u{7F}\\u{85} \\u{200B}\\u{202E}\\u{2066}\\u{61C}\\u{FEFF} \\u{2028}\\u{2029}")
        XCTAssertEqual(ReportText.line("plain é → 日本"), "plain é → 日本")
    }

    func testVisibleKeepsTheToolsLineBreaks() {
        XCTAssertEqual(ReportText.visible("a\nb\r\u{202E}"), "a\nb\\r\\u{202E}")
    }

    func testInertNeutralisesWorkflowCommandsOnly() {
        XCTAssertEqual(ReportText.inert("::error::x"), "\\u{3A}:error::x")
        // GitHub's runner trims leading blanks, Unicode ones too, before it looks for `::`.
        XCTAssertEqual(ReportText.inert("ok\n    ::error::x"), "ok\n    \\u{3A}:error::x")
        XCTAssertEqual(ReportText.inert("ok\r\t\u{A0}::warning::x"), "ok\r\t\u{A0}\\u{3A}:warning::x")
        // `##[` anywhere, however many `#` come before it.
        XCTAssertEqual(ReportText.inert("a ##[error]b ###[c"), "a #\\u{23}[error]b ##\\u{23}[c")
        // `::` after the start of a line, and single `:` and `#`, are text.
        let plain = "path/Info.plist:3: error: a::b #1 [x] C++ ::"
        XCTAssertEqual(ReportText.inert(plain), plain)
        XCTAssertEqual(ReportText.inert(":x\n: :y"), ":x\n: :y")
    }

    func testInertInXMLAndJSONReadsBackTheSame() throws {
        let text = "a\n  ::error::x ##[y]"
        let xml = "<r>" + ReportText.inert(text, form: .xml) + "</r>"
        XCTAssertEqual(xml, "<r>a\n  &#58;:error::x #&#35;[y]</r>")
        let document = try XMLDocument(xmlString: xml, options: [.nodePreserveWhitespace])
        XCTAssertEqual(document.rootElement()?.stringValue, text)
        XCTAssertEqual(ReportText.inert("\"##[\"", form: .json), "\"#\\u0023[\"")
    }
}
