import Foundation
import UniformRules
import XCTest

/// `uniform repl` on a real pseudo-terminal: prompt, completion, multi-line input, Ctrl-C,
/// persistent history.
final class ReplTerminalTests: XCTestCase {
    var state: URL!

    override func setUpWithError() throws {
        state = try CLI.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: state)
    }

    func start() throws -> PseudoTerminal {
        let apps = CLI.packageRoot.appendingPathComponent("examples/molecules/apps").path
        let terminal = try PseudoTerminal(
            arguments: ["repl", "-m", apps], environment: ["XDG_STATE_HOME": state.path, "HOME": state.path])
        terminal.expect("uniform> ")
        return terminal
    }

    func testPromptCompletionAndMultiLineLoop() throws {
        let terminal = try start()
        terminal.send("unif\t")
        terminal.expect("orm")
        terminal.send(".version\r")
        terminal.expect("\(UniformVersion.current)\r\n")
        terminal.send("uniform.type(\".pdb\").id\r")
        terminal.expect("com.sunsetlakesoftware.molecules.pdb\r\n")

        terminal.send("for i = 1, 3 do\r")
        terminal.expect("uniform>> ")
        terminal.send("print(i * 10)\r")
        terminal.expect("uniform>> ")
        terminal.send("end\r")
        terminal.expect("10\r\n20\r\n30\r\n")
        terminal.expect("uniform> ")

        terminal.send(":quit\r")
        XCTAssertEqual(terminal.waitForExit(), 0, terminal.transcript)
    }

    func testCtrlCInterruptsARunningLoopAndTheSessionGoesOn() throws {
        let terminal = try start()
        terminal.send("while true do end\r")
        terminal.expect("while true do end\r\n")
        terminal.drain(for: 0.5) // running now: no instruction or time limit on a terminal
        terminal.send("\u{03}")
        terminal.expect("interrupted")
        terminal.expect("uniform> ")
        terminal.send("40 + 2\r")
        terminal.expect("42\r\n")
        // Ctrl-C at the prompt drops the line, and a chunk in progress.
        terminal.send("for i = 1, 2 do\r")
        terminal.expect("uniform>> ")
        terminal.send("junk\u{03}")
        terminal.expect("uniform> ")
        terminal.send("'still here'\r")
        terminal.expect("still here\r\n")
        terminal.expect("uniform> ")
        terminal.send("\u{04}")
        XCTAssertEqual(terminal.waitForExit(), 0, terminal.transcript)
    }

    func testHistorySurvivesARestart() throws {
        let first = try start()
        first.send("print('hist' .. 'ory kept')\r")
        first.expect("history kept\r\n")
        // Ctrl-D only means end of input once the editor has the terminal: wait for the prompt.
        first.expect("uniform> ")
        first.send("\u{04}")
        XCTAssertEqual(first.waitForExit(), 0, first.transcript)
        let file = state.appendingPathComponent("uniform/history")
        let saved = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(saved.contains("hist"), saved)

        let second = try start()
        second.send("\u{10}") // Ctrl-P: the previous history entry
        second.expect("'ory kept')")
        second.send("\r")
        second.expect("history kept\r\n")
        second.expect("uniform> ")
        second.send("\u{04}")
        XCTAssertEqual(second.waitForExit(), 0, second.transcript)
    }

    /// Characters beyond ASCII, typed and completed: current libedit (Debian's, Homebrew's)
    /// reads them; with Apple's own, each arrives as '?' and the banner says so.
    func testNonASCIIInputOnATerminal() throws {
        let terminal = try start()
        let asciiOnly = terminal.transcript.contains("passes only ASCII")
        terminal.send("print('été → 日本')\r")
        terminal.expect(asciiOnly ? "?t? ? ??\r\n" : "été → 日本\r\n")
        // Ctrl-D typed before the editor has the terminal again is flushed with the mode change.
        terminal.expect("uniform> ")
        terminal.send("\u{04}")
        XCTAssertEqual(terminal.waitForExit(), 0, terminal.transcript)
    }

    func testErrorsAndCommandsOnATerminal() throws {
        let terminal = try start()
        terminal.send("error('boom')\r")
        terminal.expect("stdin:1: boom")
        terminal.send(":why .pdb\r")
        terminal.expect("1. com.sunsetlakesoftware.molecules")
        terminal.expect("default: com.sunsetlakesoftware.molecules")
        terminal.send(":ty\t public.tex\t\r")
        terminal.expect("public.text\r\n")
        terminal.expect("conforms to:")
        terminal.send(":quit\r")
        // Failures do not change the exit status of an interactive session.
        XCTAssertEqual(terminal.waitForExit(), 0, terminal.transcript)
    }
}
