import CLua
import CLuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts how many times each (chunk, line) ran, from the line hook: LCOV's `DA:line,count`.
/// The hook passes Lua's `source` pointer; the last one is cached (pointer *and* bytes
/// compared, since memory can be reused), so a line event costs a pointer compare and an
/// increment in an array indexed by line — cheaper than the set insert it replaced.
///
/// Lua calls the hook when a new line starts and when a loop jumps back (even to the same
/// line), so a loop's line counts once per iteration, as luacov counts it.
final class CoverageRecorder {
    final class Lines {
        /// Times run, indexed by line number.
        var counts: [Int] = []

        var hits: [Int: Int] {
            var out: [Int: Int] = [:]
            for (line, count) in counts.enumerated() where count > 0 { out[line] = count }
            return out
        }
    }

    private(set) var chunks: [String: Lines] = [:]
    private var lastSource: UnsafePointer<CChar>?
    private var lastBytes: [CChar] = []
    private var lastLines = Lines()

    var hits: [String: [Int: Int]] { chunks.mapValues(\.hits) }

    func reset() {
        chunks = [:]
        lastSource = nil
        lastBytes = []
    }

    func record(source: UnsafePointer<CChar>, line: Int) {
        if source != lastSource || strcmp(source, lastBytes) != 0 {
            lastSource = source
            lastBytes = Array(UnsafeBufferPointer(start: source, count: strlen(source) + 1))
            let s = String(cString: source)
            let name = s.hasPrefix("@") || s.hasPrefix("=") ? String(s.dropFirst()) : s
            if let l = chunks[name] {
                lastLines = l
            } else {
                lastLines = Lines()
                chunks[name] = lastLines
            }
        }
        guard line >= 0 else { return }
        if line >= lastLines.counts.count {
            lastLines.counts.append(contentsOf: repeatElement(0, count: line - lastLines.counts.count + 1))
        }
        lastLines.counts[line] &+= 1
    }

    static let lineHook: cls_line_fn = { ctx, source, line in
        guard let ctx, let source else { return }
        Unmanaged<CoverageRecorder>.fromOpaque(ctx).takeUnretainedValue().record(source: source, line: Int(line))
    }
}

/// Receives active lines from `cls_active_lines`.
final class LineCollector {
    var lines: Set<Int> = []
    static let callback: cls_activeline_fn = { ctx, line in
        guard let ctx else { return }
        Unmanaged<LineCollector>.fromOpaque(ctx).takeUnretainedValue().lines.insert(Int(line))
    }
}
