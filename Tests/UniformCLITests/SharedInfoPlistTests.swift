import Foundation
import XCTest

/// Several targets pointing at one Info.plist (issue 28: three targets, every finding three
/// times, and a declaration reported as a duplicate of itself).
final class SharedInfoPlistTests: XCTestCase {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleIdentifier</key>
        	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        	<key>CFBundleDocumentTypes</key>
        	<array>
        		<dict>
        			<key>CFBundleTypeName</key>
        			<string>Acme Document</string>
        			<key>CFBundleTypeRole</key>
        			<string>Editor</string>
        			<key>LSItemContentTypes</key>
        			<array>
        				<string>com.acme.document</string>
        			</array>
        		</dict>
        	</array>
        	<key>UTExportedTypeDeclarations</key>
        	<array>
        		<dict>
        			<key>UTTypeIdentifier</key>
        			<string>com.acme.document</string>
        			<key>UTTypeDescription</key>
        			<string>Acme Document</string>
        			<key>UTTypeConformsTo</key>
        			<array>
        				<string>public.data</string>
        			</array>
        			<key>UTTypeTagSpecification</key>
        			<dict>
        				<key>public.filename-extension</key>
        				<array>
        					<string>acme</string>
        				</array>
        			</dict>
        		</dict>
        	</array>
        </dict>
        </plist>
        """

    func repository(ids: [String]) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        let targets = zip(["Acme", "Acme Pro", "Acme Lite"], ids).map { name, id in
            TestProject.Target(
                name: name, settings: [("PRODUCT_BUNDLE_IDENTIFIER", id), ("INFOPLIST_FILE", "Shared/Info.plist")])
        }
        try TestProject.write(
            TestProject.pbxproj(projectSettings: [("SDKROOT", "macosx")], targets: targets), to: dir)
        try TestManifest.write(Self.plist, to: dir, "Shared/Info.plist")
        return dir
    }

    func findings(_ dir: URL) throws -> [[String: Any]] {
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let json = try CLI.json(run.stdout)
        return try XCTUnwrap(json["findings"] as? [[String: Any]], run.stdout + run.stderr)
    }

    func testEachDefectOfASharedInfoPlistIsReportedOnceNamingTheTargets() throws {
        let dir = try repository(ids: ["com.acme.app", "com.acme.app.pro", "com.acme.app.lite"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let findings = try findings(dir)
        let inFile = findings.filter { ($0["file"] as? String) == "Shared/Info.plist" }
        // The document type has no LSHandlerRank: one finding, not three.
        let rank = inFile.filter { ($0["rule"] as? String) == "missing-handler-rank" }
        XCTAssertEqual(rank.count, 1, "\(inFile)")
        let message = try XCTUnwrap(rank.first?["message"] as? String)
        XCTAssertTrue(message.hasSuffix(" (targets Acme, Acme Pro, Acme Lite)"), message)
        // No two findings at one place of the file say the same thing.
        var seen = Set<String>()
        for f in inFile {
            let key = "\(f["rule"] ?? "") \(f["line"] ?? "") \(f["column"] ?? "")"
            XCTAssertTrue(seen.insert(key).inserted, "reported twice: \(key) in \(inFile)")
        }
        // One declaration in one file is no duplicate of itself.
        for f in findings where (f["rule"] as? String) == "duplicate-declaration" {
            let related = (f["related"] as? [[String: Any]]) ?? []
            XCTAssertFalse(
                related.contains {
                    ($0["file"] as? String) == (f["file"] as? String) && ($0["line"] as? Int) == (f["line"] as? Int)
                },
                "a duplicate of itself: \(f)")
        }
        XCTAssertFalse(findings.contains { ($0["rule"] as? String) == "duplicate-declaration" }, "\(findings)")
    }

    /// Targets that share the file and the bundle id are one app built in variants (DeSmuME's
    /// 16 targets for Apple Silicon, Intel, PowerPC and release stages; the second holdout set):
    /// no clash, and one handler, not `com.acme.app#2` beside it.
    func testTargetsSharingTheFileAndTheIDAreOneApp() throws {
        let dir = try repository(ids: ["com.acme.app", "com.acme.app", "com.acme.app.lite"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let findings = try findings(dir)
        XCTAssertFalse(findings.contains { ($0["rule"] as? String) == "duplicate-bundle-id" }, "\(findings)")
        let resolve = try CLI.run(["resolve", ".acme"], in: dir)
        XCTAssertFalse(resolve.stdout.contains("com.acme.app#2"), resolve.stdout)
        XCTAssertTrue(resolve.stdout.contains("com.acme.app.lite"), resolve.stdout)
    }
}
