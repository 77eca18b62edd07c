import Foundation
import XCTest

@testable import UniformCore

final class DynamicIdentifierTests: XCTestCase {
    private static let vectorsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/reference/dyn-vectors.tsv").standardizedFileURL

    private let ext = TagClass.filenameExtension
    private let mime = TagClass.mimeType

    /// Identifiers macOS produced (docs/evidence.md §6), as the request that produced them.
    private var knownVectors: [(payload: String, identifier: String, request: DynamicIdentifier)] {
        func request(_ tagClass: String, _ tag: String, _ conformance: String?) -> DynamicIdentifier {
            DynamicIdentifier(tagClass: tagClass, tag: tag, conformingTo: conformance)
        }
        return [
            ("?0=6:1=xyz", "dyn.ah62d4rv4ge81u8p4", request(ext, "xyz", "public.data")),
            ("?0=6:1=sql", "dyn.ah62d4rv4ge81g6pq", request(ext, "sql", "public.data")),
            ("?0=6:1=srt", "dyn.ah62d4rv4ge81g6xy", request(ext, "srt", "public.data")),
            ("?0=6:1=conf", "dyn.ah62d4rv4ge80g55sq2", request(ext, "conf", "public.data")),
            ("?0=6:1=acme", "dyn.ah62d4rv4ge80c25rqy", request(ext, "acme", "public.data")),
            ("?0=6:1=q", "dyn.ah62d4rv4ge81c", request(ext, "q", "public.data")),
            ("?0=6:1=my-ext", "dyn.ah62d4rv4ge8048mrqz6hk", request(ext, "my-ext", "public.data")),
            ("?0=6:1=my_ext", "dyn.ah62d4rv4ge8048n9qz6hk", request(ext, "my_ext", "public.data")),
            ("?0=6:1=foo+bar", "dyn.ah62d4rv4ge80q55tfrvgc6u", request(ext, "foo+bar", "public.data")),
            ("?0=13:1=zip", "dyn.ah62d4qmxhk2x48xmsa", request(ext, "zip", "public.content")),
            ("?0=13:1=info", "dyn.ah62d4qmxhk2x44psq31u", request(ext, "info", "public.content")),
            (
                "?0=6:3=dev.kaya/note", "dyn.ah62d4rv4gq80k3p0f3z0c8pbf71g87df",
                request(mime, "dev.kaya/note", "public.data")
            ),
            ("3=dev.kaya/note", "dyn.agq80k3p0f3z0c8pbf71g87df", request(mime, "dev.kaya/note", nil)),
            ("3=application/mp4", "dyn.agq80c6durvy0g2pyrf106p5rsa4a", request(mime, "application/mp4", nil)),
            ("3=image/x-icon", "dyn.agq80w5pbq7ww88brrfv085u", request(mime, "image/x-icon", nil)),
            ("1=webvtt", "dyn.age81s3pcs34hk", request(ext, "webvtt", nil)),
            ("?0=B:1=mov", "dyn.ah62d4uv4ge804550", request(ext, "mov", "public.image")),
            ("?0=6:2=styl", "dyn.ah62d4rv4gk81g7d3ru", request(TagClass.osType, "styl", "public.data")),
            (
                "?0=6:4=NSPromiseContentsPboardType",
                "dyn.ah62d4rv4gu8y6y4usm1044pxqzb085xyqz1hk64uqm10c6xenv61a3k",
                request(TagClass.pasteboardType, "NSPromiseContentsPboardType", "public.data")
            ),
            // Launch Services' own name for Safari's `.download` folder (`lsregister -dump`, claimed
            // UTIs: `dyn.ah62d4qmuhk2x43dts71g255bqu (.download)`): code 10 is com.apple.package.
            ("?0=10:1=download", "dyn.ah62d4qmuhk2x43dts71g255bqu", request(ext, "download", "com.apple.package")),
            // Empty tags: an empty MIME type and an empty extension, as Apple's API produces them.
            ("3=", "dyn.agq8u", request(mime, "", nil)),
            ("1=", "dyn.age8u", request(ext, "", nil)),
            (
                #"?0=public.item:1=nxtypedfilecontentspboardtype\:jpg"#,
                "dyn.ah62d46dzqm0gw23srf4gn5m4ge8068dytf2gn3dgrf0gn25tr34gn5xysr2ge55bsmwhk8puqzsdy4xuq6",
                request(ext, "nxtypedfilecontentspboardtype:jpg", "public.item")
            ),
        ]
    }

    // MARK: Known vectors

    func testKnownVectorsEncode() {
        for vector in knownVectors {
            XCTAssertEqual(vector.request.payload, vector.payload)
            XCTAssertEqual(vector.request.identifier, vector.identifier, vector.payload)
        }
    }

    func testKnownVectorsDecode() {
        for vector in knownVectors {
            let decoded = DynamicIdentifier(decoding: vector.identifier)
            XCTAssertEqual(decoded, vector.request, vector.identifier)
            XCTAssertEqual(decoded?.payload, vector.payload, vector.identifier)
        }
    }

