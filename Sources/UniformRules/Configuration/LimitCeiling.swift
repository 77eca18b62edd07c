import UniformLua

/// How far a configuration may raise the Lua limits. In CI a stranger's pull request supplies
/// `.uniform.lua`, so its `limits` may lower every limit but raise one only up to this ceiling;
/// the command line (`--allow-limits`) lifts the ceiling, because the person who runs CI decides
/// what the machine may spend. 0 ("no limit") counts as above the ceiling.
public enum LimitCeiling {
    public static let instructions: Int64 = 1_000_000_000
    public static let memoryBytes = 1 << 30
    public static let deadlineSeconds: Double = 60

    /// The limits within the ceiling, and one sentence per limit that was lowered to it.
    public static func apply(_ limits: LuaLimits) -> (limits: LuaLimits, capped: [String]) {
        var out = limits
        var capped: [String] = []
        if limits.instructions <= 0 || limits.instructions > instructions {
            out.instructions = instructions
            capped.append(
                "instructions = \(limits.instructions <= 0 ? "0 (no limit)" : "\(limits.instructions)") lowered to \(instructions)"
            )
        }
        if limits.memoryBytes <= 0 || limits.memoryBytes > memoryBytes {
            out.memoryBytes = memoryBytes
            capped.append(
                "memory_mb = \(limits.memoryBytes <= 0 ? "0 (no limit)" : "\(limits.memoryBytes >> 20)") lowered to \(memoryBytes >> 20)"
            )
        }
        if limits.deadlineSeconds <= 0 || limits.deadlineSeconds > deadlineSeconds {
            out.deadlineSeconds = deadlineSeconds
            capped.append(
                "seconds = \(limits.deadlineSeconds <= 0 ? "0 (no limit)" : "\(limits.deadlineSeconds)") lowered to \(Int(deadlineSeconds))"
            )
        }
        return (out, capped)
    }
}
