/// The stack every command runs on (see main.swift). Deep enough for the readers at their
/// depth limits (PlistLimits.maxDepth 512, a few KiB per level in a debug build) and for Lua's
/// 200 nested C calls; it is reserved address space, touched only as deep as a run goes.
enum CommandStack {
    static let bytes = 64 << 20
}
