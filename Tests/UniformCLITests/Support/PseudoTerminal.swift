import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the real `uniform` binary on a pseudo-terminal, as a session leader with the terminal
/// as its controlling tty (so Ctrl-C is a real SIGINT from the line discipline), and reads its
/// output with timeouts. Every wait fails the test with everything seen so far.
final class PseudoTerminal {
    private let master: Int32
    private let pid: pid_t
    /// Everything the program wrote.
    private(set) var transcript = ""
    /// `expect` searches only after the end of the previous match.
    private var searchFrom: String.Index
    private var exitStatus: Int32?
    private var hasMissed = false

    init(arguments: [String], environment: [String: String]) throws {
        let pty = try Self.openMaster()
        master = pty.master
        let slavePath = pty.slavePath

        // The child becomes a session leader with the terminal as its controlling tty through a
        // small Python trampoline, the same way on both systems. posix_spawn cannot do it on
        // macOS: XNU runs the file actions (the open of the terminal) before it applies
        // POSIX_SPAWN_SETSID (bsd/kern/kern_exec.c), so the open comes too early to make the
        // terminal controlling, and Ctrl-C would raise nothing. The window size is set on the
        // terminal once opened, as macOS refuses most ioctls on a master before that.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)

        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        let argv =
            (["python3", "-c", Self.trampoline, slavePath, CLI.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, "python3", &actions, nil, argv, envp)
        guard status == 0 else {
            close(master)
            throw NSError(
                domain: "PseudoTerminal", code: Int(status),
                userInfo: [NSLocalizedDescriptionKey: "posix_spawn failed: \(status)"])
        }
        pid = child
        searchFrom = transcript.startIndex
    }

    /// argv: the terminal's path, the program, its arguments. A new session, the terminal as its
    /// controlling tty (TIOCSCTTY: needed on macOS, a no-op where the open already did it),
    /// 40×120, standard streams on it, SIGINT at its default and unblocked, then the program.
    private static let trampoline = """
        import fcntl, os, signal, struct, sys, termios
        os.setsid()
        fd = os.open(sys.argv[1], os.O_RDWR)
        fcntl.ioctl(fd, termios.TIOCSCTTY, 0)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        for target in (0, 1, 2):
            os.dup2(fd, target)
        if fd > 2:
            os.close(fd)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        os.execv(sys.argv[2], sys.argv[2:])
        """

    /// `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`: libc has them, but Swift's Glibc module
    /// hides them behind `_XOPEN_SOURCE`, so they are looked up at run time.
    private static func openMaster() throws -> (master: Int32, slavePath: String) {
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias FDCall = @convention(c) (Int32) -> Int32
        typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let libc = dlopen(nil, RTLD_NOW)
        func symbol<T>(_ name: String, as _: T.Type) throws -> T {
            guard let pointer = dlsym(libc, name) else { throw XCTSkip("\(name) is not available") }
            return unsafeBitCast(pointer, to: T.self)
        }
        let openpt = try symbol("posix_openpt", as: OpenPT.self)
        let grantpt = try symbol("grantpt", as: FDCall.self)
        let unlockpt = try symbol("unlockpt", as: FDCall.self)
        let ptsname = try symbol("ptsname", as: PTSName.self)
        let master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw XCTSkip("no pseudo-terminals here (posix_openpt: errno \(errno))") }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            close(master)
            throw XCTSkip("cannot set up a pseudo-terminal (errno \(errno))")
        }
        return (master, String(cString: name))
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types text (`\r` is Enter, `\u{03}` Ctrl-C, `\u{04}` Ctrl-D, `\t` Tab).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
    }

    /// Reads until `text` appears after the previous match, or fails after `timeout` seconds.
    func expect(_ text: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) {
        // After one miss the session is off script: later waits give up at once.
        let deadline = Date().addingTimeInterval(hasMissed ? 0.2 : timeout)
        while true {
            if let range = transcript.range(of: text, range: searchFrom..<transcript.endIndex) {
                searchFrom = range.upperBound
                return
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 || !readSome(timeout: remaining) {
                XCTFail(
                    "expected \(text.debugDescription); the terminal showed:\n\(transcript.debugDescription)",
                    file: file, line: line)
                hasMissed = true
                searchFrom = transcript.endIndex
                return
            }
        }
    }

    /// Reads whatever arrives within `seconds` (to let a program start running something).
    func drain(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0, readSome(timeout: deadline.timeIntervalSinceNow) {}
    }

    /// Waits for the program to exit and returns its status (nil on timeout).
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(hasMissed ? 1 : timeout)
        while Date() < deadline {
            _ = readSome(timeout: 0.05)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                exitStatus = code
                return code
            }
        }
        return nil
    }

    /// One read with a timeout; false at the timeout or when the terminal closed.
    private func readSome(timeout: TimeInterval) -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(1, min(timeout, 1) * 1000)))
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return timeout > 1 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &buffer, buffer.count)
        guard n > 0 else { return false }
        transcript += String(decoding: buffer[..<n], as: UTF8.self)
        return true
    }
}
