import ArgumentParser
import Foundation

// Exit codes (SPEC §5): 0 clean, 1 findings/failures/refusals, 2 usage or input errors.
// ArgumentParser's own usage errors would exit 64; they are mapped to 2 here.
do {
    var command = try Uniform.parseAsRoot()
    try command.run()
    fflush(nil)
    exit(0)
} catch let failure as CommandFailure {
    fflush(nil)
    if !failure.message.isEmpty { FileHandle.standardError.write(Data(("uniform: " + failure.message + "\n").utf8)) }
    exit(failure.exitCode)
} catch {
    fflush(nil)
    let code = Uniform.exitCode(for: error)
    if code == .success { Uniform.exit(withError: error) }
    let message = Uniform.fullMessage(for: error)
    if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    exit(code.rawValue == 1 ? 1 : 2)
}
