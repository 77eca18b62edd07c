import CLua
import CLuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects (chunk, line) pairs from the line hook. The hook passes Lua's `source` pointer; the
/// last one is cached (pointer *and* bytes compared, since memory can be reused) and repeated
/// lines are skipped, so a tight loop costs a pointer compare per line event.
final class CoverageRecorder {
    final class Lines { var set: Set<Int> = [] }

    private(set) var chunks: [String: Lines] = [:]
    private var lastSource: UnsafePointer<CChar>?
    private var lastBytes: [CChar] = []
    private var lastLines = Lines()
    private var lastLine = -1

    var lines: [String: Set<Int>] { chunks.mapValues(\.set) }

    func reset() {
        chunks = [:]
        lastSource = nil
        lastBytes = []
        lastLine = -1
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
            lastLine = -1
        }
        if line != lastLine {
            lastLine = line
            lastLines.set.insert(line)
        }
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
