#if canImport(Glibc)
import Glibc
#endif

/// Keeps glibc's allocator from handing memory back to the kernel while a large world loads.
///
/// Measured on 100,000 manifests (2 cores): with the default trim and mmap thresholds the
/// parse phase took 29 s, mostly page faults and `brk` shrinking and regrowing the heap under
/// two parsing threads; with a 256 MB top pad, a 1 GB trim threshold and a fixed 32 MB mmap
/// threshold it took 6.5 s. Small loads are left alone: the default suits a short process.
enum AllocatorTuning {
    /// Loads of at least this many files tune the allocator first.
    static let threshold = 2_000

    private static let applied: Bool = {
        #if canImport(Glibc)
        // `mallopt` lives in <malloc.h>, which the Glibc module does not export: look it up.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        if let symbol = dlsym(nil, "mallopt") {
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            _ = mallopt(-2, 256 << 20)   // M_TOP_PAD
            _ = mallopt(-1, 1 << 30)     // M_TRIM_THRESHOLD
            _ = mallopt(-3, 32 << 20)    // M_MMAP_THRESHOLD
        }
        #endif
        return true
    }()

    /// Idempotent; a `static let` runs its initialiser once, even under concurrent first use.
    static func prepareForLargeLoad() { _ = applied }
}
