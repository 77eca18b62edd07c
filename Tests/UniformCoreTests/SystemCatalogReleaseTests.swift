import Foundation
import XCTest

@testable import UniformCore

/// The supplement's lines and their releases: every line parses, names its sources, releases
/// and trust; a release holds exactly the types declared on it.
final class SystemCatalogReleaseTests: XCTestCase {
    func testEverySupplementLineParsesWithSourcesReleasesAndTrust() throws {
        let entries = try SystemCatalog.parseSupplement()
        XCTAssertGreaterThan(entries.count, 100)
        for entry in entries {
            let where_ = "\(entry.file):\(entry.declaration.line) \(entry.declaration.identifier)"
            XCTAssertFalse(entry.sources.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }, where_)
            XCTAssertFalse(entry.availability.ranges.isEmpty, where_)
            XCTAssertFalse(entry.declaration.tags.contains { $0.tagClass.hasPrefix("@") }, where_)
        }
    }

    /// A supplement line for a type CoreTypes declares would be ignored without a word; two
    /// lines for one type in the same releases would leave one dead. Neither is allowed.
    func testNoSupplementLineIsShadowed() throws {
        let core = Set(SystemCatalog.declarations.map { $0.identifier.lowercased() })
        var seen: [String: SupplementEntry] = [:]
        for entry in SystemCatalog.supplement {
            let id = entry.declaration.identifier.lowercased()
            XCTAssertFalse(core.contains(id), "\(id) is in CoreTypes: \(entry.file):\(entry.declaration.line)")
            if let earlier = seen[id] {
                let overlap = OSRelease.all.filter {
                    earlier.availability.includes($0) && entry.availability.includes($0)
                }
                XCTAssertEqual(overlap, [], "\(id): \(earlier.file) and \(entry.file) both declare it")
            }
            seen[id] = entry
        }
    }

    func testReleasesDecideWhichTypesExist() {
        func has(_ id: String, _ releases: [OSRelease]) -> Bool {
            SystemCatalog.typeDeclarations(for: releases).contains { $0.identifier == id }
        }
        XCTAssertFalse(has("public.avif", [OSRelease(.macos, 12)]))
        XCTAssertTrue(has("public.avif", [OSRelease(.macos, 13)]))
        XCTAssertFalse(has("public.geojson", [OSRelease(.macos, 14)]))
        XCTAssertTrue(has("public.geojson", [OSRelease(.macos, 15)]))
        XCTAssertTrue(has("public.toml", [OSRelease(.macos, 26)]))
        XCTAssertFalse(has("public.toml", [OSRelease(.macos, 15)]))
        // Mail is a Mac app: its types are not declared on iOS, but a world of both has them.
        XCTAssertTrue(has("com.apple.mail.emlx", [OSRelease(.macos, 27)]))
        XCTAssertFalse(has("com.apple.mail.emlx", [OSRelease(.ios, 27)]))
        XCTAssertTrue(has("com.apple.mail.emlx", [OSRelease(.ios, 27), OSRelease(.macos, 12)]))
        // CoreTypes holds on every described release.
        for release in OSRelease.all { XCTAssertTrue(has("com.adobe.pdf", [release]), release.name) }
        // The default is the newest of each.
        XCTAssertEqual(OSSelection.newest.releases(for: .all), [OSRelease(.macos, 27), OSRelease(.ios, 27)])
    }

    func testReleaseNames() {
        XCTAssertEqual(OSRelease("macos26"), OSRelease(.macos, 26))
        XCTAssertEqual(OSRelease("macOS 15.4"), OSRelease(.macos, 15))
        XCTAssertEqual(OSRelease("iOS18"), OSRelease(.ios, 18))
        XCTAssertNil(OSRelease("macos11"), "before the catalog's base")
        XCTAssertNil(OSRelease("macos16"), "no such release: 15 was followed by 26")
        XCTAssertNil(OSRelease("tvos18"))
        XCTAssertThrowsError(try OSSelection.parse(["macos99"])) { error in
            XCTAssertTrue("\(error)".contains("macos12, macos13"), "\(error)")
        }
        XCTAssertEqual(
            try OSSelection.parse(["ios16", "macos13"]).releases(for: .all).map(\.name), ["macos13", "ios16"])
    }

    func testAvailabilityItems() throws {
        func parse(_ items: [String]) -> OSAvailability? { try? OSAvailability.parse(items).get() }
        let replaced = try XCTUnwrap(parse(["macos12-14", "ios15+"]))
        XCTAssertTrue(replaced.includes(OSRelease(.macos, 14)))
        XCTAssertFalse(replaced.includes(OSRelease(.macos, 15)))
        XCTAssertTrue(replaced.includes(OSRelease(.ios, 27)))
        XCTAssertEqual(replaced.text, "macOS 12 to 14, iOS 15 (the oldest described) and later")
        for bad in ["macos11+", "macos13", "linux5+", "macos15-13", "macos12-16", ""] {
            XCTAssertNil(parse([bad]), bad)
        }
        XCTAssertNil(parse([]))
    }

    /// A hand-written line without its sources, releases or trust is refused with the file,
    /// line and what is missing: the catalog's own test fails, never a user's run.
    func testALineWithoutItsFieldsIsRefused() throws {
        func failure(_ line: String) -> String {
            do {
                let parsed = try CatalogParser.parse(Array(line.utf8))
                _ = try SupplementEntry(XCTUnwrap(parsed.first), file: "<test>")
                return "accepted"
            } catch { return "\(error)" }
        }
        let full =
            "x.a\tI\tpublic.data\tA\t\tpublic.filename-extension=a\t@os=macos12+\t@trust=observed\t@source=somewhere"
        XCTAssertEqual(failure(full), "accepted")
        XCTAssertTrue(failure(full.replacingOccurrences(of: "\t@source=somewhere", with: "")).contains("no @source="))
        XCTAssertTrue(failure(full.replacingOccurrences(of: "\t@os=macos12+", with: "")).contains("no @os="))
        XCTAssertTrue(failure(full.replacingOccurrences(of: "observed", with: "likely")).contains("@trust="))
        XCTAssertTrue(failure(full.replacingOccurrences(of: "macos12+", with: "macos11+")).contains("catalog line 1"))
    }
}
