import Foundation

/// Peak resident memory of this process, in bytes. Each world size is loaded in a fresh child
/// process so that one size's peak does not hide the next one's.
enum PeakMemory {
    /// `VmHWM` of `/proc/self/status`: the peak of this program's own memory. `getrusage`'s
    /// `ru_maxrss` survives `exec` on Linux, so a child started by a parent that had loaded a
    /// large world reported the parent's peak as its own.
    static func bytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
            return kilobytes * 1024
        }
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) // bytes on Darwin (getrusage(2))
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024 // kilobytes on Linux
        #endif
    }
}