    /// Every row of ../shared/reference/dyn-vectors.tsv, both directions, at both layers.
    func testReferenceVectorFile() throws {
        guard let text = try? String(contentsOf: Self.vectorsURL, encoding: .utf8) else {
            throw XCTSkip("dyn vectors not found at \(Self.vectorsURL.path) (../shared absent)")
        }
        let rows = text.split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        XCTAssertGreaterThanOrEqual(rows.count, 12)
        for row in rows {
            let payload = String(row[0]), identifier = String(row[1])
            // Raw codec: payload bytes ↔ identifier.
            XCTAssertEqual(DynamicIdentifier.prefix + DynamicBase32.encode(payload.utf8), identifier, payload)
            // Structured: decode to conformance + tags and re-encode.
            let decoded = try XCTUnwrap(DynamicIdentifier(decoding: identifier), identifier)
            XCTAssertEqual(decoded.payload, payload)
            XCTAssertEqual(decoded.identifier, identifier)
            let parsed = try XCTUnwrap(DynamicPayload.parse(payload), payload)
            XCTAssertEqual(DynamicIdentifier(conformsTo: parsed.conformsTo, tags: parsed.tags).identifier, identifier)
        }
    }

    func testDecodedFieldsAreExpanded() throws {
        let decoded = try XCTUnwrap(DynamicIdentifier(decoding: "dyn.ah62d4rv4gq80k3p0f3z0c8pbf71g87df"))
        XCTAssertEqual(decoded.conformsTo, ["public.data"])
        XCTAssertEqual(decoded.tags, [DynamicTag(tagClass: "public.mime-type", tag: "dev.kaya/note")])
        let bare = try XCTUnwrap(DynamicIdentifier(decoding: "dyn.age81s3pcs34hk"))
        XCTAssertEqual(bare.conformsTo, [])
        XCTAssertEqual(bare.tags, [DynamicTag(tagClass: "public.filename-extension", tag: "webvtt")])
    }

    // MARK: Case

    func testCaseInsensitiveTagsAreLowercased() {
        let upper = DynamicIdentifier(tagClass: ext, tag: "SRT", conformingTo: "public.data")
        XCTAssertEqual(upper.identifier, "dyn.ah62d4rv4ge81g6xy")
        XCTAssertEqual(upper, DynamicIdentifier(tagClass: ext, tag: "srt", conformingTo: "public.data"))
        XCTAssertEqual(
            DynamicIdentifier(tagClass: mime, tag: "Image/X-Icon", conformingTo: nil).identifier,
            "dyn.agq80w5pbq7ww88brrfv085u")
    }

    func testCaseSensitiveTagsKeepCase() {
        let lower = DynamicIdentifier(tagClass: TagClass.osType, tag: "styl", conformingTo: "public.data")
        let upper = DynamicIdentifier(tagClass: TagClass.osType, tag: "STYL", conformingTo: "public.data")
        XCTAssertNotEqual(lower.identifier, upper.identifier)
        XCTAssertEqual(upper.payload, "?0=6:2=STYL")
        XCTAssertEqual(DynamicIdentifier(decoding: upper.identifier)?.tags.first?.tag, "STYL")
    }

    func testPrefixAndLettersIgnoreCase() {
        XCTAssertEqual(DynamicIdentifier(decoding: "DYN.AH62D4RV4GE81G6XY")?.payload, "?0=6:1=srt")
        XCTAssertEqual(DynamicIdentifier(decoding: "Dyn.Ah62d4rv4ge81g6xy")?.payload, "?0=6:1=srt")
    }

    func testShortCodesMatchIgnoringCase() {
        XCTAssertEqual(
            DynamicIdentifier(tagClass: "Public.Filename-Extension", tag: "x", conformingTo: "PUBLIC.DATA").payload,
            "?0=6:1=x")
    }

    // MARK: Shape of the payload

    func testEveryShortCode() {
        let expected: [(String, String)] = [
            ("public.data", "6"), ("public.text", "7"), ("public.plain-text", "8"),
            ("public.utf16-plain-text", "9"), ("com.apple.traditional-mac-plain-text", "A"),
            ("public.image", "B"), ("public.video", "C"), ("public.audio", "D"),
            ("public.directory", "E"), ("public.folder", "F"), ("com.apple.package", "10"), ("public.content", "13"),
            // No verified code: written out.
            ("public.url", "public.url"), ("com.apple.bundle", "com.apple.bundle"),
        ]
        for (conformance, code) in expected {
            let id = DynamicIdentifier(tagClass: TagClass.urlScheme, tag: "x", conformingTo: conformance)
            XCTAssertEqual(id.payload, "?0=\(code):5=x")
            XCTAssertEqual(DynamicIdentifier(decoding: id.identifier)?.conformsTo, [conformance])
        }
        let classes = [
            (ext, "1"), (TagClass.osType, "2"), (mime, "3"), (TagClass.pasteboardType, "4"),
            (TagClass.urlScheme, "5"), ("com.apple.device-model-code", "com.apple.device-model-code"),
        ]
        for (tagClass, code) in classes {
            XCTAssertEqual(DynamicIdentifier(tagClass: tagClass, tag: "v", conformingTo: nil).payload, "\(code)=v")
        }
    }

