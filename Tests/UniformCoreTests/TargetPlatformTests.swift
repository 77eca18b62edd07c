import XCTest

@testable import UniformCore

/// Which platforms a target builds for, from its settings (`ProjectReader.platforms`).
final class TargetPlatformTests: XCTestCase {
    func platforms(_ lines: [(String, String)]) -> [Platform] {
        let level = SettingsStack.Level(
            name: "target",
            assignments: lines.enumerated().map { i, pair in
                SettingAssignment(
                    name: pair.0, conditions: [], value: pair.1, location: SourceLocation(file: "p", line: i + 1))
            })
        let stack = SettingsStack(levels: [level], parameters: BuildParameters(sdk: nil, configuration: "Release"))
        return ProjectReader.platforms(stack).platforms.map(\.0)
    }

    /// A new user's finding in IceCubesApp: the app target (`SDKROOT = auto`) supports Mac
    /// Catalyst like its extensions (`SDKROOT = iphoneos`), yet only they were Mac apps too.
    func testMacCatalystMakesAMacAppWhateverTheSDKRoot() {
        XCTAssertEqual(platforms([("SDKROOT", "iphoneos"), ("SUPPORTS_MACCATALYST", "YES")]), [.ios, .macos])
        XCTAssertEqual(
            platforms([
                ("SDKROOT", "auto"), ("SUPPORTED_PLATFORMS", "iphoneos iphonesimulator xros xrsimulator"),
                ("SUPPORTS_MACCATALYST", "YES"),
            ]), [.ios, .macos])
        XCTAssertEqual(
            platforms([("SDKROOT", "auto"), ("SUPPORTED_PLATFORMS", "iphoneos iphonesimulator")]), [.ios])
        XCTAssertEqual(platforms([("SDKROOT", "macosx"), ("SUPPORTS_MACCATALYST", "YES")]), [.macos])
    }
}
