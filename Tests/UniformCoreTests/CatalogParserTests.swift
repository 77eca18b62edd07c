import XCTest

@testable import UniformCore

/// The catalog format itself, on small inputs: escapes, optional fields, errors.
final class CatalogParserTests: XCTestCase {
    private func parse(_ text: String) throws -> [CatalogDeclaration] {
        try CatalogParser.parse(Array(text.utf8))
    }

    func testFieldsAndFlags() throws {
        let parsed = try parse("# comment\n\na.b\tEW\tp.one|p.two\tDesc\thttp://x\tc.one=v1|v 2\tc.two=w\nc.d\tI\n")
        XCTAssertEqual(parsed.count, 2)
        XCTAssertEqual(
            parsed[0],
            CatalogDeclaration(
                identifier: "a.b", isExported: true, parents: ["p.one", "p.two"],
                tags: [.init(tagClass: "c.one", values: ["v1", "v 2"]), .init(tagClass: "c.two", values: ["w"])],
                isWildcard: true, description: "Desc", referenceURL: "http://x", line: 3))
        XCTAssertEqual(
            parsed[1],
            CatalogDeclaration(
                identifier: "c.d", isExported: false, parents: [], tags: [], isWildcard: false,
                description: nil, referenceURL: nil, line: 4))
    }

    func testEscapes() throws {
        let fields = [
            ##"\#x"##, // a leading '#' escaped: not a comment
            "E",
            "",
            #"line\none\\two\ttab"#,
            "",
            #"cl\=ass=a\|b|c=d|e\\"#, // '=' inside a value needs no escape
        ]
        let declaration = try XCTUnwrap(try parse(fields.joined(separator: "\t")).first)
        XCTAssertEqual(declaration.identifier, "#x")
        XCTAssertEqual(declaration.description, "line\none\\two\ttab")
        XCTAssertEqual(declaration.tags, [.init(tagClass: "cl=ass", values: ["a|b", "c=d", "e\\"])])
    }

    func testCRLFLineEndings() throws {
        let parsed = try parse("a\tE\t\tDesc\r\nb\tI\r\n")
        XCTAssertEqual(parsed.map(\.identifier), ["a", "b"])
        XCTAssertEqual(parsed[0].description, "Desc")
    }

    func testMalformedLinesAreRejected() {
        for bad in ["lonely", "a\tX", "a\tWE", "a\t", "a\tE\t\t\t\tnoequals", "a\tE\t\t\t\t=v", "\tE"] {
            XCTAssertThrowsError(try parse("# header\n" + bad + "\n"), bad.debugDescription) { error in
                XCTAssertEqual((error as? CatalogParser.Failure)?.line, 2)
            }
        }
    }
}
