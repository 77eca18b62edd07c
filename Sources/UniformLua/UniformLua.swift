@_exported import CLuaShim