    func testEscapingRoundTrip() throws {
        let tricky = DynamicIdentifier(tagClass: TagClass.pasteboardType, tag: #"a:b=c\d"#, conformingTo: "x:y")
        XCTAssertEqual(tricky.payload, #"?0=x\:y:4=a\:b\=c\\d"#)
        let decoded = try XCTUnwrap(DynamicIdentifier(decoding: tricky.identifier))
        XCTAssertEqual(decoded, tricky)
        XCTAssertEqual(decoded.tags.first?.tag, #"a:b=c\d"#)
        XCTAssertEqual(decoded.conformsTo, ["x:y"])
    }

    func testSeveralConformancesAndTagsRoundTrip() throws {
        let many = DynamicIdentifier(
            conformsTo: ["public.data", "public.content"],
            tags: [DynamicTag(tagClass: ext, tag: "abc"), DynamicTag(tagClass: mime, tag: "text/x-abc")])
        XCTAssertEqual(many.payload, "?0=6:0=13:1=abc:3=text/x-abc")
        XCTAssertEqual(DynamicIdentifier(decoding: many.identifier), many)
    }

    func testNonASCIIRoundTrip() throws {
        let accented = DynamicIdentifier(tagClass: ext, tag: "ÉTÉ", conformingTo: "public.data")
        XCTAssertEqual(accented.tags.first?.tag, "été")
        XCTAssertEqual(DynamicIdentifier(decoding: accented.identifier), accented)
    }

    // MARK: Invalid input

    private func dyn(payload bytes: [UInt8]) -> String { DynamicIdentifier.prefix + DynamicBase32.encode(bytes) }
    private func dyn(payload text: String) -> String { dyn(payload: Array(text.utf8)) }

    func testRejectsNonDynamicStrings() {
        for input in [
            "", "dyn", "dyn.", "dyn.a", "public.jpeg", "dyn.bh62d4rv4ge81g6xy", "dn.ah62d4rv4ge81g6xy",
            " dyn.ah62d4rv4ge81g6xy", "dyn.ah62d4rv4ge81g6xy ",
        ] {
            XCTAssertNil(DynamicIdentifier(decoding: input), input.debugDescription)
        }
    }

    func testRejectsLettersOutsideTheAlphabet() {
        for letter in ["i", "j", "l", "o", "=", "-", "."] {
            XCTAssertNil(DynamicIdentifier(decoding: "dyn.ah62d4rv4ge81g6x" + letter), letter)
        }
    }

    func testRejectsNonCanonicalTails() {
        // "?0=6:1=q" is 8 bytes = 64 bits = 12 letters + 4 bits: the last letter carries one
        // zero padding bit. 'c' (00010) is canonical, 'd' (00011) sets the padding bit.
        XCTAssertEqual(DynamicIdentifier(decoding: "dyn.ah62d4rv4ge81c")?.payload, "?0=6:1=q")
        XCTAssertNil(DynamicIdentifier(decoding: "dyn.ah62d4rv4ge81d"), "nonzero padding bits")
        // One extra letter adds 5 bits: a whole superfluous group.
        XCTAssertNil(DynamicIdentifier(decoding: "dyn.ah62d4rv4ge81g6xya"), "superfluous letter")
        XCTAssertNil(DynamicBase32.decode(Array("a".utf8)), "5 leftover bits")
        XCTAssertEqual(DynamicBase32.decode(Array("".utf8)), [])
    }

    func testRejectsInvalidUTF8() {
        XCTAssertNil(DynamicIdentifier(decoding: dyn(payload: Array("1=a".utf8) + [0xFF])))
    }

    func testRejectsMalformedPayloads() {
        let malformed = [
            "1", "=x", "1=a:", ":1=a", "1=a::3=b", "1=a=b", #"1=a\x"#, #"1=a\"#,
            "?", "?1=x", "?0=6", "0=6:1=x", "?0=6:1=x:0=7", "?0=:1=x",
        ]
        for payload in malformed {
            XCTAssertNil(DynamicIdentifier(decoding: dyn(payload: payload)), payload)
        }
        // Control: the well-formed neighbours decode.
        for payload in ["1=a", "?0=6:1=x", "?0=6:0=7:1=x", #"1=a\=b"#, "1=", "?0=6:1="] {
            XCTAssertNotNil(DynamicIdentifier(decoding: dyn(payload: payload)), payload)
        }
    }

    func testIsDynamic() {
        XCTAssertTrue(DynamicIdentifier.isDynamic("dyn.ah62d4rv4ge81g6xy"))
        XCTAssertTrue(DynamicIdentifier.isDynamic("DYN.ah62"))
        XCTAssertTrue(DynamicIdentifier.isDynamic("dyn.not-valid-but-in-the-dyn-domain"))
        XCTAssertFalse(DynamicIdentifier.isDynamic("dyn"))
        XCTAssertFalse(DynamicIdentifier.isDynamic("dynamo.type"))
        XCTAssertFalse(DynamicIdentifier.isDynamic("public.data"))
    }
}
