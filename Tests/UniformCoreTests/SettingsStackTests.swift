import UniformCore
import XCTest

/// Build settings resolved as Xcode resolves them: levels, `$(inherited)`, conditions,
/// nested references, modifiers, cycles.
final class SettingsStackTests: XCTestCase {
    func level(_ name: String, _ lines: [(String, String)]) -> SettingsStack.Level {
        SettingsStack.Level(
            name: name,
            assignments: lines.enumerated().map { i, pair in
                let (key, conditions) = SettingAssignment.parseKey(pair.0)!
                return SettingAssignment(
                    name: key, conditions: conditions, value: pair.1, location: SourceLocation(file: name, line: i + 1))
            })
    }

    func stack(
        _ levels: [SettingsStack.Level], sdk: String? = "iphoneos", configuration: String = "Release"
    ) -> SettingsStack {
        SettingsStack(levels: levels, parameters: BuildParameters(sdk: sdk, configuration: configuration))
    }

    func testSettingNamesAreASCIILettersDigitsAndUnderscore() {
        for name in ["PRODUCT_BUNDLE_IDENTIFIER", "_PRIVATE", "a1", "INFOPLIST_KEY_UIMainStoryboardFile", "X"] {
            XCTAssertTrue(SettingAssignment.isSettingName(name), name)
        }
        for name in ["", "1ABC", "PRODUCT-NAME", "ÉTAT", "NAME é", "KEY[sdk=*]", "A B", "Ａ"] {
            XCTAssertFalse(SettingAssignment.isSettingName(name), name)
        }
    }

    func testHigherLevelsWinAndInheritedReadsTheLevelBelow() {
        let s = stack([
            level("project.xcconfig", [("FLAGS", "-a")]),
            level("project", [("FLAGS", "$(inherited) -b")]),
            level("target.xcconfig", [("FLAGS", "$(inherited) -c"), ("FLAGS", "$(inherited) -d")]),
            level("target", [("OTHER", "x")]),
        ])
        XCTAssertEqual(s.value("FLAGS"), "-a -b -c -d")
        XCTAssertEqual(s.location(of: "FLAGS"), SourceLocation(file: "target.xcconfig", line: 2))
    }

    func testConditionalSettingsMatchTheBuild() {
        let levels = [
            level("target", [("KEY", "plain"), ("KEY[sdk=iphoneos*]", "phone"), ("KEY[config=Debug]", "debug")])
        ]
        XCTAssertEqual(stack(levels, sdk: "iphoneos").value("KEY"), "phone")
        XCTAssertEqual(stack(levels, sdk: "macosx").value("KEY"), "plain")
        XCTAssertEqual(stack(levels, sdk: "macosx", configuration: "Debug").value("KEY"), "debug")
        // An unknown build parameter never holds.
        XCTAssertNil(stack([level("t", [("K[variant2=x]", "v")])]).value("K"))
    }

    func testReferencesNestAndTakeModifiers() {
        let s = stack([
            level(
                "target",
                [
                    ("PRODUCT_NAME", "NeoGeo Pocket"),
                    ("CONFIGURATION_SUFFIX_Release", ".release"),
                    ("CONFIGURATION", "Release"),
                    ("ID", "org.openemu.$(PRODUCT_NAME:rfc1034identifier)$(CONFIGURATION_SUFFIX_$(CONFIGURATION))"),
                    ("MODULE", "${PRODUCT_NAME:identifier}"),
                    ("LOWER", "$(PRODUCT_NAME:lower)"),
                    ("EMPTY", "https:/$()/example.com"),
                    ("FALLBACK", "$(UNSET:default=fallback)"),
                    ("KEEP", "$(UNSET).x"),
                ])
        ])
        XCTAssertEqual(s.value("ID"), "org.openemu.NeoGeo-Pocket.release")
        XCTAssertEqual(s.value("MODULE"), "NeoGeo_Pocket")
        XCTAssertEqual(s.value("LOWER"), "neogeo pocket")
        XCTAssertEqual(s.value("EMPTY"), "https://example.com")
        XCTAssertEqual(s.value("FALLBACK"), "fallback")
        XCTAssertEqual(s.value("KEEP"), "$(UNSET).x", "a setting nobody sets stays verbatim")
    }

    /// Xcode reads a setting that names itself from the levels below (IceCubesApp's targets:
    /// `DEVELOPMENT_TEAM = "$(DEVELOPMENT_TEAM)"` over a project xcconfig that sets it). Once
    /// reported as a cycle on every such target: five false warnings on a healthy project.
    func testASettingThatNamesItselfTakesTheValueBelow() {
        let s = stack([
            level("project", [("DEVELOPMENT_TEAM", "Z6P74P6T99"), ("FLAGS", "-a")]),
            level(
                "target",
                [("DEVELOPMENT_TEAM", "$(DEVELOPMENT_TEAM)"), ("FLAGS", "$(FLAGS) -b"), ("ALONE", "x$(ALONE)")]),
        ])
        XCTAssertEqual(s.value("DEVELOPMENT_TEAM"), "Z6P74P6T99")
        XCTAssertEqual(s.value("FLAGS"), "-a -b")
        XCTAssertEqual(s.value("ALONE"), "x", "nothing below: empty, as $(inherited)")
        XCTAssertFalse(s.findings.contains { $0.rule == "xcode.setting-cycle" }, "\(s.findings)")
    }

