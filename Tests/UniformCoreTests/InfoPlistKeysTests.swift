import Foundation
import XCTest

@testable import UniformCore

/// The key table is parsed on bytes for speed; reading it with plain string splitting is the
/// specification, and the two agree on every row.
final class InfoPlistKeysTests: XCTestCase {
    func testTheByteParserAgreesWithPlainSplitting() throws {
        let text = String(decoding: PackageResources.InfoPlistKeys_tsv, as: UTF8.self)
        let plain = text.split(separator: "\n").compactMap { line -> [String]? in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            return fields.count == 4 && fields[0] != "key" && !fields[0].isEmpty ? fields : nil
        }
        let fast = InfoPlistKeys.all
        XCTAssertEqual(fast.count, plain.count)
        XCTAssertGreaterThan(fast.count, 500)
        for (key, fields) in zip(fast, plain) {
            XCTAssertEqual(key.name, fields[0])
            XCTAssertEqual(key.context, fields[1])
            XCTAssertEqual(key.platforms, Set(fields[2].split(separator: ",").map(String.init)), key.name)
            XCTAssertEqual(key.source, fields[3], key.name)
        }
    }

    func testTheKeysTheOldListGotWrongAreDocumented() {
        XCTAssertTrue(InfoPlistKeys.names(context: "root", platform: "macos").contains("NSMainStoryboardFile"))
        XCTAssertFalse(InfoPlistKeys.names(context: "root", platform: "ios").contains("NSMainStoryboardFile"))
        XCTAssertTrue(InfoPlistKeys.names(context: "root", platform: "ios").contains("CFBundleIconFiles"))
        XCTAssertTrue(InfoPlistKeys.names(context: "document").contains("LSHandlerRank"))
        XCTAssertTrue(InfoPlistKeys.all.allSatisfy { !$0.source.isEmpty })
    }
}
