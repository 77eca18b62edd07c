import UniformRules
import XCTest

final class TestTAPReporterTests: XCTestCase {
    func testGolden() {
        let expected = """
            TAP version 13
            1..6
            ok 1 - spec/types_spec.lua: types › png › conforms to image
            not ok 2 - spec/types_spec.lua: types › png › has an extension
              ---
              status: "failed"
              message: "expected \\"png\\", got nil <&> 100%"
              file: "spec/types_spec.lua"
              line: 12
              traceback: "stack traceback:\\n\\tspec/types_spec.lua:12: in function <spec/types_spec.lua:10>"
              output: "debug: looked up png\\n"
              ...
            ok 3 - spec/types_spec.lua: types › png › conforms to image
            not ok 4 - spec/handlers_spec.lua: handlers › rank, default
              ---
              status: "errored"
              message: "rules/handlers.lua:4: attempt to index a nil value"
              file: "spec/handlers_spec.lua"
              line: null
              traceback: null
              output: ""
              ...
            ok 5 - spec/handlers_spec.lua: handlers › later # SKIP not implemented
            ok 6 - spec/handlers_spec.lua: handlers › someday # SKIP

            """
        XCTAssertEqual(TestTAPReporter().report(TestRunFixtures.mixed), expected)
    }

    func testWellFormed() {
        assertWellFormedTAP(TestTAPReporter().report(TestRunFixtures.mixed))
        assertWellFormedTAP(TestTAPReporter().report(TestRunFixtures.allPassing))
        XCTAssertEqual(TestTAPReporter().report(TestRunFixtures.empty), "TAP version 13\n1..0 # SKIP no tests found\n")
    }
}
