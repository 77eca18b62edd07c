import Foundation
import XCTest

@testable import UniformCore

final class SystemCatalogTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let referenceURL =
        packageRoot
        .appendingPathComponent("../shared/reference/coretypes/coretypes-macos12-normalized.json")
        .standardizedFileURL

    private var catalog: [CatalogDeclaration] { SystemCatalog.declarations }

    private func declaration(
        _ identifier: String, file: StaticString = #filePath, line: UInt = #line
    )
        throws -> CatalogDeclaration
    {
        try XCTUnwrap(
            catalog.first { $0.identifier == identifier }, "\(identifier) missing",
            file: file, line: line)
    }

    // MARK: Against the reference data

    /// Every declaration, field by field, in order, against Apple's data as normalised in
    /// ../shared (identifier, exported/imported, parents, tag classes and values, wildcard,
    /// description, reference URL).
    func testMatchesReferenceExactly() throws {
        guard FileManager.default.fileExists(atPath: Self.referenceURL.path) else {
            throw XCTSkip("reference data not found at \(Self.referenceURL.path) (../shared absent)")
        }
        let json = try OrderedJSON.parse(Array(try Data(contentsOf: Self.referenceURL)))
        let reference = try XCTUnwrap(json["types"]?.arrayValue)
        XCTAssertEqual(reference.count, 873)
        XCTAssertEqual(catalog.count, reference.count)

        for (index, (expected, actual)) in zip(reference, catalog).enumerated() {
            let id = expected["identifier"]?.stringValue ?? "?"
            let context = "declaration #\(index) \(id)"
            XCTAssertEqual(actual.identifier, id, context)
            XCTAssertEqual(
                actual.isExported ? "exported" : "imported",
                expected["declaration"]?.stringValue, context)
            XCTAssertEqual(
                actual.parents,
                expected["conformsTo"]?.arrayValue?.compactMap(\.stringValue), context)
            guard case .object(let tagClasses)? = expected["tags"] else {
                XCTFail("\(context): tags is not an object")
                continue
            }
            XCTAssertEqual(actual.tags.map(\.tagClass), tagClasses.map(\.key), context)
            for (tagSet, (tagClass, values)) in zip(actual.tags, tagClasses) {
                XCTAssertEqual(
                    tagSet.values, values.arrayValue?.compactMap(\.stringValue),
                    "\(context) \(tagClass)")
            }
            XCTAssertEqual(actual.isWildcard, expected["isWildcard"] == .bool(true), context)
            XCTAssertEqual(actual.description, expected["description"]?.stringValue, context)
            XCTAssertEqual(actual.referenceURL, expected["referenceURL"]?.stringValue, context)
        }
    }

    // MARK: Well-known facts (run without ../shared)

    func testCountsAndOrder() {
        XCTAssertEqual(catalog.count, 873)
        XCTAssertEqual(catalog.filter(\.isExported).count, 667)
        XCTAssertEqual(catalog.filter { !$0.isExported }.count, 206)
        XCTAssertEqual(
            catalog.prefix(4).map(\.identifier),
            ["public.item", "public.data", "public.directory", "public.content"])
        XCTAssertEqual(Set(catalog.map { $0.identifier.lowercased() }).count, 873, "duplicates")
        XCTAssertEqual(catalog.filter { $0.parents.isEmpty }.count, 39, "roots")
    }

    func testJPEG() throws {
        let jpeg = try declaration("public.jpeg")
        XCTAssertTrue(jpeg.isExported)
        XCTAssertEqual(jpeg.parents, ["public.image"])
        XCTAssertEqual(jpeg.tags(for: TagClass.filenameExtension), ["jpeg", "jpg", "jpe"])
        XCTAssertEqual(jpeg.tags(for: TagClass.mimeType), ["image/jpeg", "image/jpg"])
        XCTAssertEqual(jpeg.tags(for: TagClass.osType), ["JPEG"])
        XCTAssertEqual(
            jpeg.tags.map(\.tagClass),
            [TagClass.osType, TagClass.mimeType, TagClass.filenameExtension])
        XCTAssertEqual(jpeg.description, "JPEG image")
        XCTAssertFalse(jpeg.isWildcard)
    }

    func testImportedSystemTypes() throws {
        for identifier in ["com.adobe.pdf", "com.microsoft.word.doc", "com.compuserve.gif", "public.heic"] {
            XCTAssertFalse(try declaration(identifier).isExported, identifier)
        }
        for identifier in ["public.png", "public.json", "public.jpeg"] {
            XCTAssertTrue(try declaration(identifier).isExported, identifier)
        }
        // OSType tags keep their trailing spaces.
        XCTAssertEqual(try declaration("com.adobe.pdf").tags(for: TagClass.osType), ["PDF "])
    }

    func testWildcards() {
        // The six the engine cares about plus three icon-decoration types Apple also flags.
        XCTAssertEqual(
            catalog.filter(\.isWildcard).map(\.identifier),
            [
                "public.item", "public.data", "public.directory", "public.folder", "com.apple.package",
                "com.apple.bundle", "com.apple.icon-decoration", "com.apple.icon-decoration-position",
                "com.apple.document-type",
            ])
    }

    func testTagClaimedBySeveralTypes() {
        let claimants = catalog.filter { $0.tags(for: TagClass.filenameExtension).contains("plist") }
        XCTAssertEqual(
            Set(claimants.map(\.identifier)),
            [
                "com.apple.property-list", "com.apple.xml-property-list",
                "com.apple.binary-property-list", "com.apple.ascii-property-list",
            ])
    }

    /// Apple's junk is kept verbatim: the engine must see what a Mac sees.
    func testOdditiesArePreserved() throws {
        let garageBand = try declaration("com.apple.garageband.project")
        XCTAssertEqual(garageBand.tags.map(\.tagClass), ["com.apple.os-type", TagClass.filenameExtension])
        XCTAssertEqual(garageBand.tags(for: "com.apple.os-type"), ["EMP1"])
        XCTAssertEqual(garageBand.tags(for: TagClass.filenameExtension), ["band", "gbProj"])
        XCTAssertEqual(garageBand.referenceURL, "http://www.apple.com/ilife/garageband/")

        let known = Set(catalog.map(\.identifier))
        let dangling = catalog.flatMap { decl in
            decl.parents.filter { !known.contains($0) }.map { "\(decl.identifier)→\($0)" }
        }
        XCTAssertEqual(
            dangling,
            [
                "com.apple.homebuttonless-ipad→com.apple.homebuttonless-device",
                "com.apple.homebuttonless-iphone→com.apple.homebuttonless-device",
            ])

        // The nested UTTypeTagSpecification inside com.apple.ipad's tags is not a tag class.
        let iPad = try declaration("com.apple.ipad")
        XCTAssertEqual(
            iPad.tags, [.init(tagClass: "com.apple.device-model-code", values: ["K48AP", "iPad", "iPad1,1"])])

        XCTAssertEqual(
            try declaration("com.apple.finder.smart-folder").tags(for: TagClass.filenameExtension), ["savedSearch"])
        XCTAssertEqual(try declaration("public.url").tags(for: TagClass.osType), ["url ", "gurl"])
        XCTAssertEqual(
            try declaration("com.apple.macbook-retina-gold").tags(for: "com.apple.device-model-code"),
            ["MacBook8,1@ECOLOR=235,215,191", "MacBook9,1@ECOLOR=235,215,191"])
        XCTAssertTrue(try declaration("com.apple.pictures-folder").tags(for: TagClass.osType).contains("morƒ"))
    }

    func testLinesPointAtTheCatalogFile() {
        XCTAssertEqual(SystemCatalog.fileName, "<system catalog>")
        XCTAssertEqual(catalog.first?.line, 4, "three header comment lines precede public.item")
        XCTAssertTrue(zip(catalog, catalog.dropFirst()).allSatisfy { $0.line + 1 == $1.line })
    }

    /// The catalog is parsed on every run; it must stay negligible next to reading a manifest.
    /// Run it alone (`--filter SystemCatalogTests.testParsingIsFast`) to see the true first-use
    /// cost, which includes materialising the embedded bytes.
    func testParsingIsFast() throws {
        let firstUseStart = DispatchTime.now().uptimeNanoseconds
        XCTAssertEqual(SystemCatalog.declarations.count, 873)
        let firstUse = Double(DispatchTime.now().uptimeNanoseconds - firstUseStart) / 1e6
        print("system catalog: first use of SystemCatalog.declarations took \(String(format: "%.2f", firstUse)) ms")

        let bytes = PackageResources.CoreTypes_catalog
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            let parsed = try CatalogParser.parse(bytes)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            XCTAssertEqual(parsed.count, 873)
            best = min(best, elapsed)
        }
        print("system catalog: parsed \(bytes.count) bytes in \(String(format: "%.2f", best)) ms (best of 5)")
        XCTAssertLessThan(best, 100, "catalog parsing is far slower than it should be")
    }
}
