import UniformCore
import XCTest

final class TagClassTests: XCTestCase {
    func testCaseSensitivityOfTagClasses() {
        XCTAssertTrue(TagClass.isCaseInsensitive(TagClass.filenameExtension))
        XCTAssertTrue(TagClass.isCaseInsensitive(TagClass.mimeType))
        XCTAssertTrue(TagClass.isCaseInsensitive("Public.MIME-Type"))
        XCTAssertFalse(TagClass.isCaseInsensitive(TagClass.osType))
        XCTAssertFalse(TagClass.isCaseInsensitive(TagClass.pasteboardType))
        XCTAssertFalse(TagClass.isCaseInsensitive("com.apple.os-type"))
        XCTAssertFalse(TagClass.isCaseInsensitive("com.apple.device-model-code"))
    }
}
