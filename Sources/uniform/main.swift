import ArgumentParser
import Foundation
import UniformCore

// Exit codes (docs/SPEC.md §5): 0 clean, 1 findings/failures/refusals, 2 usage or input errors.
// ArgumentParser's own usage errors would exit 64; they are mapped to 2 here.
func runUniform() -> Never {
    do {
        var command = try Uniform.parseAsRoot()
        try command.run()
        fflush(nil)
        exit(0)
    } catch let failure as CommandFailure {
        fflush(nil)
        if !failure.message.isEmpty { Output.error(lines: "uniform: " + failure.message) }
        exit(failure.exitCode)
    } catch {
        fflush(nil)
        let code = Uniform.exitCode(for: error)
        if code == .success { Uniform.exit(withError: error) }
        let message = Uniform.fullMessage(for: error)
        if !message.isEmpty { Output.error(lines: message) }
        exit(code.rawValue == 1 ? 1 : 2)
    }
}

// A CLI owns its process: loads of thousands of manifests may retune glibc's allocator.
AllocatorTuning.allowForLargeLoads()

// The command runs on a thread with a stack of known size: the main thread's is whatever
// `ulimit -s` says (512 KiB crashed on a 480-deep plist, within PlistLimits.maxDepth), and
// the readers recurse once per nesting level.
let worker = Thread { runUniform() }
worker.stackSize = CommandStack.bytes
worker.start()
// Signals go to the worker: Ctrl-C must interrupt the REPL's read and Lua there, not this
// thread's sleep. (Set after the worker started, which keeps the mask it inherited.)
var blocked = sigset_t()
sigfillset(&blocked)
pthread_sigmask(SIG_BLOCK, &blocked, nil)
while true { sleep(60) } // the worker exits the process
