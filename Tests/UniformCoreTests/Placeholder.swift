import XCTest
final class UniformCoreTestsPlaceholder: XCTestCase { func testBuilds() {} }
