import Foundation
import XCTest

/// `--os` and `os =`: answers for one release of each platform, said in text and JSON.
final class OSReleaseCommandTests: XCTestCase {
    /// Issue 29: files the system's other bundles type (Disk Image Mounter, ImageIO's camera
    /// formats, Mail, AVFoundation) type as a Mac types them, not as `dyn.` identifiers.
    func testSystemBundleTypesAreKnown() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let expected = [
            "dmg": "com.apple.disk-image-udif", "iso": "public.iso-image", "CR2": "com.canon.cr2-raw-image",
            "NEF": "com.nikon.raw-image", "ARW": "com.sony.arw-raw-image", "eml": "com.apple.mail.email",
            "emlx": "com.apple.mail.emlx", "ipa": "com.apple.itunes.ipa",
            "MTS": "public.avchd-mpeg-2-transport-stream", "itt": "com.apple.itunes-timed-text",
            "pic": "com.apple.pict", "hdr": "public.radiance",
        ]
        for (ext, identifier) in expected.sorted(by: { $0.key < $1.key }) {
            let json = try CLI.json(
                try CLI.run(["type", "ext:" + ext, "--platform", "macos", "--format", "json"], in: empty).stdout)
            XCTAssertEqual(json["identifier"] as? String, identifier, ext)
        }
        let mbox = try CLI.run(["type", "dir:Inbox.mbox", "--platform", "macos"], in: empty)
        XCTAssertTrue(mbox.stdout.hasPrefix("com.apple.mail.mbox\n"), mbox.stdout)
    }

    /// Types that came with a release exist from that release on: `.toml` on macOS 26,
    /// `.geojson` on macOS 15; before, a dynamic type, as on a real Mac.
    func testAnswersAreForTheReleaseAsked() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        func identifier(_ target: String, _ os: String) throws -> (String, [String]) {
            let run = try CLI.run(["type", target, "--platform", "macos", "--os", os, "--format", "json"], in: empty)
            XCTAssertEqual(run.status, 0, run.stderr)
            let json = try CLI.json(run.stdout)
            return (json["identifier"] as? String ?? "?", json["os"] as? [String] ?? [])
        }
        XCTAssertEqual(try identifier(".toml", "macos26").0, "public.toml")
        XCTAssertTrue(try identifier(".toml", "macos15").0.hasPrefix("dyn."))
        XCTAssertEqual(try identifier(".geojson", "macos15").0, "public.geojson")
        XCTAssertTrue(try identifier(".geojson", "macos14").0.hasPrefix("dyn."))
        XCTAssertEqual(try identifier(".geojson", "macos14").1, ["macos14"])
        // Text says the release too: in headings when platforms differ, in a last line when not.
        let both = try CLI.run(["type", ".geojson", "--os", "macos14"], in: empty)
        XCTAssertTrue(both.stdout.contains("on iOS 27:\npublic.geojson"), both.stdout)
        XCTAssertTrue(both.stdout.contains("on macOS 14:\ndyn."), both.stdout)
    }

    /// An app claiming Disk Image Mounter's type is offered `.dmg` files (it was "no app").
    func testAnAppClaimingASystemBundleTypeIsOffered() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.unarchiver", claims: ["com.apple.disk-image-udif"]), to: dir, "App/Info.plist")
        let run = try CLI.run(["resolve", "Installer.dmg", "--platform", "macos", "--format", "json"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try CLI.json(run.stdout)
        let handlers = (json["handlers"] as? [[String: Any]] ?? []).compactMap { $0["bundle_id"] as? String }
        XCTAssertEqual(handlers, ["com.acme.unarchiver"], run.stdout)
        XCTAssertEqual(json["os"] as? [String], ["macos27"])
        // On macOS 12 the type exists too (Disk Image Mounter declared it long before).
        let old = try CLI.run(["resolve", "Installer.dmg", "--platform", "macos", "--os", "macos12"], in: dir)
        XCTAssertTrue(old.stdout.contains("com.acme.unarchiver"), old.stdout)
        XCTAssertTrue(old.stdout.hasSuffix("answered for macOS 12\n"), old.stdout)
    }

    /// `os` in `.uniform.lua` chooses the release; `--os` beats it; `uniform.os()` says it;
    /// a name the catalog does not describe is an error naming the known ones.
    func testConfigurationAndLua() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(TestManifest.app("com.acme.maps", claims: ["public.geojson"]), to: dir, "App/Info.plist")
        try "print('os', uniform.os())\n".write(
            to: dir.appendingPathComponent("os.lua"), atomically: true, encoding: .utf8)
        try "return { os = \"macos14\", rules = { \"os.lua\" } }\n".write(
            to: dir.appendingPathComponent(".uniform.lua"), atomically: true, encoding: .utf8)
        let configured = try CLI.run(["type", ".geojson"], in: dir)
        XCTAssertTrue(configured.stdout.contains("os\tmacos14\ndyn."), configured.stdout)
        XCTAssertTrue(configured.stdout.hasSuffix("answered for macOS 14\n"), configured.stdout)
        let overridden = try CLI.run(["type", ".geojson", "--os", "macos15"], in: dir)
        XCTAssertTrue(overridden.stdout.contains("os\tmacos15\npublic.geojson\n"), overridden.stdout)

        let unknown = try CLI.run(["type", ".geojson", "--os", "macos16"], in: dir)
        XCTAssertEqual(unknown.status, 2, unknown.stderr)
        XCTAssertTrue(
            unknown.stderr.contains("known: macos12, macos13, macos14, macos15, macos26, macos27"), unknown.stderr)
        try "return { os = \"macos11\" }\n".write(
            to: dir.appendingPathComponent(".uniform.lua"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["type", ".geojson"], in: dir)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains(".uniform.lua"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("'os' names no release"), bad.stderr)
    }

    /// Issue 29: a dynamic identifier gets one answer whether reached from its extension or
    /// named directly, conformance included.
    func testADynamicIdentifierHasOneAnswer() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        for platform in ["macos", "ios"] {
            for ext in ["mxml", "xyz", "sql"] {
                let byTag = try CLI.json(
                    try CLI.run(["type", "ext:" + ext, "--platform", platform, "--format", "json"], in: empty).stdout)
                let id = try XCTUnwrap(byTag["identifier"] as? String)
                XCTAssertTrue(id.hasPrefix("dyn."), id)
                let named = try CLI.json(
                    try CLI.run(["type", "uti:" + id, "--platform", platform, "--format", "json"], in: empty).stdout)
                XCTAssertEqual(named["supertypes"] as? [String], byTag["supertypes"] as? [String], "\(platform) \(ext)")
                XCTAssertEqual(named["supertypes"] as? [String], ["public.data", "public.item"], "\(platform) \(ext)")
                XCTAssertEqual(
                    try CLI.run(["conforms", "uti:" + id, "public.data", "--platform", platform], in: empty).status, 0)
            }
        }
    }
}
