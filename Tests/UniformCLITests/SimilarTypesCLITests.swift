import Foundation
import XCTest

/// "Did you mean" as `uniform check` prints it for claims of undeclared identifiers: real
/// identifiers of other formats get no suggestion, typos and known aliases the right one.
final class SimilarTypesCLITests: XCTestCase {
    func testUndeclaredClaimsSuggestOnlyPlausibleTypes() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let claimed = [
            "public.mp4", "public.opml", "public.gpx", "public.webp", "public.mpeg4", "public.plain-txt",
        ]
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: claimed), to: dir, "App/Info.plist")
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        XCTAssertNotEqual(run.status, 2, run.stderr)
        let findings = (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).filter {
            $0["rule"] as? String == "undeclared-type"
        }
        func message(_ id: String) -> String {
            findings.first { $0["subject"] as? String == id }?["message"] as? String ?? "(no finding for \(id))"
        }
        XCTAssertTrue(message("public.mp4").hasSuffix("did you mean 'public.mpeg-4'?"), message("public.mp4"))
        XCTAssertTrue(message("public.webp").hasSuffix("did you mean 'org.webmproject.webp'?"), message("public.webp"))
        XCTAssertTrue(message("public.mpeg4").hasSuffix("did you mean 'public.mpeg-4'?"), message("public.mpeg4"))
        XCTAssertTrue(
            message("public.plain-txt").hasSuffix("did you mean 'public.plain-text'?"), message("public.plain-txt"))
        for id in ["public.opml", "public.gpx"] {
            XCTAssertTrue(message(id).contains("which no catalog, manifest or rule declares"), message(id))
            XCTAssertFalse(message(id).contains("did you mean"), message(id))
        }
    }

    /// Whether an identifier is declared depends on the release asked about: `public.geojson`
    /// is a system type from macOS 15 on (Apple's UTType.geoJSON), undeclared on macOS 14.
    func testUndeclaredDependsOnTheRelease() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.maps", claims: ["public.geojson"]), to: dir, "App/Info.plist")
        func undeclared(_ extra: [String]) throws -> Bool {
            let run = try CLI.run(["check", "--format", "json"] + extra, in: dir)
            XCTAssertNotEqual(run.status, 2, run.stderr)
            return (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).contains {
                $0["rule"] as? String == "undeclared-type" && $0["subject"] as? String == "public.geojson"
            }
        }
        XCTAssertTrue(try undeclared(["--os", "macos14", "--os", "ios17"]))
        XCTAssertFalse(try undeclared(["--os", "macos15", "--os", "ios18"]))
        XCTAssertFalse(try undeclared([]), "the newest release by default")
    }
}
