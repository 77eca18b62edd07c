import Foundation
import XCTest

@testable import UniformCore

/// `contents.xcworkspacedata` read directly: how each kind of `location` resolves, groups
/// nesting, what is not a project, and the line of every member.
///
/// Location kinds are Xcode's (the workspace format is undocumented; these are the forms Xcode
/// writes, as in `../shared`'s OpenEmu and in Xcode-generated workspaces): `group:` is relative
/// to the enclosing groups' locations (the workspace's folder at the top), `container:` to the
/// workspace's folder, `absolute:` is a path, `self:` is the project a workspace is inside.
final class XcodeWorkspaceTests: XCTestCase {
    func parse(_ body: String, path: String = "repo/App.xcworkspace") throws -> [String] {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace\n   version = \"1.0\">\n\(body)</Workspace>\n"
        let workspace = try XcodeWorkspace.parse(text, path: path, file: "\(path)/contents.xcworkspacedata")
        return workspace.projects.map { "\($0.path) @\($0.location.line ?? 0)" }
    }

    func testLocationKindsAndNestedGroups() throws {
        let body = """
               <FileRef location = "group:App.xcodeproj">
               </FileRef>
               <Group location = "group:Modules" name = "Modules">
                  <Group location = "group:Net">
                     <FileRef location = "group:Net.xcodeproj"/>
                  </Group>
                  <FileRef location = "container:Tools/Tools.xcodeproj"/>
                  <FileRef location = "group:../Up.xcodeproj"/>
               </Group>
               <FileRef location = "absolute:/opt/x/../Far.xcodeproj"/>
               <FileRef location = "group:README.md"/>
               <FileRef location = "self:"/>

            """
        XCTAssertEqual(
            try parse(body),
            [
                "repo/App.xcodeproj @4",
                "repo/Modules/Net/Net.xcodeproj @8",
                "repo/Tools/Tools.xcodeproj @10",
                "repo/Up.xcodeproj @11",
                "/opt/Far.xcodeproj @13",
            ])
    }

    /// A group without a location (Xcode writes `name` alone for a folder-less group) leaves
    /// its members relative to the group around it; a self-closing group opens nothing.
    func testGroupsWithoutLocationAndSelfClosingGroups() throws {
        let body = """
               <Group name = "Loose">
                  <FileRef location = "group:A/A.xcodeproj"/>
               </Group>
               <Group location = "group:Empty"/>
               <FileRef location = "group:B.xcodeproj"/>

            """
        XCTAssertEqual(try parse(body), ["repo/A/A.xcodeproj @5", "repo/B.xcodeproj @8"])
    }

    /// Entities in attribute values are decoded (`&amp;` in a folder name).
    func testEscapedAttributeValues() throws {
        XCTAssertEqual(
            try parse("   <FileRef location = \"group:R&amp;D/Lab.xcodeproj\"/>\n"), ["repo/R&D/Lab.xcodeproj @4"])
    }

    /// A `>` inside a quoted value does not end the element; a file cut inside one is an
    /// error at the line the element starts on.
    func testQuotedAngleBracketsAndAnUnterminatedElement() throws {
        XCTAssertEqual(try parse("   <FileRef location = \"group:a>b.xcodeproj\"/>\n"), ["repo/a>b.xcodeproj @4"])
        let cut = "<Workspace>\n   <FileRef\n      location = \"group:A.xcodeproj\">\n   <FileRef location = \"group:B"
        XCTAssertThrowsError(
            try XcodeWorkspace.parse(cut, path: "repo/App.xcworkspace", file: "contents.xcworkspacedata")
        ) { error in
            let error = error as? ProjectError
            XCTAssertEqual(error?.location.description, "contents.xcworkspacedata:4")
            XCTAssertEqual(error?.message, "unterminated element in the workspace")
        }
    }

    /// The fixture's workspace, loaded from disk, in document order.
    func testTheFixtureWorkspaceFromDisk() throws {
        let path = XcodeFixture.directory.appendingPathComponent("Suite/Suite.xcworkspace").path
        let workspace = try XcodeWorkspace.load(path + "/")
        let root = XcodeFixture.directory.appendingPathComponent("Suite").path
        XCTAssertEqual(workspace.path, path)
        XCTAssertEqual(
            workspace.projects.map {
                "\($0.path.replacingOccurrences(of: root, with: "<root>")) @\($0.location.line ?? 0)"
            },
            [
                "<root>/Suite.xcodeproj @4",
                "<root>/Modules/Tools/Tools.xcodeproj @10",
                "<root>/Modules/Absent/Absent.xcodeproj @13",
                "<root>/Vendor/Kit/Kit.xcodeproj @20",
                "/opt/elsewhere/Far.xcodeproj @23",
            ])
        XCTAssertThrowsError(try XcodeWorkspace.load(path, boundary: root + "/Modules")) { error in
            XCTAssertEqual(
                (error as? ProjectError)?.message, "the workspace file links outside the repository; it is not read")
        }
    }
}
