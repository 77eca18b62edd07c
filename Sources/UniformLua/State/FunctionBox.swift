import CLua
import CLuaShim

/// A Swift function callable from Lua. Retained by the Lua closure's userdata upvalue and
/// released by its `__gc` (or by `lua_close`).
///
/// Hot path: Lua → C trampoline → `LuaCallbacks.dispatch` → `invoke` → `body`. Nothing on it
/// retains or allocates: the box is borrowed from its upvalue, and the context handed to the body
/// is a plain struct over the stack that borrows the box.
@usableFromInline
final class FunctionBox {
    @usableFromInline let core: LuaCore
    let name: String?
    /// Pushes its results on the stack and returns their count (`makeFunction` bodies are adapted
    /// to this shape once, at creation).
    let body: (LuaCallContext) throws -> Int

    init(core: LuaCore, name: String?, raw body: @escaping (LuaCallContext) throws -> Int) {
        self.core = core
        self.name = name
        self.body = body
    }

    convenience init(core: LuaCore, name: String?, values body: @escaping (LuaCallContext) throws -> [LuaValue]) {
        self.init(
            core: core, name: name,
            raw: { ctx in
                let results = try body(ctx)
                guard lua_checkstack(ctx.L, Int32(clamping: results.count + 1)) != 0 else {
                    throw HostFunctionError(message: "too many results from host function")
                }
                for i in results.indices { ctx.core.push(results[i], on: ctx.L) }
                return results.count
            })
    }

    /// Runs the body and returns a result count, or CLS_RAISE / CLS_RAISE_WHERE with the message
    /// pushed: the C trampoline raises only after this Swift frame has returned.
    func invoke(_ L: OpaquePointer, arguments: Int32) -> Int32 {
        let saved = core.current
        core.current = L
        defer { core.current = saved }
        do {
            let n = try body(LuaCallContext(box: self, L: L, count: arguments))
            // never negative: that would read as CLS_RAISE in the trampoline
            return Int32(clamping: max(0, min(n, Int(lua_gettop(L)))))
        } catch let error as LuaError {
            core.propagating = error
            core.propagatingCall = core.topLevelCalls
            LuaCore.pushString(error.message, on: L)
            return CLS_RAISE
        } catch {
            LuaCore.pushString(String(describing: error), on: L)
            return CLS_RAISE_WHERE
        }
    }
}

/// A failure of the bridge itself inside a host function (raised with the caller's position).
struct HostFunctionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
