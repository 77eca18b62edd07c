import UniformCore
import XCTest

final class ResolverTests: XCTestCase {
    /// A private type under public.plain-text plus the usual generic handlers.
    func makeWorld(extraApps: [Manifest] = [], defaults: [DefaultHandler] = []) throws -> World {
        let owner = try Fixtures.app(
            "com.acme.molecules", claims: [(["com.acme.pdb", "org.gnu.gnu-zip-archive"], "Viewer", "Owner")],
            extra: """
                <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("com.acme.pdb", conformsTo: ["public.plain-text", "public.text"], extensions: ["pdb"], mime: ["chemical/x-pdb"]))</array>
                """)
        let editor = try Fixtures.app("com.acme.editor", claims: [(["public.plain-text"], "Editor", nil)])
        let alt = try Fixtures.app("com.acme.alt", claims: [(["public.text"], "Viewer", "Alternate")])
        let hex = try Fixtures.app("com.acme.hex", claims: [(["public.data"], "Viewer", "Owner")])
        let never = try Fixtures.app("com.acme.never", claims: [(["com.acme.pdb"], "Viewer", "None")])
        let ql = try Fixtures.app("com.acme.ql", claims: [(["com.acme.pdb"], "QLGenerator", nil)])
        return World(manifests: [owner, editor, alt, hex, never, ql] + extraApps, preferenceDefaults: defaults)
    }

    func testOrderSpecificityThenRankThenBundleID() throws {
        let r = try Fixtures.resolve(".pdb", in: makeWorld())
        XCTAssertEqual(r.type.identifier, "com.acme.pdb")
        XCTAssertEqual(
            r.handlers.map(\.bundleID), ["com.acme.molecules", "com.acme.editor", "com.acme.alt", "com.acme.hex"])
        XCTAssertEqual(r.handlers.map(\.match), [.exact, .conforms, .conforms, .wildcard])
        XCTAssertEqual(r.handlers.map(\.distance), [0, 1, 1, 2])
        XCTAssertEqual(r.handlers[1].rank, .default, "a missing LSHandlerRank counts as Default")
        XCTAssertEqual(r.handlers[1].path, ["com.acme.pdb", "public.plain-text"])
        XCTAssertEqual(r.defaultHandler, "com.acme.molecules")
        XCTAssertEqual(Set(r.excluded.map(\.bundleID)), ["com.acme.never", "com.acme.ql"])
        XCTAssertTrue(r.excluded.first { $0.bundleID == "com.acme.never" }!.reason.contains("None"))
        XCTAssertTrue(r.previewable, "conforms to public.text")
        for c in r.handlers { XCTAssertEqual(c.claim.file, "\(c.bundleID)/Info.plist") }
    }

    func testMIMEAndFileNameAndGzip() throws {
        let world = try makeWorld()
        XCTAssertEqual(try Fixtures.resolve("chemical/x-pdb", in: world).type.identifier, "com.acme.pdb")
        XCTAssertEqual(try Fixtures.resolve("1abc.PDB", in: world).type.identifier, "com.acme.pdb")
        let gz = try Fixtures.resolve("1abc.pdb.gz", in: world)
        XCTAssertEqual(gz.type.identifier, "org.gnu.gnu-zip-archive")
        XCTAssertEqual(gz.handlers.map(\.bundleID), ["com.acme.molecules", "com.acme.hex"])
        XCTAssertFalse(gz.previewable)
    }

    func testRoleFilter() throws {
        let r = try Fixtures.resolve(".pdb", in: makeWorld(), role: .editor)
        XCTAssertEqual(r.handlers.map(\.bundleID), ["com.acme.editor"])
        XCTAssertTrue(
            r.excluded.contains {
                $0.bundleID == "com.acme.molecules" && $0.reason.contains("does not satisfy the editor role")
            })
        let viewer = try Fixtures.resolve(".pdb", in: makeWorld(), role: .viewer)
        XCTAssertTrue(viewer.handlers.contains { $0.bundleID == "com.acme.editor" }, "editor implies viewer")
    }

