import UniformCore
import UniformPlist
import XCTest

final class HandoffTests: XCTestCase {
    /// The hand-off is iOS's (`UIDocumentInteractionController`): the apps are iOS apps. On a
    /// Mac the item-only bookmark type would bind to no app at all.
    func world() throws -> World {
        let iOS = "<key>LSRequiresIPhoneOS</key><true/>"
        let monitor = try Fixtures.app(
            "jp.example.monitor", claims: [(["jp.example.bookmark"], "Viewer", "Owner")],
            extra: """
                <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("jp.example.bookmark", conformsTo: ["public.item"], extensions: ["ssbookmark"]))</array>
                <key>LSSupportsOpeningDocumentsInPlace</key><false/>\(iOS)
                """)
        let inPlace = try Fixtures.app(
            "com.acme.files", claims: [(["public.item"], "Editor", "Alternate")],
            extra: "<key>LSSupportsOpeningDocumentsInPlace</key><true/>" + iOS)
        let editor = try Fixtures.app("com.acme.editor", claims: [(["public.text"], "Editor", nil)], extra: iOS)
        return World(manifests: [monitor, inPlace, editor])
    }

    func annotation() throws -> PlistNode {
        let xml =
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>title</key><string>CPU</string></dict></plist>"#
        return try PlistReader.read(bytes: Array(xml.utf8), file: "a.plist").root
    }

    /// Sender and receiver in another case than their manifests' name the same apps, as in
    /// Launch Services; the receiver is given the ids the system knows.
    func testSenderAndReceiverAreNamedIgnoringCase() throws {
        let sender = try Fixtures.app(
            "jp.example.Lite", claims: [], extra: "<key>LSRequiresIPhoneOS</key><true/>", file: "lite/Info.plist")
        let world = World(manifests: try world().apps + [sender])
        let result = try Handoff(resolver: Resolver(world: world)).send(
            HandoffRequest(file: "a.ssbookmark", from: "JP.EXAMPLE.LITE", to: "JP.Example.Monitor"))
        XCTAssertTrue(result.accepted, result.reason ?? "")
        XCTAssertEqual(result.sourceApplication, "jp.example.Lite")
        XCTAssertEqual(
            result.url,
            "file:///private/var/mobile/Containers/Data/Application/jp.example.monitor/Documents/Inbox/a.ssbookmark")
        XCTAssertEqual(result.resolution.query.from, "jp.example.Lite")
    }

    func testInboxCopyWithDeduplication() throws {
        let handoff = Handoff(resolver: Resolver(world: try world()))
        let result = try handoff.send(
            HandoffRequest(
                file: "Dash board.ssbookmark", from: "jp.example.lite", to: "jp.example.monitor",
                annotation: try annotation(), inbox: ["Dash board.ssbookmark", "Dash board-1.ssbookmark"]))
        XCTAssertTrue(result.accepted)
        XCTAssertEqual(
            result.url,
            "file:///private/var/mobile/Containers/Data/Application/jp.example.monitor/Documents/Inbox/Dash%20board-2.ssbookmark"
        )
        XCTAssertEqual(result.sourceApplication, "jp.example.lite")
        XCTAssertFalse(result.openInPlace)
        XCTAssertEqual(JSONValue(plist: result.annotation!), .object([("title", .string("CPU"))]))
    }

    func testOpenInPlace() throws {
        let result = try Handoff(resolver: Resolver(world: try world())).send(
            HandoffRequest(file: "a.ssbookmark", from: "jp.example.lite", to: "com.acme.files"))
        XCTAssertTrue(result.openInPlace)
        XCTAssertEqual(
            result.url, "file:///private/var/mobile/Containers/Data/Application/jp.example.lite/Documents/a.ssbookmark")
    }

    func testRefusalWhenReceiverCannotOpen() throws {
        let result = try Handoff(resolver: Resolver(world: try world())).send(
            HandoffRequest(file: "a.ssbookmark", from: "jp.example.lite", to: "com.acme.editor"))
        XCTAssertFalse(result.accepted)
        XCTAssertTrue(result.reason!.contains("does not claim jp.example.bookmark"), result.reason!)
    }

    func testAnnotationMustHaveDictionaryRoot() throws {
        let xml = #"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#
        let node = try PlistReader.read(bytes: Array(xml.utf8), file: "a.plist").root
        XCTAssertThrowsError(
            try Handoff(resolver: Resolver(world: try world())).send(
                HandoffRequest(file: "a.ssbookmark", from: "x", to: "jp.example.monitor", annotation: node)))
    }

    func testInboxNames() {
        XCTAssertEqual(Handoff.inboxName(for: "a.pdb", existing: []), "a.pdb")
        XCTAssertEqual(Handoff.inboxName(for: "a.pdb", existing: ["a.pdb"]), "a-1.pdb")
        XCTAssertEqual(Handoff.inboxName(for: "README", existing: ["README"]), "README-1")
    }
}
