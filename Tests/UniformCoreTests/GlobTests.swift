import UniformCore
import XCTest

/// The one glob every user-written pattern goes through (suppressions, bundle-id patterns,
/// build-setting conditions), as `Glob` documents it.
final class GlobTests: XCTestCase {
    func testStarMatchesAnyRunSlashesIncluded() {
        XCTAssertTrue(Glob.matches("com.acme.*", "com.acme.viewer"))
        XCTAssertTrue(Glob.matches("com.acme.*", "com.acme."), "the empty run")
        XCTAssertFalse(Glob.matches("com.acme.*", "com.acme"))
        XCTAssertTrue(Glob.matches("*", ""))
        XCTAssertTrue(Glob.matches("/repo/App/*.plist", "/repo/App/Sub/Info.plist"), "no path segments")
        XCTAssertTrue(Glob.matches("/repo/**/Info.plist", "/repo/App/Info.plist"))
        XCTAssertTrue(Glob.matches("/repo/**/Info.plist", "/repo/A/B/Info.plist"), "** is *")
        XCTAssertTrue(Glob.matches("a*b*c", "a-b-b-c"), "a later `*` takes over when an earlier one has run out")
        XCTAssertFalse(Glob.matches("a*b*c", "a-b-b-d"))
    }

    func testQuestionMarkIsOneCharacterHoweverManyBytes() {
        XCTAssertTrue(Glob.matches("arm6?", "arm64"))
        XCTAssertFalse(Glob.matches("arm6?", "arm6"))
        XCTAssertFalse(Glob.matches("arm6?", "arm64e"))
        // é is two bytes, 🗂 four: each is one `?` (it took one `?` per byte before).
        XCTAssertTrue(Glob.matches("/repo/R?sum?/Info.plist", "/repo/Résumé/Info.plist"))
        XCTAssertFalse(Glob.matches("/repo/R??sum??/Info.plist", "/repo/Résumé/Info.plist"))
        XCTAssertTrue(Glob.matches("?.plist", "🗂.plist"))
        XCTAssertTrue(Glob.matches("*?.plist", "🗂.plist"))
        XCTAssertFalse(Glob.matches("*??.plist", "🗂.plist"), "a `*` never leaves half a character to a `?`")
    }

    func testEverythingElseMatchesItselfAndTheWholeText() {
        XCTAssertFalse(Glob.matches("App", "App/Info.plist"), "the whole text, not a part")
        XCTAssertFalse(Glob.matches("Info.plist", "App/Info.plist"))
        XCTAssertTrue(Glob.matches("[ab].plist", "[ab].plist"), "no bracket expressions")
        XCTAssertFalse(Glob.matches("[ab].plist", "a.plist"))
        XCTAssertTrue(Glob.matches(#"a\*"#, #"a\xyz"#), "a backslash escapes nothing")
        // A `*` in the text is text: the pattern's `*` still matches any run after it.
        XCTAssertTrue(Glob.matches("a*", "a*b"))
        XCTAssertTrue(Glob.matches("/repo/*/Info.plist", "/repo/We*rd/Info.plist"))
    }

    func testCaseCountsUnlessIgnoredAndThenOnlyASCIIFolds() {
        XCTAssertFalse(Glob.matches("/repo/app/*", "/repo/App/Info.plist"))
        XCTAssertTrue(Glob.matches("com.Microsoft.*", "com.microsoft.VSCode", ignoringCase: true))
        XCTAssertTrue(Glob.matches("COM.ACME.?", "com.acme.x", ignoringCase: true))
        XCTAssertFalse(Glob.matches("é", "É", ignoringCase: true), "bundle ids are ASCII; é stays é")
    }

    /// Xcode's build-setting conditions are fnmatch(3) patterns, where `?` is one character;
    /// uniform's own matcher for them took `?` literally.
    func testBuildSettingConditionsTakeQuestionMarkAsOneCharacter() {
        let build = BuildParameters(sdk: "iphoneos", configuration: "Release")
        XCTAssertTrue(build.satisfies([SettingCondition(parameter: "arch", pattern: "arm6?")]))
        XCTAssertTrue(build.satisfies([SettingCondition(parameter: "config", pattern: "Rel*")]))
        XCTAssertFalse(build.satisfies([SettingCondition(parameter: "sdk", pattern: "iphoneos?")]))
        XCTAssertFalse(build.satisfies([SettingCondition(parameter: "config", pattern: "release")]), "case counts")
    }
}
