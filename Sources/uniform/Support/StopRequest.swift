import Foundation

/// Ctrl-C as a request to stop a loop (`uniform test --watch`) rather than a kill: the loop
/// ends after the run in progress and the command exits with status 0. A second Ctrl-C
/// exits at once (status 130), for a run that takes too long.
final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var source: DispatchSourceSignal?

    static func onInterrupt() -> StopRequest {
        let request = StopRequest()
        signal(SIGINT, SIG_IGN) // delivered to the source below instead
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [request] in
            if request.request() {
                fflush(nil)
                exit(130)
            }
        }
        source.resume()
        request.source = source
        return request
    }

    /// Records the request; true when one was made before.
    private func request() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let again = requested
        requested = true
        return again
    }

    func isRequested() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}
