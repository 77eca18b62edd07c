import Foundation
import XCTest

/// `PRODUCT_BUNDLE_IDENTIFIER = $PRODUCT_BUNDLE_IDENTIFIER_ROOT` in a real project (issue 28):
/// Xcode reads a bare `$NAME` as `$(NAME)`, in build settings and in the Info.plist it builds.
final class BareSettingReferenceTests: XCTestCase {
    func testABareReferenceGivesTheTargetItsBundleID() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = TestProject.pbxproj(
            projectSettings: [("SDKROOT", "macosx"), ("PRODUCT_BUNDLE_IDENTIFIER_ROOT", "com.acme")],
            targets: [
                .init(
                    name: "App",
                    settings: [
                        ("PRODUCT_BUNDLE_IDENTIFIER", "$PRODUCT_BUNDLE_IDENTIFIER_ROOT"),
                        ("INFOPLIST_FILE", "App/Info.plist"),
                    ]),
                .init(
                    name: "Viewer",
                    settings: [
                        ("PRODUCT_BUNDLE_IDENTIFIER", "${PRODUCT_BUNDLE_IDENTIFIER_ROOT}.viewer"),
                        ("INFOPLIST_FILE", "Viewer/Info.plist"),
                    ]),
            ])
        try TestProject.write(text, to: dir)
        try TestManifest.write(
            TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.png"]), to: dir, "App/Info.plist")
        // The Info.plist may use the bare form too.
        try TestManifest.write(
            TestManifest.app("$PRODUCT_BUNDLE_IDENTIFIER", claims: ["public.jpeg"]), to: dir, "Viewer/Info.plist")
        let run = try CLI.run(["check", "--verbose", "--format", "json"], in: dir)
        XCTAssertTrue(run.stderr.contains("app: com.acme [macos] App/Info.plist"), run.stderr)
        XCTAssertTrue(run.stderr.contains("app: com.acme.viewer [macos] Viewer/Info.plist"), run.stderr)
        XCTAssertFalse(run.stdout.contains("bundle-id-placeholder"), run.stdout)
        XCTAssertFalse(run.stdout.contains("unresolved-placeholder"), run.stdout)
    }
}
