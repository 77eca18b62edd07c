import XCTest
final class UniformCLITestsPlaceholder: XCTestCase { func testBuilds() {} }
