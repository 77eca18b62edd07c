import Foundation
import XCTest

/// A hand-off happens on one device, as that platform does it (issue 30): on macOS "open with"
/// (no Inbox copy, no annotation, routes not run), folders and packages typed as on the Mac,
/// hide rules applied; a sender of the other platform only is refused.
final class HandoffPlatformTests: XCTestCase {
    let fixture = "Tests/UniformCLITests/HandoffMac"

    func send(_ file: String, from: String, to: String, _ extra: [String] = []) throws -> CLI.Result {
        try CLI.run(
            ["send", file, "--from", from, "--to", to, "-m", "\(fixture)/apps", "-r", "\(fixture)/hide.lua"] + extra)
    }

    /// The case that showed it (CotEditor's settings backup): accepted for an app the hide rule
    /// keeps it from, typed as a flat file, with an iOS Inbox URL for a Mac app.
    func testAHiddenPackageIsRefusedOnTheMac() throws {
        let run = try send("Backup.cotsettings/", from: "com.coteditor.CotEditor", to: "com.macromates.TextMate")
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix(
                "refused (on macOS): com.macromates.TextMate cannot open com.coteditor.CotEditor.settings: hidden by the rule at \(fixture)/hide.lua:2"
            ), run.stdout)
    }

    func testOnTheMacTheAppOpensTheDocumentWhereItIs() throws {
        let run = try send(
            "dir:/Users/me/Backup.cotsettings", from: "com.apple.finder", to: "com.coteditor.CotEditor",
            ["--annotation", "\(fixture)/annotation.plist"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            accepted (on macOS): com.coteditor.CotEditor.settings
              url: file:///Users/me/Backup.cotsettings/
              source application: 
              open in place: yes
              annotation: (none)
              note: on macOS a hand-off is "open with": com.coteditor.CotEditor is asked to open the document where it is (NSWorkspace), with no Inbox copy
              note: the annotation is not delivered: annotations travel only with iOS's Open In (UIDocumentInteractionController.annotation)

            """)
        // A flat file of the same name is not the package type, as on the Mac.
        let flat = try send("Backup.cotsettings", from: "com.apple.finder", to: "com.coteditor.CotEditor")
        XCTAssertEqual(flat.status, 1, flat.stdout)
        XCTAssertFalse(flat.stdout.contains("accepted"), flat.stdout)
    }

    func testOnIOSTheNameLosesItsPrefixAndASenderOfTheMacIsRefused() throws {
        let inbox = try send(
            "dir:notes.txt", from: "com.example.other", to: "com.example.notes", ["--format", "json"])
        XCTAssertEqual(inbox.status, 0, inbox.stdout + inbox.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(inbox.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["platform"] as? String, "ios")
        XCTAssertEqual(
            json["url"] as? String,
            "file:///private/var/mobile/Containers/Data/Application/com.example.notes/Documents/Inbox/notes.txt")
        XCTAssertEqual(json["notes"] as? [String], [])

        let across = try send("notes.txt", from: "com.coteditor.CotEditor", to: "com.example.notes")
        XCTAssertEqual(across.status, 1)
        XCTAssertEqual(
            across.stdout,
            "refused (on iOS): com.coteditor.CotEditor is an app of macOS only; a hand-off to com.example.notes happens on iOS, on one device\n"
        )
    }

    /// A receiver the world does not have is refused on the sender's device, not an error
    /// asking for a platform (NetNewsWire's suite sent to a reader it had misspelled).
    func testAnUnknownReceiverIsRefusedOnTheSendersPlatform() throws {
        let run = try send("notes.txt", from: "com.example.notes", to: "com.example.missing")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stdout, "refused (on iOS): no app 'com.example.missing' in the world; load its manifest with -m\n")
    }

    func testLuaSendSaysThePlatformAndItsNotes() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        local r = uniform.send{ file = "dir:Backup.cotsettings", from = "com.apple.finder", to = "com.coteditor.CotEditor" }
        print(r.platform, r.accepted, r.url, #r.notes, r.type)

        """.write(to: dir.appendingPathComponent("probe.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["repl", "-m", "\(fixture)/apps", "-r", "\(fixture)/hide.lua"],
            stdin: try String(contentsOf: dir.appendingPathComponent("probe.lua"), encoding: .utf8))
        XCTAssertTrue(
            run.stdout.contains("macos\ttrue\tnil\t1\tcom.coteditor.CotEditor.settings"), run.stdout + run.stderr)
    }
}
