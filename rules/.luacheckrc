-- luacheck configuration for uniform's own Lua (rules/, examples/) and a model for users:
-- rule files see exactly what the sandbox gives them (Lua 5.4's base library without dofile,
-- loadfile and warn, with uniform's own `require` of modules in the repository; string without
-- dump; table, math, utf8, coroutine; os.clock, os.time, os.date, os.difftime; no io, debug or
-- package) and the `uniform` API, field by field,
-- so `uniform.polcy(...)` or `io.open` is a lint error, not a run-time one. Test files also see
-- busted's DSL, uniform's assertions and `fixture`.
-- Run from the repository root (the last path is uniform test's framework, its section at the end):
--   luacheck --config rules/.luacheckrc rules examples Sources/UniformRules/Testing/test-framework.lua
stds.uniform_sandbox = {
  read_globals = {
    "_G", "_VERSION", "assert", "collectgarbage", "error", "getmetatable", "ipairs", "load", "next",
    "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
    "require", "tonumber", "tostring", "type", "xpcall",
    string = { fields = {
      "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack",
      "packsize", "rep", "reverse", "sub", "unpack", "upper",
    } },
    table = { fields = { "concat", "insert", "move", "pack", "remove", "sort", "unpack" } },
    math = { fields = {
      "abs", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max", "maxinteger",
      "min", "mininteger", "modf", "pi", "rad", "random", "randomseed", "sin", "sqrt", "tan",
      "tointeger", "type", "ult", "acos", "asin", "atan",
    } },
    utf8 = { fields = { "char", "charpattern", "codepoint", "codes", "len", "offset" } },
    coroutine = { fields = {
      "close", "create", "isyieldable", "resume", "running", "status", "wrap", "yield",
    } },
    os = { fields = { "clock", "date", "difftime", "time" } },
    -- The live `uniform` table, checked against the API by APIReferenceTests.
    -- uniform-fields-begin
    uniform = { fields = {
      "app", "apps", "check", "claims", "conforms", "declarations", "declare_app",
      dyn = { fields = { "decode", "encode" } },
      "edit_distance", "explain", "export", "exposure", "findings", "hide", "import",
      "is_declared", "lookup", "os", "platforms", "plist", "plist_keys", "policy", "refuse",
      "resolve", "route", "same_vendor", "send", "set_default", "similar_types", "supertypes",
      "tags", "team", "type", "version",
    } },
    -- uniform-fields-end
  },
}
std = "uniform_sandbox"
-- Findings' messages are long strings; rule callbacks have signatures the API fixes.
max_line_length = false
unused_args = false
exclude_files = {
  "**/uniform.d.lua",   -- LuaLS definitions: declarations, not code
  "**/uniform-test.d.lua",
  ".build/**", ".build-*/**",
}
files["**/*_test.lua"] = { std = "uniform_sandbox+busted", read_globals = { "fixture", assert = { other_fields = true } } }
files["**/*_spec.lua"] = { std = "uniform_sandbox+busted", read_globals = { "fixture", assert = { other_fields = true } } }
-- uniform-own-begin: `uniform init` leaves this section out of a team's copy.
-- uniform test's framework (Sources/UniformRules/Testing/test-framework.lua) runs in the same
-- sandbox and defines what test files see: busted's DSL, luassert's spy/stub/mock/match,
-- `assert`, `fixture`, and a `require` that names the modules a busted spec expects from LuaRocks.
files["Sources/UniformRules/Testing/test-framework.lua"] = {
  globals = {
    "describe", "context", "insulate", "expose", "it", "spec", "test", "pending", "finally", "randomize",
    "before_each", "after_each", "setup", "teardown", "lazy_setup", "strict_setup", "lazy_teardown",
    "strict_teardown", "spy", "stub", "mock", "match", "assert", "fixture", "require",
  },
}
-- uniform-own-end
