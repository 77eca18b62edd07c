@_exported import UniformPlist
