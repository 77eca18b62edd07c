/// Which limit stopped a call.
public enum LuaLimitKind: String, Sendable, Equatable, CaseIterable {
    case instructions, memory, deadline, depth, interrupted, runTime

    init?(tripped code: Int32) {
        switch code {
        case 1: self = .instructions
        case 2: self = .memory
        case 3: self = .deadline
        case 4: self = .depth
        case 5: self = .interrupted
        case 6: self = .runTime
        default: return nil
        }
    }
}
