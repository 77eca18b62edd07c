import UniformCore
import XCTest

/// `uniform claims` lists the apps behind a type in one order whatever order the manifests
/// were named in: `-m B -m A` and `-m A -m B` are the same repository.
final class ClaimMapOrderTests: XCTestCase {
    func claimants(_ manifests: [Manifest], tag: String) -> [String] {
        let map = ClaimMap(tag: tag, tagClass: "public.filename-extension", world: World(manifests: manifests))
        let typed = map.entries.flatMap { entry in entry.claimedBy.map { "\(entry.identifier) \($0.bundleID)" } }
        return typed + map.legacyClaims.map { "legacy \($0.bundleID) \($0.claimedAs)" }
    }

    func testClaimantsAreInBundleIDOrderWhateverTheInputOrder() throws {
        let legacy = """
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeName</key><string>Text</string>
            <key>CFBundleTypeRole</key><string>Viewer</string>
            <key>CFBundleTypeExtensions</key><array><string>txt</string></array></dict></array>
            """
        let zeta = try Fixtures.app("org.zeta.text", claims: [(["public.plain-text"], "Editor", "Default")])
        let alpha = try Fixtures.app("com.alpha.text", claims: [(["public.plain-text"], "Viewer", "Alternate")])
        // Code-point order: upper case sorts before lower case.
        let upper = try Fixtures.app("Com.Upper.text", claims: [(["public.plain-text"], "Viewer", nil)])
        let old = try Fixtures.manifest(
            "<key>CFBundleIdentifier</key><string>net.legacy.b</string>" + legacy, file: "b/Info.plist")
        let older = try Fixtures.manifest(
            "<key>CFBundleIdentifier</key><string>net.legacy.a</string>" + legacy, file: "a/Info.plist")
        let expected = [
            "public.plain-text Com.Upper.text", "public.plain-text com.alpha.text", "public.plain-text org.zeta.text",
            "legacy net.legacy.a txt", "legacy net.legacy.b txt",
        ]
        XCTAssertEqual(claimants([zeta, old, alpha, upper, older], tag: "txt"), expected)
        XCTAssertEqual(claimants([older, upper, alpha, old, zeta], tag: "txt"), expected)
    }
}
