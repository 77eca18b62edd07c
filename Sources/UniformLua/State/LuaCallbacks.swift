import CLua
import CLuaShim

/// The two process-wide C entry points into Swift. They are stateless: all context arrives
/// through the box pointer stored as the closure's upvalue.
enum LuaCallbacks {
    static let installed: Void = {
        cls_set_callbacks(dispatch, release)
    }()

    static func install() { _ = installed }

    static let dispatch: cls_dispatch_fn = { L, box in
        guard let L, let box else { return CLS_RAISE }
        let fn = Unmanaged<FunctionBox>.fromOpaque(box).takeUnretainedValue()
        return fn.invoke(L)
    }

    static let release: cls_release_fn = { object in
        guard let object else { return }
        Unmanaged<AnyObject>.fromOpaque(object).release()
    }
}
