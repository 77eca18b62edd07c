import XCTest
final class UniformRulesTestsPlaceholder: XCTestCase { func testBuilds() {} }
