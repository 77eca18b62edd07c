import Foundation

/// Peak resident memory of this process, in bytes. Each world size is loaded in a fresh child
/// process so that one size's peak does not hide the next one's.
enum PeakMemory {
    static func bytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024   // kilobytes on Linux
    }
}
