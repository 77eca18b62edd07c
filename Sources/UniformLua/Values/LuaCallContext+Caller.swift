import CLua

extension LuaCallContext {
    /// Where the Lua code that called this function is (`level` 1 is the direct caller), read
    /// from the debug info of the running state. `nil` when called from C or a stripped chunk.
    ///
    /// Host APIs use it to remember which rule file and line declared something, so every
    /// later explanation can point at it.
    public func callerLocation(level: Int32 = 1) -> LuaSourceLocation? {
        var ar = lua_Debug()
        guard lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0, ar.currentline > 0,
            let source = ar.source
        else {
            return nil
        }
        // At most 4 KiB of it: `load` takes any string as a chunk name, and this runs on every
        // `report` (a 16 MB name was copied whole each time).
        var length = 0
        while length < 4096, source[length] != 0 { length += 1 }
        var name = String(decoding: UnsafeRawBufferPointer(start: source, count: length), as: UTF8.self)
        if name.hasPrefix("@") || name.hasPrefix("=") { name.removeFirst() }
        return LuaSourceLocation(file: name, line: Int(ar.currentline))
    }
}
