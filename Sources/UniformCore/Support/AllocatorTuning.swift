import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Keeps glibc's allocator from handing memory back to the kernel while a large world loads —
/// for executables that opt in (`allowForLargeLoads()` at start: `uniform`, `uniform-bench`).
/// A library must not retune its host's heap unasked, so without that call nothing changes.
///
/// Measured on 100,000 manifests (2 cores): with the default trim and mmap thresholds the
/// parse phase took 29 s, mostly page faults and `brk` shrinking and regrowing the heap under
/// two parsing threads; with a 256 MB top pad, a 1 GB trim threshold and a fixed 32 MB mmap
/// threshold it took 6.5 s. Small loads are left alone: the default suits a short process.
/// macOS's allocator has no such knobs; there this does nothing.
public enum AllocatorTuning {
    /// Loads of at least this many files tune the allocator first.
    static let threshold = 2_000

    /// The opt-in, behind a lock: set once by an executable's first lines, read by loaders on
    /// any thread.
    private final class Consent: @unchecked Sendable {
        private let lock = NSLock()
        private var given = false
        var isGiven: Bool { lock.withLock { given } }
        func give() { lock.withLock { given = true } }
    }
    private static let consent = Consent()

    /// Lets loads of `threshold` files or more tune the process's allocator.
    public static func allowForLargeLoads() { consent.give() }

    private static let applied: Bool = {
        #if canImport(Glibc)
        // `mallopt` lives in <malloc.h>, which the Glibc module does not export: look it up.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        if let symbol = dlsym(nil, "mallopt") {
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            _ = mallopt(-2, 256 << 20) // M_TOP_PAD
            _ = mallopt(-1, 1 << 30) // M_TRIM_THRESHOLD
            _ = mallopt(-3, 32 << 20) // M_MMAP_THRESHOLD
        }
        #endif
        return true
    }()

    /// Tunes once (a `static let` runs its initialiser once, even under concurrent first use),
    /// and only where the executable allowed it.
    static func prepareForLargeLoad() {
        guard consent.isGiven else { return }
        _ = applied
    }
}
