import CLua
import CLuaShim

/// The two process-wide C entry points into Swift. They are stateless: all context arrives
/// through the box pointer stored as the closure's upvalue.
enum LuaCallbacks {
    static let installed: Void = {
        cls_set_callbacks(dispatch, release)
    }()

    static func install() { _ = installed }

    /// Borrows the box (no retain/release per call): the closure being called is on the Lua stack,
    /// and its upvalue keeps the box alive until the call returns.
    static let dispatch: cls_dispatch_fn = { L, box, nargs in
        guard let L, let box else { return CLS_RAISE }
        return Unmanaged<FunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.invoke(L, arguments: nargs) }
    }

    static let release: cls_release_fn = { object in
        guard let object else { return }
        Unmanaged<AnyObject>.fromOpaque(object).release()
    }
}
