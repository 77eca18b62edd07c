import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses XML with libxml2 (through Foundation's `XMLDocument`), failing the test on any
/// well-formedness error, and returns the document for XPath queries.
func parseXML(_ xml: String, file: StaticString = #filePath, line: UInt = #line) throws -> XMLDocument {
    do {
        return try XMLDocument(xmlString: xml, options: [])
    } catch {
        XCTFail("not well-formed XML: \(error)\n\(xml)", file: file, line: line)
        throw error
    }
}

func attribute(_ name: String, of node: XMLNode) -> String? {
    (node as? XMLElement)?.attribute(forName: name)?.stringValue
}
