import XCTest

@testable import UniformPlist

/// The OpenStep (old-style ASCII) reader.
final class OpenStepReaderTests: XCTestCase {
    func testDictionariesArraysStringsAndData() throws {
        let text = """
            // leading comment
            {
                bare = abc_$+/:.-9;
                quoted = "line\\nnext\\t\\"q\\" \\\\ \\U00e9 \\101";
                single = 'it\\'s';
                list = ( one, "two", ( nested ), );
                data = <0001 02ff>;
                /* block
                   comment */
                empty = {};
                last = x
            }
            """
        let document = try PlistTest.read(text)
        XCTAssertEqual(document.format, .openStep)
        let root = try XCTUnwrap(document.root.dictionary)
        XCTAssertEqual(root.keys, ["bare", "quoted", "single", "list", "data", "empty", "last"])
        XCTAssertEqual(root["bare"]?.string, "abc_$+/:.-9")
        XCTAssertEqual(root["quoted"]?.string, "line\nnext\t\"q\" \\ é A")
        XCTAssertEqual(root["list"]?.array?.count, 3)
        XCTAssertEqual(root["list"]?.array?[2].array?.first?.string, "nested")
        guard case .data(let bytes)? = root["data"]?.value else { return XCTFail("data") }
        XCTAssertEqual(bytes, [0x00, 0x01, 0x02, 0xFF])
        XCTAssertEqual(root["last"]?.string, "x")
        XCTAssertEqual(document.comments.map(\.text), ["leading comment", "block\n       comment"])
        XCTAssertEqual(root.entry("list")?.keyMark.line, 6)
        XCTAssertEqual(root.entry("list")?.keyMark.column, 5)
    }

    /// Comments are trimmed on bytes for speed; Foundation's `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` is the specification, Unicode spaces included.
    func testCommentTrimmingAgreesWithFoundation() throws {
        let bodies = [
            "Foo.swift", "  Foo.swift\t", "\u{00A0}nbsp\u{00A0}", " \u{2028} line sep ", "\u{3000}ideographic",
            "é", " é ", "\u{0085}next line", "tab\tinside", "\u{000B}\u{000C}vt ff\r", "", "   ", "\u{00A0}",
            "a\u{200B}",
        ]
        for body in bodies {
            let document = try PlistTest.read("{ a = b /*\(body)*/; }")
            XCTAssertEqual(
                document.comments.map(\.text), [body.trimmingCharacters(in: .whitespacesAndNewlines)],
                body.debugDescription)
        }
    }

    func testScalarsAreStrings() throws {
        let root = try XCTUnwrap(try PlistTest.read("{ a = 12; b = YES; }").root.dictionary)
        XCTAssertEqual(root["a"]?.string, "12")
        XCTAssertEqual(root["b"]?.string, "YES")
    }

    func testStringsFileFormWithoutBraces() throws {
        let root = try XCTUnwrap(try PlistTest.read("\"k\" = \"v\";\nother = w;\n").root.dictionary)
        XCTAssertEqual(root["k"]?.string, "v")
        XCTAssertEqual(root["other"]?.string, "w")
    }

    func testErrorsHavePositions() throws {
        let cases: [(String, String)] = [
            ("{ a = b }}", "after the end"),
            ("{ a = ; }", "expected a value"),
            ("{ a b; }", "expected '='"),
            ("( a b )", "expected ',' or ')'"),
            ("{ a = \"open; }", "unterminated quoted string"),
            ("<0g>", "in <hex data>"),
            ("( a, /* open", "unterminated /* comment"),
            ("   // only a comment", "only whitespace and comments"),
        ]
        for (text, expected) in cases {
            guard let error = PlistTest.error(text) else { continue }
            XCTAssertTrue(error.message.contains(expected), "\(text): \(error.message)")
            XCTAssertTrue(error.description.contains("bad.plist:1:"), "\(text): \(error.description)")
        }
    }
}
