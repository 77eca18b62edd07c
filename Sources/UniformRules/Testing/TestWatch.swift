import Foundation

/// `uniform test --watch`: runs, then polls the files that run read and runs again when one
/// changes, until told to stop. The caller runs the tests and says what they read; this
/// decides when to run again.
public struct TestWatch {
    /// Seconds between polls.
    public var interval: Double
    /// Checked between polls (and after a run): Ctrl-C sets it.
    public var stopRequested: () -> Bool

    public init(interval: Double = 0.5, stopRequested: @escaping () -> Bool) {
        self.interval = interval
        self.stopRequested = stopRequested
    }

    /// `run` runs the tests and returns the files it read; `announce` is told which changed
    /// before each run after the first.
    public func loop(run: () -> [String], announce: ([String]) -> Void) {
        var stamps = FileStamps(paths: run())
        while !stopRequested() {
            Thread.sleep(forTimeInterval: interval)
            let now = stamps.restamped()
            let changed = stamps.changes(in: now)
            guard !changed.isEmpty, !stopRequested() else { continue }
            announce(changed)
            // The files the run read (a fixture may have added one), with the stamps from
            // before it for those already watched: a save during the run is not missed.
            stamps = FileStamps(paths: run()).keeping(now)
        }
    }
}
