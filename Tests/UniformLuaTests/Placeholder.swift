import XCTest
final class UniformLuaTestsPlaceholder: XCTestCase { func testBuilds() {} }
