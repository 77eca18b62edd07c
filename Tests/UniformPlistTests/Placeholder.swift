import XCTest
final class UniformPlistTestsPlaceholder: XCTestCase { func testBuilds() {} }
