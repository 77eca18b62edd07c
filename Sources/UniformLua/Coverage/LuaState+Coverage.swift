import CLua
import CLuaShim

extension LuaState {
    /// Records every executed (chunk, line) through a line hook installed alongside the count
    /// hook (the budget keeps working). Enable before loading/running the code to measure.
    public func setLineCoverage(_ enabled: Bool) {
        guard let L = core.L else { return }
        if enabled {
            let recorder = core.coverage ?? CoverageRecorder()
            core.coverage = recorder
            cls_limits_set_line_hook(
                L, core.limits.pointer, CoverageRecorder.lineHook,
                Unmanaged.passUnretained(recorder).toOpaque())
        } else {
            cls_limits_set_line_hook(L, core.limits.pointer, nil, nil)
        }
    }

    /// Executed lines per chunk name (the path without `@`), since coverage was enabled.
    public func coverage() -> [String: Set<Int>] { coverageHits().mapValues { Set($0.keys) } }

    /// How many times each line ran, per chunk name, since coverage was enabled.
    public func coverageHits() -> [String: [Int: Int]] { core.coverage?.hits ?? [:] }

    public func resetCoverage() { core.coverage?.reset() }

    /// The lines holding code in `f` and all functions nested in it — the denominator for
    /// coverage. Read from the function's own dump (the same line table the line hook uses),
    /// because nested prototypes are not reachable through the C API; matches
    /// `debug.getinfo(f, "L").activelines` for each function.
    public func activeLines(of f: LuaFunction) -> Set<Int> {
        let collector = LineCollector()
        _ = f.withPushed { L, i in
            cls_active_lines(L, i, LineCollector.callback, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.lines
    }
}
