import CLua
import CLuaShim

/// A Swift function callable from Lua. Retained by the Lua closure's userdata upvalue and
/// released by its `__gc` (or by `lua_close`).
final class FunctionBox {
    enum Body {
        case values((LuaCallContext) throws -> [LuaValue])
        case raw((LuaCallContext) throws -> Int)
    }

    let core: LuaCore
    let name: String?
    let body: Body

    init(core: LuaCore, name: String?, body: Body) {
        self.core = core
        self.name = name
        self.body = body
    }

    /// Runs the body and returns a result count, or CLS_RAISE / CLS_RAISE_WHERE with the message
    /// pushed: the C trampoline raises only after this Swift frame has returned.
    func invoke(_ L: OpaquePointer) -> Int32 {
        let saved = core.current
        core.current = L
        defer { core.current = saved }
        let ctx = LuaCallContext(core: core, L: L, count: lua_gettop(L), name: name)
        do {
            switch body {
            case .values(let f):
                let results = try f(ctx)
                guard lua_checkstack(L, Int32(clamping: results.count + 1)) != 0 else {
                    LuaCore.pushString("too many results from host function", on: L)
                    return CLS_RAISE_WHERE
                }
                for v in results { core.push(v, on: L) }
                return Int32(results.count)
            case .raw(let f):
                let n = try f(ctx)
                return Int32(clamping: min(n, Int(lua_gettop(L))))
            }
        } catch let error as LuaError {
            core.propagating = error
            LuaCore.pushString(error.message, on: L)
            return CLS_RAISE
        } catch {
            LuaCore.pushString(String(describing: error), on: L)
            return CLS_RAISE_WHERE
        }
    }
}
