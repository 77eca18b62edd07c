-- luacheck configuration for uniform's own Lua (rules/, examples/) and a model for users:
-- rule files see the `uniform` API; test files also see busted's DSL, uniform's assertions and
-- `fixture`. Run from the repository root: luacheck --config rules/.luacheckrc rules examples
std = "lua54"
-- Findings' messages are long strings; rule callbacks have signatures the API fixes.
max_line_length = false
unused_args = false
read_globals = {
  uniform = { other_fields = true },
}
exclude_files = {
  "**/uniform.d.lua",   -- LuaLS definitions: declarations, not code
  "**/uniform-test.d.lua",
  ".build/**", ".build-*/**",
}
files["**/*_test.lua"] = { std = "+busted", read_globals = { "fixture", assert = { other_fields = true } } }
files["**/*_spec.lua"] = { std = "+busted", read_globals = { "fixture", assert = { other_fields = true } } }
