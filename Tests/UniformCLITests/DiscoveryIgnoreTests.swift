import Foundation
import XCTest

/// A folder holding `.uniform-ignore` is not searched: test fixtures and frozen copies of other
/// projects are not the repository's apps (this package's holdout sets made every query from the
/// package root load 25 other repositories and print their warnings).
final class DiscoveryIgnoreTests: XCTestCase {
    func testAFolderWithTheMarkerIsNotDiscovered() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestProject.write(
            TestProject.pbxproj(
                projectSettings: [("SDKROOT", "macosx")],
                targets: [
                    TestProject.Target(
                        name: "App",
                        settings: [("PRODUCT_BUNDLE_IDENTIFIER", "com.acme.app"), ("INFOPLIST_FILE", "App/Info.plist")])
                ]), to: dir)
        try TestManifest.write(
            TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        let fixtures = dir.appendingPathComponent("Tests/Fixtures")
        try TestProject.write(
            TestProject.pbxproj(
                projectSettings: [("SDKROOT", "macosx")],
                targets: [
                    TestProject.Target(
                        name: "Fixture",
                        settings: [
                            ("PRODUCT_BUNDLE_IDENTIFIER", "com.other.fixture"), ("INFOPLIST_FILE", "F/Info.plist"),
                        ])
                ]), to: fixtures, name: "Fixture")
        try TestManifest.write(
            TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.plain-text"]), to: fixtures,
            "F/Info.plist")

        let before = try CLI.run(["resolve", ".txt", "--platform", "macos"], in: dir)
        XCTAssertTrue(before.stdout.contains("com.other.fixture"), before.stdout)
        try TestManifest.write("", to: dir, "Tests/.uniform-ignore")
        let after = try CLI.run(["resolve", ".txt", "--platform", "macos"], in: dir)
        XCTAssertTrue(after.stdout.contains("com.acme.app"), after.stdout)
        XCTAssertFalse(after.stdout.contains("com.other.fixture"), after.stdout)
    }

    /// Without an Xcode project the Info.plist files in the tree are the apps, but not those of
    /// dependencies: a CocoaPods `Pods/Lib/Info.plist` was read as one of the team's apps.
    func testDependenciesAreNotAppsWithoutAProject() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (folder, id) in [
            ("App", "com.acme.app"), ("Pods/Lib", "org.cocoapods.lib"), ("Carthage/Build/Kit", "com.kit"),
        ] {
            try TestManifest.write(TestManifest.app(id, claims: ["public.plain-text"]), to: dir, "\(folder)/Info.plist")
        }
        let run = try CLI.run(["resolve", ".txt", "--platform", "macos"], in: dir)
        XCTAssertTrue(run.stdout.contains("com.acme.app"), run.stdout)
        XCTAssertFalse(run.stdout.contains("org.cocoapods.lib"), run.stdout)
        XCTAssertFalse(run.stdout.contains("com.kit"), run.stdout)
        // Named, a dependency's manifest is read.
        let named = try CLI.run(["resolve", ".txt", "--platform", "macos", "-m", "Pods/Lib"], in: dir)
        XCTAssertTrue(named.stdout.contains("org.cocoapods.lib"), named.stdout + named.stderr)
    }
}
