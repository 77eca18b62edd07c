import UniformPlist
import XCTest

@testable import UniformCore

/// A file reference listed in two groups resolves through the same one on every run (the
/// dictionary's hash-seeded order picked either; found by reading the code for issue 32).
final class PBXPathsTests: XCTestCase {
    func testAReferenceInTwoGroupsTakesTheFirstGroupByID() throws {
        let text = """
            {
              ZZZ = { isa = PBXGroup; path = b; sourceTree = "<group>"; children = ( FFF ); };
              AAA = { isa = PBXGroup; path = a; sourceTree = "<group>"; children = ( FFF ); };
              FFF = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
            }
            """
        let root = try PlistReader.read(bytes: Array(text.utf8), file: "project.pbxproj").root
        let objects = PBXObjects(try XCTUnwrap(root.dictionary), file: "project.pbxproj")
        let paths = PBXPaths(objects: objects, sourceRoot: "/repo", mainGroup: nil)
        XCTAssertEqual(paths.path(ofReference: "FFF"), "/repo/a/Base.xcconfig")
    }
}