    func testWildcardOnlyMeansNoDefault() throws {
        let r = try Fixtures.resolve("notes.xyz", in: makeWorld())
        XCTAssertTrue(r.type.isDynamic)
        XCTAssertEqual(r.handlers.map(\.bundleID), ["com.acme.hex"])
        XCTAssertEqual(r.handlers[0].match, .wildcard)
        XCTAssertNil(r.defaultHandler)
    }

    /// The seeds' iOS scenario: a private type under `public.item` opens in its own app and in
    /// file managers claiming `public.item`, never through "any file" claims on data or `*`.
    func testPrivateTypeUnderPublicItemIsNotReachedByDataClaims() throws {
        let iOS = "<key>LSRequiresIPhoneOS</key><true/>"
        let monitor = try Fixtures.app(
            "jp.example.monitor", claims: [(["jp.example.bookmark"], "Viewer", "Owner")],
            extra: """
                <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("jp.example.bookmark", conformsTo: ["public.item"], extensions: ["ssbookmark"]))</array>\(iOS)
                """)
        let sync = try Fixtures.app("com.acme.sync", claims: [(["public.item"], "Viewer", "Alternate")], extra: iOS)
        let legacyStar = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.star</string>\(iOS)
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Viewer</string><key>CFBundleTypeExtensions</key><array><string>*</string></array></dict></array>
            """)
        let r = try Fixtures.resolve("x.ssbookmark", in: makeWorld(extraApps: [monitor, sync, legacyStar]))
        XCTAssertEqual(r.handlers.map(\.bundleID), ["jp.example.monitor", "com.acme.sync"])
        XCTAssertEqual(r.defaultHandler, "jp.example.monitor")
        let txt = try Fixtures.resolve("x.txt", in: makeWorld(extraApps: [legacyStar]))
        XCTAssertTrue(txt.handlers.contains { $0.bundleID == "com.acme.star" && $0.match == .wildcard })
    }

    /// On macOS the same type binds to no app (`UTCoreTypes.h`: types "must also conform to
    /// UTTypeData or UTTypePackage in order for the system to bind documents to them"): no
    /// handler, no default, each claim excluded with the reason, a note — the same verdict as the
    /// `unbindable-export` check. An iOS app in the same world still opens it.
    func testAnItemOnlyTypeBindsNoMacApp() throws {
        let declaration =
            "<key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("jp.example.bookmark", conformsTo: ["public.item"], extensions: ["ssbookmark"]))</array>"
        let macMonitor = try Fixtures.app(
            "jp.example.monitor.mac", claims: [(["jp.example.bookmark"], "Viewer", "Owner")], extra: declaration)
        let macSync = try Fixtures.app("com.acme.sync.mac", claims: [(["public.item"], "Viewer", "Alternate")])
        let mac = try Fixtures.resolve("x.ssbookmark", in: makeWorld(extraApps: [macMonitor, macSync]))
        XCTAssertEqual(mac.handlers.map(\.bundleID), [])
        XCTAssertNil(mac.defaultHandler)
        let refused = mac.excluded.filter {
            $0.bundleID == "jp.example.monitor.mac" || $0.bundleID == "com.acme.sync.mac"
        }
        XCTAssertEqual(refused.count, 2)
        XCTAssertTrue(
            refused.allSatisfy {
                $0.reason.contains("macOS binds documents only to types conforming to public.data or com.apple.package")
            }, "\(refused.map(\.reason))")
        XCTAssertTrue(mac.notes.contains { $0.contains("on macOS no app can be bound to it") }, "\(mac.notes)")

        let iOSMonitor = try Fixtures.app(
            "jp.example.monitor", claims: [(["jp.example.bookmark"], "Viewer", "Owner")],
            extra: "<key>LSRequiresIPhoneOS</key><true/>")
        let both = try Fixtures.resolve("x.ssbookmark", in: makeWorld(extraApps: [macMonitor, iOSMonitor]))
        XCTAssertEqual(both.handlers.map(\.bundleID), ["jp.example.monitor"])
        // A data type binds on macOS as before.
        let data = try Fixtures.resolve("x.txt", in: makeWorld(extraApps: [macSync]))
        XCTAssertFalse(data.excluded.contains { $0.reason.contains("macOS binds") })
    }

    func testLegacyKeysOnlyWithoutContentTypes() throws {
        let legacy = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.legacy</string>
            <key>CFBundleDocumentTypes</key><array>
            <dict><key>CFBundleTypeRole</key><string>Editor</string><key>CFBundleTypeExtensions</key><string>pdb</string></dict>
            <dict><key>CFBundleTypeRole</key><string>Editor</string><key>LSItemContentTypes</key><array><string>com.other</string></array><key>CFBundleTypeMIMETypes</key><array><string>chemical/x-pdb</string></array></dict>
            </array>
            """)
        let shadowed = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.shadowed</string>
            <key>CFBundleDocumentTypes</key><array>
            <dict><key>CFBundleTypeRole</key><string>Editor</string><key>LSItemContentTypes</key><array><string>com.other</string></array><key>CFBundleTypeExtensions</key><array><string>pdb</string></array></dict>
            </array>
            """)
        let r = try Fixtures.resolve(".pdb", in: makeWorld(extraApps: [legacy, shadowed]))
        XCTAssertEqual(r.handlers.map(\.bundleID).prefix(2), ["com.acme.molecules", "com.acme.legacy"])
        XCTAssertEqual(r.handlers[1].match, .legacy)
        XCTAssertFalse(r.handlers.contains { $0.bundleID == "com.acme.shadowed" })
        let byMIME = try Fixtures.resolve("chemical/x-pdb", in: makeWorld(extraApps: [legacy]))
        XCTAssertTrue(
            byMIME.handlers.contains { $0.bundleID == "com.acme.legacy" && $0.match == .legacy },
            "the resolved type's own tags count")
    }

    func testUserDefaults() throws {
        let location = SourceLocation(file: "prefs.plist", line: 3)
        let byType = DefaultHandler(
            key: .contentType("com.acme.pdb"), roles: ["LSHandlerRoleAll": "com.acme.alt"], location: location)
        let byTag = DefaultHandler(
            key: .tag(tagClass: TagClass.filenameExtension, tag: "PDB"), roles: ["LSHandlerRoleAll": "com.acme.hex"],
            location: location)
        var r = try Fixtures.resolve(".pdb", in: makeWorld(defaults: [byTag, byType]))
        XCTAssertEqual(r.handlers.first?.bundleID, "com.acme.alt", "the content-type entry wins")
        XCTAssertTrue(r.handlers[0].isUserDefault)
        XCTAssertEqual(r.defaultHandler, "com.acme.alt")
        r = try Fixtures.resolve(".pdb", in: makeWorld(defaults: [byTag]))
        XCTAssertEqual(r.defaultHandler, "com.acme.hex", "a user default may be a wildcard claim")
        let stranger = DefaultHandler(
            key: .contentType("com.acme.pdb"), roles: ["LSHandlerRoleAll": "com.nobody"], location: location)
        r = try Fixtures.resolve(".pdb", in: makeWorld(defaults: [stranger]))
        XCTAssertEqual(r.defaultHandler, "com.acme.molecules")
        XCTAssertTrue(r.notes.first?.contains("not a candidate") ?? false)
    }

    /// macOS stores `com.microsoft.vscode` for an app whose manifest says `com.microsoft.VSCode`
    /// (issue 29); Launch Services compares bundle ids ignoring case, and the answer keeps the
    /// manifest's spelling.
    func testUserDefaultsNameAppsIgnoringCase() throws {
        let location = SourceLocation(file: "prefs.plist", line: 3)
        let mixed = try Fixtures.app("com.acme.MixedCase", claims: [(["public.plain-text"], "Viewer", "Alternate")])
        let lower = DefaultHandler(
            key: .contentType("com.acme.pdb"), roles: ["LSHandlerRoleAll": "com.acme.mixedcase"], location: location)
        var r = try Fixtures.resolve(".pdb", in: makeWorld(extraApps: [mixed], defaults: [lower]))
        XCTAssertEqual(r.defaultHandler, "com.acme.MixedCase")
        XCTAssertTrue(r.handlers[0].isUserDefault)
        XCTAssertEqual(r.notes, [])

        let upper = DefaultHandler(
            key: .contentType("com.acme.pdb"), roles: ["LSHandlerRoleAll": "COM.ACME.HEX"], location: location)
        r = try Fixtures.resolve(".pdb", in: makeWorld(defaults: [upper]))
        XCTAssertEqual(r.defaultHandler, "com.acme.hex")

        let notCandidate = DefaultHandler(
            key: .contentType("com.acme.pdb"), roles: ["LSHandlerRoleAll": "COM.ACME.NEVER"], location: location)
        r = try Fixtures.resolve(".pdb", in: makeWorld(defaults: [notCandidate]))
        XCTAssertEqual(r.defaultHandler, "com.acme.molecules")
        XCTAssertEqual(
            r.notes, ["user default com.acme.never (prefs.plist:3) ignored: it is not a candidate for this document"],
            "the note names the app as its manifest does")
    }

    func testOneEntryPerAppWithItsBestClaim() throws {
        let double = try Fixtures.app(
            "com.acme.double",
            claims: [(["public.data"], "Viewer", "Owner"), (["public.plain-text"], "Viewer", "Alternate")])
        let r = try Fixtures.resolve(".pdb", in: makeWorld(extraApps: [double]))
        XCTAssertEqual(r.handlers.filter { $0.bundleID == "com.acme.double" }.count, 1)
        XCTAssertEqual(r.handlers.first { $0.bundleID == "com.acme.double" }?.match, .conforms)
    }

    /// Two entries of one app that match equally well: the first one is the app's claim, and a
    /// handler claim beats a refused one whatever their order.
    func testEqualClaimsOfOneAppKeepTheFirstAndHandlersBeatRefusals() throws {
        let twice = try Fixtures.app(
            "com.acme.twice",
            claims: [(["public.plain-text"], "Viewer", "Default"), (["public.plain-text"], "Editor", "Default")])
        let refusedFirst = try Fixtures.app(
            "com.acme.refused-first",
            claims: [(["public.plain-text"], "None", "Default"), (["public.data"], "Viewer", "Alternate")])
        let r = try Fixtures.resolve(".pdb", in: makeWorld(extraApps: [twice, refusedFirst]))
        let first = try XCTUnwrap(r.handlers.first { $0.bundleID == "com.acme.twice" })
        XCTAssertEqual(first.role, .viewer, "the first of two equal entries is the app's claim")
        XCTAssertEqual(r.handlers.first { $0.bundleID == "com.acme.refused-first" }?.match, .wildcard)
        XCTAssertFalse(
            r.excluded.contains { $0.bundleID == "com.acme.refused-first" },
            "an app with a handler claim is not also excluded")
    }

    func testPlatformFilter() throws {
        let ios = try Fixtures.app(
            "com.acme.ios", claims: [(["com.acme.pdb"], "Editor", "Owner")],
            extra: "<key>LSRequiresIPhoneOS</key><true/>")
        let base = try makeWorld(extraApps: [ios])
        let macOnly = World(manifests: base.apps, platform: .macos)
        XCTAssertTrue(try Fixtures.resolve(".pdb", in: base).handlers.contains { $0.bundleID == "com.acme.ios" })
        XCTAssertFalse(try Fixtures.resolve(".pdb", in: macOnly).handlers.contains { $0.bundleID == "com.acme.ios" })
    }

    /// Long candidate lists are ranked by a radix sort and, in worlds with many more apps than
    /// matches, grouped through a hash table: the order is still specificity, distance, rank,
    /// bundle id, with one entry per app and every refusal excluded.
    func testLongListsKeepTheOrderInWorldsOfFewAndOfManyApps() throws {
        // Seeded (SplitMix64, as HandlerOrderTests): a failing order is the same on every run,
        // and every message names the seed.
        let seed: UInt64 = 0x0DE5_C0DE
        var generator = SplitMix64(state: seed)
        let types = [
            "com.acme.pdb", "public.plain-text", "public.text", "public.data", "public.item", "public.content",
        ]
        let roles = ["Viewer", "Editor", "Viewer", "None"],
            ranks: [String?] = ["Owner", "Default", "Alternate", nil, "None"]
        var apps: [Manifest] = []
        for i in 0..<240 {
            let claims = (0..<(1 + i % 3)).map { k in
                ([types[(i * 7 + k * 3) % types.count]], roles[(i + k) % roles.count], ranks[(i * 5 + k) % ranks.count])
            }
            apps.append(try Fixtures.app(String(format: "org.bulk.app%03d", (i * 97) % 240), claims: claims))
        }
        // Many more apps than matches: the resolver then groups matches through a hash table.
        let unrelated = try (0..<1_500).map {
            try Fixtures.app("net.other.app\($0)", claims: [(["public.image"], "Viewer", nil)])
        }
        for world in [
            try makeWorld(extraApps: apps.shuffled(using: &generator)),
            try makeWorld(extraApps: (apps + unrelated).shuffled(using: &generator)),
        ] {
            let r = try Fixtures.resolve(".pdb", in: world)
            XCTAssertGreaterThan(r.handlers.count, 100, "seed \(seed)")
            func key(_ c: Candidate) -> (Int, Int, Int, String) {
                (c.match.specificity, c.distance, c.rank.order, c.bundleID)
            }
            for (a, b) in zip(r.handlers, r.handlers.dropFirst()) {
                XCTAssertTrue(key(a) < key(b), "seed \(seed): \(key(a)) before \(key(b))")
            }
            let handlerIDs = r.handlers.map(\.bundleID), excludedIDs = r.excluded.map(\.bundleID)
            XCTAssertEqual(Set(handlerIDs).count, handlerIDs.count, "seed \(seed): one entry per app")
            XCTAssertEqual(Set(excludedIDs).count, excludedIDs.count, "seed \(seed)")
            XCTAssertTrue(Set(handlerIDs).isDisjoint(with: excludedIDs), "seed \(seed)")
            XCTAssertEqual(
                handlerIDs.count + excludedIDs.count, 6 + 240,
                "seed \(seed): every app claims a supertype of the document")
            XCTAssertFalse(handlerIDs.contains { $0.hasPrefix("net.other.") }, "seed \(seed)")
        }
    }

    /// What stages mark on a candidate (pins, touches, reasons) belongs to that value alone.
    func testCandidateMarksAreValues() throws {
        let r = try Fixtures.resolve(".pdb", in: makeWorld())
        let original = r.handlers[1]
        var copy = original
        copy.isPinned = true
        copy.isUserDefault = true
        copy.touches.append(RuleTouch(location: SourceLocation(file: "rules/a.lua", line: 3), action: .pinned))
        copy.reasons.append("pinned by a test")
        var second = copy
        second.touches = []
        XCTAssertFalse(original.isPinned || original.isUserDefault)
        XCTAssertTrue(original.touches.isEmpty)
        XCTAssertEqual(original.reasons.count, 2)
        XCTAssertTrue(copy.isPinned && copy.isUserDefault)
        XCTAssertEqual(copy.touches.map(\.action), [.pinned])
        XCTAssertEqual(copy.reasons.last, "pinned by a test")
        XCTAssertTrue(second.touches.isEmpty && second.isPinned)
        XCTAssertEqual(r.handlers[1].bundleID, original.bundleID)
        XCTAssertFalse(r.handlers[1].isPinned)
    }

    /// The resolver's own test of roles agrees with `RoleQuery.accepts` for every pair.
    func testEveryRoleQueryAcceptsExactlyTheRolesItShould() throws {
        let apps = try HandlerRole.allCases.map { role in
            try Fixtures.app(
                "com.roles.\(role.rawValue.lowercased())", claims: [(["public.plain-text"], role.rawValue, nil)])
        }
        let world = try makeWorld(extraApps: apps)
        for query in RoleQuery.allCases {
            let r = try Fixtures.resolve(".pdb", in: world, role: query)
            let handlers = Set(r.handlers.map(\.bundleID).filter { $0.hasPrefix("com.roles.") })
            let expected = Set(
                HandlerRole.allCases.filter { $0.isHandler && query.accepts($0) }.map {
                    "com.roles.\($0.rawValue.lowercased())"
                })
            XCTAssertEqual(handlers, expected, "\(query)")
            XCTAssertEqual(
                Set(r.excluded.map(\.bundleID).filter { $0.hasPrefix("com.roles.") }),
                Set(apps.map(\.bundleID)).subtracting(expected))
        }
    }
}
