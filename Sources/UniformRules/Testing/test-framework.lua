local api = ...
local root = { before = {}, after = {}, setup = {}, teardown = {} }
local current = root
local tests = {}

local function path_of(block, name)
  local names = {}
  local b = block
  while b and b.name do table.insert(names, 1, b.name) b = b.parent end
  names[#names + 1] = name
  return names
end

function describe(name, fn)
  if type(name) ~= "string" or type(fn) ~= "function" then error("describe(name, function() … end)", 2) end
  local block = { name = name, parent = current, before = {}, after = {}, setup = {}, teardown = {} }
  local saved = current
  current = block
  fn()
  current = saved
end
-- busted's other block names: each test already runs in a fresh world, so `insulate` and
-- `expose` group tests like `describe` does.
context, insulate, expose = describe, describe, describe

local running = false   -- inside a test body (or its hooks)
local finally_list = {}

local function add(name, fn, is_pending)
  if type(name) ~= "string" then error("it(name, function() … end)", 3) end
  if fn == nil then is_pending = true end   -- busted: an `it` without a body is pending
  if not is_pending and type(fn) ~= "function" then error("it(name, function() … end)", 3) end
  local file, line = api.caller(2)
  tests[#tests + 1] = { path = path_of(current, name), fn = fn, block = current, file = file, line = line, pending = is_pending }
end
function it(name, fn) add(name, fn, false) end
spec, test = it, it
-- `pending("name", fn)` declares a pending test; `pending("reason")` inside a running test
-- stops it there as pending (busted's two uses).
function pending(name, fn)
  if running then error("\1pending\1" .. tostring(name or "pending"), 0) end
  add(name, fn, true)
end
--- Runs after the current test, pass or fail.
function finally(fn)
  if not running then error("finally(fn) belongs inside a test", 2) end
  finally_list[#finally_list + 1] = fn
end

-- What uniform test does not support fails by name where it is used: inside a test that
-- test fails at the line; while the file loads, a failing entry at the line takes its place
-- and the rest of the file still loads (it used to abort the whole file).
local function unsupported(name, why, level)
  local message = "busted's `" .. name .. "` is not supported by uniform test" .. (why and (" (" .. why .. ")") or "")
  if running then error(message, level + 1) end
  local file, line = api.caller(level)
  tests[#tests + 1] = { path = path_of(current, name .. " (unsupported)"), fn = function() error(message, 0) end, block = current,
                        file = file, line = line, pending = false }
  local dummy
  dummy = setmetatable({}, { __index = function() return dummy end, __call = function() return dummy end })
  return dummy
end
-- busted's randomize(): the tests of this block (the file, at top level) run in a shuffled
-- order, from the seed `uniform test` prints (`--seed N` reruns it); randomize(false) in a
-- nested block keeps that block in order.
local random_blocks = 0
function randomize(on)
  if running then error("randomize() belongs in a describe block or at the top of the file, not in a test", 2) end
  if on == false then current.random = false return end
  random_blocks = random_blocks + 1
  current.random = random_blocks
end
-- `require` reads modules from lua_path; one a busted spec expects from LuaRocks (`socket`,
-- `luassert`) is not there: in a test file that fails by name at its line, as above,
-- and the rest of the file still loads. Rule files get require's own error.
local real_require = require
function require(name)
  local ok, value = pcall(real_require, name)
  if ok then return value end
  local own = type(value) == "string" and value:sub(1, 9) == "require: "
  local file = api.caller(1)
  if own and value:find("^require: no module") and type(file) == "string"
      and (file:find("_test%.lua$") or file:find("_spec%.lua$")) then
    local r = unsupported("require", value:sub(10) .. "; uniform test loads modules from lua_path only", 2)
    return r
  end
  error(value, own and 2 or 0)
end
function before_each(fn) table.insert(current.before, fn) end
function after_each(fn) table.insert(current.after, fn) end
function setup(fn) table.insert(current.setup, fn) end
function teardown(fn) table.insert(current.teardown, fn) end
lazy_setup, strict_setup, lazy_teardown, strict_teardown = setup, setup, teardown, teardown

local function chain(block)
  local blocks = {}
  while block do table.insert(blocks, 1, block) block = block.parent end
  return blocks
end

local runner = {}
-- The randomize() block a test belongs to: the nearest block that said, unless it said false.
local function random_group(block)
  while block do
    if block.random ~= nil then return block.random or nil end
    block = block.parent
  end
end
function runner.list()
  local out = {}
  for i, t in ipairs(tests) do
    out[i] = { path = t.path, file = t.file, line = t.line, pending = t.pending, random = random_group(t.block) }
  end
  return out
end
function runner.before(i)
  running = true
  finally_list = {}
  for _, block in ipairs(chain(tests[i].block)) do
    for _, f in ipairs(block.setup) do f() end
    for _, f in ipairs(block.before) do f() end
  end
end
function runner.body(i) return tests[i].fn end
-- Messages of several lines the framework built (its line breaks are its own), and
-- whether an error's message is one of them, after Lua's one-line `file:line: `.
-- Likewise the messages of assertion failures (`asserted`): any other error in a test is
-- an error of the test's code (JUnit `error`), not a failed assertion (`failure`).
local framed, asserted = {}, {}
local function raised(set, m)
  if type(m) ~= "string" then return false end
  for b in pairs(set) do
    if m == b then return true end
    if #m > #b and m:sub(-#b) == b then
      local prefix = m:sub(1, #m - #b)
      if not prefix:find("[\r\n]") and prefix:find(":%d+: $") then return true end
    end
  end
  return false
end
function runner.framed(m) return raised(framed, m) end
function runner.asserted(m) return raised(asserted, m) end
function runner.after(i)
  local first_error
  for n = #finally_list, 1, -1 do
    local ok, err = pcall(finally_list[n])
    if not ok and first_error == nil then first_error = err end
  end
  finally_list = {}
  running = false
  if first_error ~= nil then error(first_error, 0) end
  local blocks = chain(tests[i].block)
  for n = #blocks, 1, -1 do
    for _, f in ipairs(blocks[n].after) do f() end
    for _, f in ipairs(blocks[n].teardown) do f() end
  end
end

-- Values shown in messages.
local function show(v, depth, seen)
  depth = depth or 0
  seen = seen or {}
  -- (%q writes a line break as a backslash and the break itself: one line instead)
  if type(v) == "string" then return (string.format("%q", v):gsub("\\\n", "\\n")) end
  if type(v) ~= "table" then return tostring(v) end
  if seen[v] then return "<cycle>" end
  if depth > 3 then return "{…}" end
  seen[v] = true
  local parts = {}
  local n = #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1, seen) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    local key = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. show(k, depth + 1, seen) .. "]")
    parts[#parts + 1] = key .. " = " .. show(v[k], depth + 1, seen)
  end
  seen[v] = nil
  return "{ " .. table.concat(parts, ", ") .. " }"
end

-- The first place two values differ, as a path: "[2].bundle_id".
local function difference(a, b, path, seen)
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b then return nil end
    return path, a, b
  end
  if a == b then return nil end
  seen = seen or {}
  if seen[a] == b then return nil end
  seen[a] = b
  local keys = {}
  for k in pairs(a) do keys[k] = true end
  for k in pairs(b) do keys[k] = true end
  local sorted = {}
  for k in pairs(keys) do sorted[#sorted + 1] = k end
  table.sort(sorted, function(x, y)
    if type(x) == type(y) and (type(x) == "number" or type(x) == "string") then return x < y end
    return type(x) < type(y)
  end)
  for _, k in ipairs(sorted) do
    local step = type(k) == "number" and ("[" .. k .. "]") or ("." .. tostring(k))
    local p, x, y = difference(a[k], b[k], path .. step, seen)
    if p then return p, x, y end
  end
  return nil
end

-- luassert's spies, stubs, mocks and matchers, for helper functions in test files: a spy
-- records its calls and passes them on; a stub records and returns fixed values.
local spies = setmetatable({}, { __mode = "k" })
local function make_spy(fn, returns)
  -- `returnvals` as luassert names them: `returns` is the stub's setter (`.returns(7)`).
  local s = { calls = {}, returnvals = {} }
  s.clear = function() s.calls = {}; s.returnvals = {} end
  s.revert = function() end
  local invoke
  if fn then invoke = fn end
  if returns then invoke = function() return table.unpack(returns, 1, returns.n) end end
  --- luassert's stub(t, "f").returns(…) and .invokes(fn): what the stub does from now on.
  s.returns = function(...)
    local values = table.pack(...)
    invoke = function() return table.unpack(values, 1, values.n) end
    return s
  end
  s.invokes = function(f)
    if type(f) ~= "function" then error("invokes(fn): give a function", 2) end
    invoke = f
    return s
  end
  s.by_default = s
  setmetatable(s, { __call = function(_, ...)
    s.calls[#s.calls + 1] = table.pack(...)
    local out = invoke and table.pack(invoke(...)) or { n = 0 }
    s.returnvals[#s.returnvals + 1] = out
    return table.unpack(out, 1, out.n)
  end })
  spies[s] = true
  return s
end
local function replace(t, name, s)
  local original = t[name]
  s.revert = function() t[name] = original end
  t[name] = s
  return s
end
spy = {
  new = function(fn) return make_spy(fn) end,
  on = function(t, name) return replace(t, name, make_spy(t[name])) end,
  is_spy = function(x) return spies[x] == true end,
}
stub = setmetatable({
  new = function(t, name, ...) return replace(t, name, make_spy(nil, table.pack(...))) end,
  is_stub = function(x) return spies[x] == true end,
}, { __call = function(self, t, name, ...) return self.new(t, name, ...) end })
function mock(t, stubs)
  for key, value in pairs(t) do
    if type(value) == "function" then
      if stubs then stub.new(t, key) else spy.on(t, key) end
    end
  end
  return t
end
-- Matchers stand for an argument in called_with / returned_with.
local matchers = setmetatable({}, { __mode = "k" })
local function matcher(test, name) local m = { name = name }; matchers[m] = test; return m end
local function argument_matches(expected, actual)
  if matchers[expected] then return matchers[expected](actual) end
  return difference(expected, actual, "") == nil
end
match = { _ = matcher(function() return true end, "_") }
match.is_any = function() return match._ end
for _, t in ipairs({ "string", "number", "table", "function", "boolean", "nil", "userdata", "thread" }) do
  match["is_" .. t] = function() return matcher(function(v) return type(v) == t end, "is_" .. t) end
end
match.is_truthy = function() return matcher(function(v) return not not v end, "is_truthy") end
match.is_falsy = function() return matcher(function(v) return not v end, "is_falsy") end
match.is_true = function() return matcher(function(v) return v == true end, "is_true") end
match.is_false = function() return matcher(function(v) return v == false end, "is_false") end
match.is_same = function(x) return matcher(function(v) return difference(x, v, "") == nil end, "is_same") end
match.is_equal = function(x) return matcher(function(v) return v == x end, "is_equal") end
match.matches = function(p) return matcher(function(v) return type(v) == "string" and v:find(p) ~= nil end, "matches") end
local function any_call(list, wanted)
  for _, args in ipairs(list) do
    local ok = args.n == wanted.n
    for i = 1, wanted.n do if ok and not argument_matches(wanted[i], args[i]) then ok = false end end
    if ok then return true end
  end
  return false
end

-- A piece of a message of several lines, put on one line.
local function oneline(s) return (tostring(s):gsub("\r", "\\r"):gsub("\n", "\\n")) end
local function fail(message, level)
  asserted[message] = true
  error(message, (level or 2) + 1)
end
-- A message of several lines whose pieces from input went through `show` or `oneline`.
local function fail_lines(message, level)
  framed[message] = true
  asserted[message] = true
  error(message, (level or 2) + 1)
end

local A = {}
setmetatable(A, { __call = function(_, value, message, ...)
  if not value then fail(message or "assertion failed!", 2) end
  return value, message, ...
end })

function A.equal(expected, actual, message)
  if expected ~= actual then
    fail_lines((message and (oneline(message) .. "\n") or "") .. "expected: " .. show(expected) .. "\nactual:   " .. show(actual))
  end
end
A.equals = A.equal
function A.not_equal(unexpected, actual, message)
  if unexpected == actual then fail_lines((message and (oneline(message) .. "\n") or "") .. "expected a value other than " .. show(actual)) end
end
function A.same(expected, actual, message)
  local path, x, y = difference(expected, actual, "")
  if path then
    local where = path == "" and "" or (" at " .. oneline(path))
    fail_lines((message and (oneline(message) .. "\n") or "") .. "values differ" .. where .. ": expected " .. show(x) .. ", got " .. show(y) ..
         "\nexpected: " .. show(expected) .. "\nactual:   " .. show(actual))
  end
end
function A.truthy(v, message) if not v then fail(message or ("expected a truthy value, got " .. show(v))) end end
function A.falsy(v, message) if v then fail(message or ("expected a falsy value, got " .. show(v))) end end
A.is_true = function(v, m) if v ~= true then fail(m or ("expected true, got " .. show(v))) end end
A.is_false = function(v, m) if v ~= false then fail(m or ("expected false, got " .. show(v))) end end
A.is_nil = function(v, m) if v ~= nil then fail(m or ("expected nil, got " .. show(v))) end end
A.not_nil = function(v, m) if v == nil then fail(m or "expected a value, got nil") end end
function A.has_error(fn, expected, message)
  local ok, err = pcall(fn)
  if ok then fail(message or "expected an error, but the function returned normally") end
  if expected ~= nil and not tostring(err):find(expected, 1, true) then
    fail(message or ("expected an error containing " .. show(expected) .. ", got " .. show(tostring(err))))
  end
  return err
end
A.error = A.has_error
function A.has_no_error(fn, message)
  local ok, err = pcall(fn)
  if not ok then fail(message or ("expected no error, got " .. show(tostring(err)))) end
end
function A.matches(pattern, actual, message)
  if type(actual) ~= "string" or not actual:find(pattern) then
    fail(message or ("expected " .. show(actual) .. " to match the pattern " .. show(pattern)))
  end
end

-- luassert's vocabulary: modifiers chain in any order and in one name (`assert.are.same`,
-- `assert.is_not.equal`, `assert.has_no.errors`, `assert.is_not_nil`); `not`/`no` negate,
-- the other words only read well. Each core assertion is a predicate and its two messages.
local core = {}
local function msg(m, text) return (m and (oneline(m) .. "\n") or "") .. text end
core.equal = function(expected, actual, m)
  return expected == actual, msg(m, "expected: " .. show(expected) .. "\nactual:   " .. show(actual)),
         msg(m, "expected a value other than " .. show(actual))
end
core.equals = core.equal
core.same = function(expected, actual, m)
  local path, x, y = difference(expected, actual, "")
  return path == nil, msg(m, "values differ" .. (path and path ~= "" and (" at " .. oneline(path)) or "") .. ": expected " .. show(x) .. ", got " .. show(y) ..
                              "\nexpected: " .. show(expected) .. "\nactual:   " .. show(actual)),
         msg(m, "expected the values to differ, both are " .. show(actual))
end
local function literal(name, wanted)
  core[name] = function(v, m) return v == wanted, msg(m, "expected " .. tostring(wanted) .. ", got " .. show(v)), msg(m, "expected a value other than " .. tostring(wanted)) end
end
literal("true", true); literal("false", false); literal("nil", nil)
core.truthy = function(v, m) return not not v, msg(m, "expected a truthy value, got " .. show(v)), msg(m, "expected a falsy value, got " .. show(v)) end
core.falsy = function(v, m) return not v, msg(m, "expected a falsy value, got " .. show(v)), msg(m, "expected a truthy value, got " .. show(v)) end
for _, t in ipairs({ "table", "string", "number", "function", "boolean", "userdata", "thread" }) do
  core[t] = function(v, m) return type(v) == t, msg(m, "expected a " .. t .. ", got " .. show(v)), msg(m, "expected something other than a " .. t .. ", got " .. show(v)) end
end
core.error = function(fn, expected, m)
  local ok, err = pcall(fn)
  if ok then return false, msg(m, "expected an error, but the function returned normally"), "" end
  if expected == nil then return true, "", msg(m, "expected no error, got " .. show(err)) end
  local matches = (type(err) == "string" and type(expected) == "string" and (err == expected or err:find(expected, 1, true) ~= nil))
    or difference(expected, err, "") == nil
  return matches, msg(m, "expected the error " .. show(expected) .. ", got " .. show(err)),
         msg(m, "expected an error other than " .. show(expected))
end
core.errors = core.error
core.error_matches = function(fn, pattern, init, plain, m)
  local ok, err = pcall(fn)
  if ok then return false, msg(m, "expected an error, but the function returned normally"), "" end
  local found = type(err) == "string" and err:find(pattern, init, plain) ~= nil
  return found, msg(m, "expected an error matching " .. show(pattern) .. ", got " .. show(err)), msg(m, "expected an error not matching " .. show(pattern))
end
core.matches = function(pattern, actual, init, plain, m)
  local found = type(actual) == "string" and actual:find(pattern, init, plain) ~= nil
  return found, msg(m, "expected " .. show(actual) .. " to match " .. show(pattern)), msg(m, "expected " .. show(actual) .. " not to match " .. show(pattern))
end
core.match = core.matches
core.near = function(expected, actual, tolerance, m)
  local close = type(actual) == "number" and math.abs(expected - actual) <= tolerance
  return close, msg(m, "expected " .. show(actual) .. " within " .. show(tolerance) .. " of " .. show(expected)),
         msg(m, "expected " .. show(actual) .. " farther than " .. show(tolerance) .. " from " .. show(expected))
end
core.unique = function(list, deep, m)
  if type(deep) == "string" then deep, m = false, deep end
  for i = 1, #list do
    for j = i + 1, #list do
      if list[i] == list[j] or (deep and difference(list[i], list[j], "") == nil) then
        return false, msg(m, "expected unique values, but #" .. i .. " and #" .. j .. " are " .. show(list[i])), ""
      end
    end
  end
  return true, "", msg(m, "expected a repeated value in " .. show(list))
end

local ignored = { is = true, are = true, has = true, have = true, does = true, ["do"] = true, was = true, were = true,
                  be = true, the = true, a = true, an = true, to = true }
local negations = { ["not"] = true, no = true }
local chained
-- Resolves a name (and the words before it) into an assertion, or nil while only modifiers.
local function resolve(words, negated)
  local rest = {}
  for _, w in ipairs(words) do
    local lower = w:lower()
    if negations[lower] then negated = not negated elseif not ignored[lower] then rest[#rest + 1] = lower end
  end
  if #rest == 0 then return chained(negated) end
  local name = table.concat(rest, "_")
  local check = core[name]
  if not check then return nil, name end
  return function(...)
    local ok, failure, negated_failure = check(...)
    if negated then
      if ok then fail_lines(negated_failure ~= "" and negated_failure or ("assertion '" .. oneline(name) .. "' held, but 'not' was asked"), 2) end
    elseif not ok then
      fail_lines(failure, 2)
    end
  end
end
local function split(key)
  local words = {}
  for w in tostring(key):gmatch("[^_]+") do words[#words + 1] = w end
  return words
end
-- "; did you mean 'opens_first'?" for a name within three edits of an assertion.
local function nearest_assertion(name)
  local best, distance
  local function consider(k)
    if type(k) ~= "string" then return end
    local d = uniform.edit_distance(name, k, 3)
    if d <= 3 and (distance == nil or d < distance or (d == distance and k < best)) then best, distance = k, d end
  end
  for k in pairs(A) do consider(k) end
  for k in pairs(core) do consider(k) end
  return best and ("; did you mean '" .. best .. "'?") or ""
end
local function unknown_assertion(name)
  local text = tostring(name)
  error("assert: unknown assertion '" .. oneline(text) .. "'" .. nearest_assertion(text), 3)
end
chained = function(negated)
  return setmetatable({}, { __index = function(_, key)
    local found, unknown = resolve(split(key), negated)
    if found == nil then unknown_assertion(unknown) end
    return found
  end })
end
getmetatable(A).__index = function(_, key)
  local found, unknown = resolve(split(key), false)
  if found == nil then unknown_assertion(unknown) end
  return found
end

-- assert.spy(s).was.called(n?), .was_not.called_with(…), .was.returned_with(…)
local spy_words = { called = true, called_with = true, returned_with = true, called_at_least = true, called_at_most = true }
local function spy_assertions(s, negated)
  if not spies[s] then fail("assert.spy: " .. show(s) .. " is not a spy (spy.new, spy.on, stub, mock)", 2) end
  return setmetatable({}, { __index = function(_, key)
    local neg, rest = negated, {}
    for _, w in ipairs(split(key)) do
      local lower = w:lower()
      if negations[lower] then neg = not neg elseif not ignored[lower] then rest[#rest + 1] = lower end
    end
    if #rest == 0 then return spy_assertions(s, neg) end
    local name = table.concat(rest, "_")
    if not spy_words[name] then error("assert.spy: unknown assertion '" .. name .. "'", 2) end
    return function(...)
      local ok, what
      local count = #s.calls
      if name == "called" then
        local n = ...
        ok = (n == nil and count > 0) or (n ~= nil and count == n)
        what = n == nil and "to be called" or ("to be called " .. n .. " time(s)")
      elseif name == "called_at_least" then
        ok = count >= (...); what = "to be called at least " .. tostring((...)) .. " time(s)"
      elseif name == "called_at_most" then
        ok = count <= (...); what = "to be called at most " .. tostring((...)) .. " time(s)"
      else
        local wanted = table.pack(...)
        ok = any_call(name == "called_with" and s.calls or s.returnvals, wanted)
        local shown = {}
        for i = 1, wanted.n do shown[i] = matchers[wanted[i]] and ("match." .. wanted[i].name) or show(wanted[i]) end
        what = (name == "called_with" and "to be called with (" or "to return (") .. table.concat(shown, ", ") .. ")"
      end
      if ok == neg then
        fail("expected the spy " .. (neg and "not " or "") .. what .. "; it was called " .. count .. " time(s)", 2)
      end
    end
  end })
end
function A.spy(s) return spy_assertions(s, false) end
A.stub = A.spy

-- Document-type assertions. Each platform is its own world: with apps of both, an
-- assertion naming apps holds on every platform those apps exist on (a `platform` option
-- picks one); an app that exists nowhere is a failure, never a silent pass.
local platform_names = { ios = "iOS", macos = "macOS" }
-- `absent_ok`: an app of a platform this world leaves out satisfies the assertion (it is
-- never offered anything here), as `cannot_open` means.
-- Strict names: an id nothing knows fails the assertion with the nearest known one, so a
-- typo never passes a negative assertion (`cannot_open(…, "com.acme.moleculez")`).
local function nearest(name, candidates)
  local best, distance
  for _, c in ipairs(candidates) do
    local d = uniform.edit_distance(name, c, 4)
    if d <= 3 and (not distance or d < distance) then best, distance = c, d end
  end
  return best and (" (did you mean " .. show(best) .. "?)") or ""
end
local function app_ids()
  local ids = {}
  for i, app in ipairs(uniform.apps()) do ids[i] = app.id end
  return ids
end
-- The platforms in play, one world each; `{ false }` (no platform option) with one or none.
local function each_world()
  local platforms = uniform.platforms()
  if #platforms <= 1 then return { false } end
  return platforms
end
local function platform_option(p) return p and { platform = p } or nil end
local function known_type(type_id, level)
  if type(type_id) ~= "string" then fail("expected a type identifier, got " .. show(type_id), level + 1) end
  if type_id:find("^dyn%.") then return end
  local worlds = each_world()
  for _, p in ipairs(worlds) do
    if uniform.is_declared(type_id, platform_option(p)) then return end
  end
  local similar = uniform.similar_types(type_id, platform_option(worlds[1]))
  fail("no type " .. show(type_id) .. " is declared in the world (a typo?)" ..
       (similar[1] and (" (did you mean " .. show(similar[1]) .. "?)") or ""), level + 1)
end
local function known_rule(rule, level)
  if type(rule) ~= "string" then
    fail("give a rule id, e.g. assert.reports(\"foreign-export\") (`uniform rules` lists them); assert.no_reports() with none means no finding at all", level + 1)
  end
  local ids = api.rule_ids()
  for _, id in ipairs(ids) do if id == rule then return end end
  fail("no rule " .. show(rule) .. " in the catalogue (a typo?)" .. nearest(rule, ids), level + 1)
end
-- A file or extension that only a dynamic type describes names nothing the world declares:
-- every handler assertion would hold or fail by accident. `{ dynamic = true }` allows it.
local function known_target(target, options, level)
  if options and options.dynamic then
    local rest = {}
    for k, v in pairs(options) do if k ~= "dynamic" then rest[k] = v end end
    return next(rest) and rest or nil
  end
  if type(target) ~= "string" or target:find("^uti:") or target:find("^dir:") or target:find("/$") then return options end
  -- Typed dynamically on every platform asked about: no world declares it.
  local worlds = options and options.platform and { options.platform } or each_world()
  local typed
  for _, p in ipairs(worlds) do
    local ok, r = pcall(uniform.resolve, target, platform_option(p))
    if not (ok and r and r.type and r.type.id and r.type.id:find("^dyn%.")) then return options end
    typed = r.type.id
  end
  fail(show(target) .. " is typed " .. typed .. ": no declared type has its extension (a typo? pass { dynamic = true } to mean it)", level + 1)
end

local function on_each_platform(apps, options, check, absent_ok)
  -- No tail calls: they would take this frame off the stack and move the failure's line.
  if options and options.platform then check(options, nil); return end
  local everywhere = uniform.platforms()
  local in_play = {}
  for _, p in ipairs(everywhere) do in_play[p] = true end
  local wanted, seen = {}, {}
  for _, app in ipairs(apps) do
    local found = uniform.platforms(app)
    if #found == 0 then fail("no app " .. show(app) .. " in the world (a typo?)" .. nearest(app, app_ids()), 3) end
    local here = 0
    for _, p in ipairs(found) do
      if in_play[p] then
        here = here + 1
        if not seen[p] then seen[p] = true; wanted[#wanted + 1] = p end
      end
    end
    if here == 0 then
      if absent_ok then return end
      fail(show(app) .. " is an app of " .. table.concat(found, ", ") .. " only, and this world is " .. table.concat(everywhere, ", "), 3)
    end
  end
  if #apps == 0 then wanted = everywhere end
  if #everywhere <= 1 then check(options, nil); return end
  for _, p in ipairs(wanted) do
    local o = {}
    for k, v in pairs(options or {}) do o[k] = v end
    o.platform = p
    check(o, "on " .. platform_names[p] .. ": ")
  end
end
local function handler_ids(target, options)
  local r = uniform.resolve(target, options)
  local ids = {}
  for i, h in ipairs(r.handlers) do ids[i] = h.bundle_id end
  return ids, r
end
-- Bundle ids name one app in any case, as in Launch Services (macOS stores the user's
-- choices in lower case); the reports show the manifests' spelling.
local lower = string.lower
local function same_app(a, b)
  return a == b or (type(a) == "string" and type(b) == "string" and lower(a) == lower(b))
end
local function folded(ids)
  local t = {}
  for i, id in ipairs(ids) do t[i] = type(id) == "string" and lower(id) or id end
  return t
end
function A.opens_first(target, app, options)
  options = known_target(target, options, 2)
  on_each_platform({ app }, options, function(o, on)
    local ids, r = handler_ids(target, o)
    if not same_app(ids[1], app) then
      fail((on or "") .. show(target) .. " (" .. r.type.id .. ") should open first in " .. app .. ", but the handlers are " .. show(ids), 4)
    end
  end)
end
function A.handlers(target, expected, options)
  options = known_target(target, options, 2)
  on_each_platform(expected, options, function(o, on)
    local ids, r = handler_ids(target, o)
    local path = difference(folded(expected), folded(ids), "")
    if path then fail_lines((on or "") .. "handlers of " .. show(target) .. " (" .. oneline(r.type.id) .. "):\nexpected: " .. show(expected) .. "\nactual:   " .. show(ids), 4) end
  end)
end
function A.default_handler(target, app, options)
  options = known_target(target, options, 2)
  on_each_platform(app and { app } or {}, options, function(o, on)
    local r = uniform.resolve(target, o)
    if not same_app(r.default, app) then fail((on or "") .. "default handler of " .. show(target) .. ": expected " .. show(app) .. ", got " .. show(r.default), 4) end
  end)
end
function A.can_open(target, app, options)
  options = known_target(target, options, 2)
  on_each_platform({ app }, options, function(o, on)
    local ids = handler_ids(target, o)
    for _, id in ipairs(ids) do if same_app(id, app) then return end end
    fail((on or "") .. app .. " should be able to open " .. show(target) .. ", but the handlers are " .. show(ids), 4)
  end)
end
function A.cannot_open(target, app, options)
  options = known_target(target, options, 2)
  on_each_platform({ app }, options, function(o, on)
    local ids = handler_ids(target, o)
    for i, id in ipairs(ids) do
      if same_app(id, app) then fail((on or "") .. app .. " should not be offered " .. show(target) .. ", but it is handler #" .. i .. " of " .. show(ids), 4) end
    end
  end, true)
end
-- Every app outside that the type is offered to: exact, legacy and conformance claims,
-- and wildcard ones (public.data, *), which Open With lists too (issue 30).
-- On every platform in play: an iOS app outside the team is exposure too.
local function offered(type_id, inside)
  local all = {}
  for _, p in ipairs(each_world()) do
    local exposure = uniform.exposure { type = type_id, inside = inside, platform = p or nil }
    for _, e in ipairs(exposure) do all[#all + 1] = e end
    for _, e in ipairs(exposure.wildcard or {}) do all[#all + 1] = e end
  end
  return all
end
-- `inside` is the team's apps: a bundle-id pattern or a list of them ({ inside = … } is
-- uniform.exposure's form, not the assertion's).
local function known_inside(name, inside, level)
  local ok = type(inside) == "string"
  if type(inside) == "table" then
    ok = next(inside) ~= nil
    for k, v in pairs(inside) do
      if math.type(k) ~= "integer" or type(v) ~= "string" then ok = false end
    end
  end
  if not ok then
    fail("assert." .. name .. ": the second argument is the apps inside, a bundle-id pattern or a list of them, e.g. { \"com.acme.*\" }; got " .. show(inside), level + 1)
  end
end
function A.not_exposed(type_id, inside)
  known_type(type_id, 2)
  known_inside("not_exposed", inside, 2)
  local exposed = offered(type_id, inside)
  if #exposed > 0 then
    local names = {}
    local many = #each_world() > 1
    for i, e in ipairs(exposed) do
      names[i] = e.app .. " (" .. e.match .. " via " .. e.claimed_type .. (many and (", " .. e.platform) or "") .. ")"
    end
    fail(type_id .. " is exposed outside " .. show(inside) .. " to " .. table.concat(names, ", "))
  end
end
function A.exposed(type_id, inside)
  known_type(type_id, 2)
  known_inside("exposed", inside, 2)
  local exposed = offered(type_id, inside)
  if #exposed == 0 then fail(type_id .. " was expected to be exposed outside " .. show(inside) .. ", but no app outside can open it") end
  return exposed
end
function A.conforms(a, b, options)
  known_type(b, 2)
  on_each_platform({}, options, function(o, on)
    if not uniform.conforms(a, b, o) then fail((on or "") .. show(a) .. " should conform to " .. show(b), 4) end
  end)
end
function A.not_conforms(a, b, options)
  known_type(b, 2)
  on_each_platform({}, options, function(o, on)
    if uniform.conforms(a, b, o) then fail((on or "") .. show(a) .. " should not conform to " .. show(b), 4) end
  end)
end
local function matching(rule, options)
  local found = {}
  for _, f in ipairs(api.findings()) do
    local ok = f.rule == rule
    if ok and options then
      if options.subject and f.subject ~= options.subject then ok = false end
      if options.message and not (f.message or ""):find(options.message, 1, true) then ok = false end
      if options.file and not (f.location and f.location.file or ""):find(options.file, 1, true) then ok = false end
      if options.severity and f.severity ~= options.severity then ok = false end
    end
    if ok then found[#found + 1] = f end
  end
  return found
end
function A.reports(rule, options)
  known_rule(rule, 2)
  local found = matching(rule, options)
  if #found == 0 then fail("expected a '" .. rule .. "' finding" .. (options and (" matching " .. show(options)) or "") .. ", found none") end
  return found
end
-- Without a rule id: no finding at all, of any rule (after suppressions; context apps'
-- findings are never the team's).
function A.no_reports(rule, options)
  if rule == nil and options == nil then
    local found = api.findings()
    if #found > 0 then
      local lines = {}
      for i = 1, math.min(#found, 5) do
        local f = found[i]
        local at = f.location and (f.location.file .. (f.location.line and (":" .. f.location.line) or "")) or "-"
        lines[i] = "  " .. at .. ": " .. f.severity .. ": " .. f.message .. " [" .. f.rule .. "]"
      end
      if #found > 5 then lines[#lines + 1] = "  … and " .. (#found - 5) .. " more" end
      fail("expected no finding, found " .. #found .. ":\n" .. table.concat(lines, "\n"))
    end
    return
  end
  known_rule(rule, 2)
  local found = matching(rule, options)
  if #found > 0 then fail("expected no '" .. rule .. "' finding, found: " .. found[1].message) end
end
function A.sends(request)
  local r = uniform.send(request)
  if not r.accepted then fail("the hand-off was refused: " .. tostring(r.reason)) end
  return r
end
function A.refuses(request, reason)
  local r = uniform.send(request)
  if r.accepted then fail("expected " .. tostring(request.to) .. " to be refused, but it received " .. tostring(r.url)) end
  if reason and not tostring(r.reason):find(reason, 1, true) then
    fail("refused, but the reason " .. show(r.reason) .. " does not contain " .. show(reason))
  end
  return r
end
assert = A

-- A fixture's error names the test's line, not this file's.
local function at_caller(f, ...)
  local ok, err = pcall(f, ...)
  if not ok then error((tostring(err):gsub("^uniform%.test:%d+: ", "")), 3) end
end
fixture = {
  --- Replaces the world's manifests (paths relative to this test file); context apps stay.
  manifests = function(...) at_caller(api.manifests, false, ...) end,
  --- Adds manifests to the world.
  add_manifests = function(...) at_caller(api.manifests, true, ...) end,
  --- Takes apps out of the world, by bundle id (any case).
  remove_apps = function(...) at_caller(api.remove_apps, ...) end,
  --- Loads a rule file (relative to this test file).
  rules = function(path) at_caller(api.rules, path) end,
  --- Runs every check; returns the findings.
  findings = function() return api.findings() end,
}
-- A name fixture does not have is an error at the test's line with the nearest one, here
-- or in the uniform API (`fixture.declare_app` is `uniform.declare_app`).
setmetatable(fixture, { __index = function(_, key)
  local name = tostring(key)
  local best, distance, where
  local function consider(k, prefix)
    if type(k) ~= "string" then return end
    local d = uniform.edit_distance(name, k, 3)
    if d <= 3 and (distance == nil or d < distance) then best, distance, where = k, d, prefix end
  end
  for k in pairs(fixture) do consider(k, "fixture.") end
  for k in pairs(uniform) do consider(k, "uniform.") end
  error("fixture." .. name .. " is not part of fixture" .. (best and ("; did you mean " .. where .. best .. "?") or ""), 2)
end })
return runner