    func testACycleIsReportedNotLoopedOn() {
        let s = stack([level("target", [("A", "$(B)"), ("B", "x$(A)")])])
        _ = s.table()
        XCTAssertTrue(s.findings.contains { $0.rule == "xcode.setting-cycle" })
        XCTAssertNotNil(s.value("A"))
    }

    func testAnExponentialExpansionIsCut() {
        var lines: [(String, String)] = [("V0", String(repeating: "x", count: 64))]
        for i in 1...40 { lines.append(("V\(i)", "$(V\(i - 1))$(V\(i - 1))")) }
        let s = stack([level("target", lines)])
        let value = s.value("V40") ?? ""
        XCTAssertLessThanOrEqual(value.count, 16_384)
        XCTAssertTrue(s.findings.contains { $0.rule == "xcode.setting-too-long" })
    }

    /// `PRODUCT_BUNDLE_IDENTIFIER = $PRODUCT_BUNDLE_IDENTIFIER_ROOT` (issue 28): Xcode reads a
    /// bare `$NAME` as `$(NAME)`; `$$` is one `$`; a `$` before anything else is itself.
    func testBareReferencesAndTheDollarEscape() {
        let s = stack([
            level("project", [("PRODUCT_BUNDLE_IDENTIFIER_ROOT", "com.acme"), ("FLAGS", "-a")]),
            level(
                "target",
                [
                    ("PRODUCT_BUNDLE_IDENTIFIER", "$PRODUCT_BUNDLE_IDENTIFIER_ROOT"),
                    ("WIDGET", "${PRODUCT_BUNDLE_IDENTIFIER}-$PRODUCT_BUNDLE_IDENTIFIER_ROOT"),
                    ("FLAGS", "$inherited -b"),
                    ("PRICE", "$$5 and $$PRODUCT_BUNDLE_IDENTIFIER_ROOT, $5, 100$, $ alone"),
                    ("UNSET", "$NOBODY_SETS_THIS/x"),
                    ("DOTTED", "$PRODUCT_BUNDLE_IDENTIFIER_ROOT.widget"),
                    ("SUFFIX_Release", ".release"), ("CONFIGURATION", "Release"),
                    ("JOINED", "$SUFFIX_$(CONFIGURATION)"),
                ]),
        ])
        XCTAssertEqual(s.value("PRODUCT_BUNDLE_IDENTIFIER"), "com.acme")
        XCTAssertEqual(s.value("WIDGET"), "com.acme-com.acme")
        XCTAssertEqual(s.value("FLAGS"), "-a -b", "$inherited is $(inherited)")
        XCTAssertEqual(s.value("PRICE"), "$5 and $PRODUCT_BUNDLE_IDENTIFIER_ROOT, $5, 100$, $ alone")
        XCTAssertEqual(s.value("UNSET"), "$NOBODY_SETS_THIS/x", "a reference nobody sets stays as written")
        // Xcode's parser takes `.` into a bare name: `ROOT.widget`, which nothing sets.
        XCTAssertEqual(s.value("DOTTED"), "$PRODUCT_BUNDLE_IDENTIFIER_ROOT.widget")
        // `$NAME$(…)`: the bracketed part completes the name, as Xcode's parser reads it.
        XCTAssertEqual(s.value("JOINED"), ".release")
    }

    /// A bare reference is a reference like any other: a cycle through one is reported and
    /// ends, and it is charged to the same budget.
    func testBareReferencesCycleAndBudgetLikeBracketedOnes() {
        let cycle = stack([level("target", [("A", "$B"), ("B", "x$A")])])
        _ = cycle.table()
        XCTAssertTrue(cycle.findings.contains { $0.rule == "xcode.setting-cycle" }, "\(cycle.findings)")
        XCTAssertNotNil(cycle.value("A"))

        var lines: [(String, String)] = [("V0", String(repeating: "x", count: 64))]
        for i in 1...40 { lines.append(("V\(i)", "$V\(i - 1)/$V\(i - 1)")) }
        let long = stack([level("target", lines)])
        XCTAssertLessThanOrEqual((long.value("V40") ?? "").count, 16_384)
        XCTAssertTrue(long.findings.contains { $0.rule == "xcode.setting-too-long" })
    }

    func testKeysWithConditionsParse() {
        XCTAssertEqual(
            SettingAssignment.parseKey("INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]")?.conditions,
            [SettingCondition(parameter: "sdk", pattern: "iphoneos*")])
        XCTAssertEqual(SettingAssignment.parseKey("K[sdk=macosx*][arch=arm64]")?.conditions.count, 2)
        XCTAssertEqual(SettingAssignment.parseKey("K[sdk=macosx*,arch=*]")?.conditions.count, 2)
        XCTAssertNil(SettingAssignment.parseKey("K[sdk"))
        XCTAssertNil(SettingAssignment.parseKey("1K"))
    }
}
