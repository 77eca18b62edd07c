@_exported import UniformCore
@_exported import UniformLua
