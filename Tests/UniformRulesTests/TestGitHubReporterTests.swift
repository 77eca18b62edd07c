import UniformRules
import XCTest

final class TestGitHubReporterTests: XCTestCase {
    func testFailuresAndErrorsOnly() {
        let expected = """
            ::error file=spec/types_spec.lua,line=12,col=3,title=types › png › has an extension::expected "png", got nil <&> 100%25%0Astack traceback:%0A\tspec/types_spec.lua:12: in function <spec/types_spec.lua:10>
            ::error file=spec/handlers_spec.lua,title=handlers › rank%2C default::rules/handlers.lua:4: attempt to index a nil value

            """
        XCTAssertEqual(TestGitHubReporter().report(TestRunFixtures.mixed), expected)
        XCTAssertEqual(TestGitHubReporter().report(TestRunFixtures.allPassing), "")
    }
}
