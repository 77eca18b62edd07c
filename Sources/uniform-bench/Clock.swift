import Foundation

/// Wall-clock timing for benchmarks: the best of several runs, so a busy machine distorts less.
enum Clock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds this thread has used: waiting for a CPU is not work, and the benchmark often
    /// shares its two cores with builds.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds (user and system) of all this process's threads.
    static func processCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// This thread's CPU seconds for one run of single-threaded `body`, best of `runs`.
    static func bestCPU(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        try best(runs: runs, clock: threadCPU, body)
    }

    /// Seconds for one run of `body`, best of `runs`.
    static func best(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        try best(runs: runs, clock: now, body)
    }

    private static func best(runs: Int, clock: () -> Double, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = clock()
            try body()
            best = min(best, clock() - start)
        }
        return best
    }
}

/// Keeps the optimiser from deleting benchmark work.
@inline(never) func blackHole<T>(_ value: T) { _ = value }
