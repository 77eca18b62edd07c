---@meta
-- LuaLS definitions for `uniform test` files (*_test.lua, *_spec.lua): busted's structure,
-- uniform's assertions and `fixture`. Use beside rules/uniform.d.lua ("workspace.library" in
-- .luarc.json). CompletionTests-style checks keep it in step: `TestDSLDefinitionsTests`.

-- ─── Structure (busted's) ────────────────────────────────────────────────────

---busted's randomize(): this block's tests (the file's, at top level) run in a shuffled order;
---`uniform test` prints the seed (`--randomize-seed N` reruns it). randomize(false) keeps a nested block in order.
---@param on? boolean
function randomize(on) end

---A group of tests; groups nest.
---@param name string
---@param fn fun()
function describe(name, fn) end

---One test.
---@param name string
---@param fn fun()
function it(name, fn) end

---A test not run yet: reported as skipped.
---@param name string
---@param fn? fun()
function pending(name, fn) end

---Runs before each test of the enclosing `describe`.
---@param fn fun()
function before_each(fn) end

---Runs after each test of the enclosing `describe`.
---@param fn fun()
function after_each(fn) end

---Runs once before the tests of the enclosing `describe`.
---@param fn fun()
function setup(fn) end

---Runs once after the tests of the enclosing `describe`.
---@param fn fun()
function teardown(fn) end

-- ─── Assertions ──────────────────────────────────────────────────────────────

---Options of the document-type assertions: one platform's world, or a file type no declared
---type describes on purpose.
---@class uniform.AssertOptions
---@field platform? uniform.Platform
---@field role? uniform.RoleQuery
---@field dynamic? boolean the target's extension is declared nowhere, on purpose
---@field policies? boolean false: what Launch Services alone answers, without the rules' policies and hide rules

---Options that narrow `reports` / `no_reports`.
---@class uniform.ReportFilter
---@field subject? string
---@field message? string substring
---@field file? string substring
---@field severity? uniform.Severity

---@class uniform.Assert
---@overload fun(value: any, message?: string): any
local A = {}

---@param expected any
---@param actual any
---@param message? string
function A.equal(expected, actual, message) end
A.equals = A.equal
---@param unexpected any
---@param actual any
---@param message? string
function A.not_equal(unexpected, actual, message) end
---Deep equality of tables.
---@param expected any
---@param actual any
---@param message? string
function A.same(expected, actual, message) end
---@param v any
---@param message? string
function A.truthy(v, message) end
---@param v any
---@param message? string
function A.falsy(v, message) end
---@param v any
---@param message? string
function A.is_true(v, message) end
---@param v any
---@param message? string
function A.is_false(v, message) end
---@param v any
---@param message? string
function A.is_nil(v, message) end
---@param v any
---@param message? string
function A.not_nil(v, message) end
---@param fn fun()
---@param expected? string substring of the error
---@param message? string
---@return any error
function A.has_error(fn, expected, message) end
A.error = A.has_error
---@param fn fun()
---@param message? string
function A.has_no_error(fn, message) end
---@param pattern string a Lua pattern
---@param actual string
---@param message? string
function A.matches(pattern, actual, message) end

---The app opens the target first (the default on macOS; the first Open In entry on iOS).
---@param target string file name, `.ext`, MIME type or `uti:ID`
---@param app string bundle id
---@param options? uniform.AssertOptions
function A.opens_first(target, app, options) end
---The handlers, in order.
---@param target string
---@param expected string[]
---@param options? uniform.AssertOptions
function A.handlers(target, expected, options) end
---@param target string
---@param app? string nil: no default
---@param options? uniform.AssertOptions
function A.default_handler(target, app, options) end
---@param target string
---@param app string
---@param options? uniform.AssertOptions
function A.can_open(target, app, options) end
---@param target string
---@param app string
---@param options? uniform.AssertOptions
function A.cannot_open(target, app, options) end
---No app outside `inside` (bundle ids or `com.acme.*` patterns) can open the type.
---@param type_id string
---@param inside string[]
function A.not_exposed(type_id, inside) end
---@param type_id string
---@param inside string[]
---@return table[] the apps outside that can open it
function A.exposed(type_id, inside) end
---@param a string a target or type identifier
---@param b string a type identifier
---@param options? uniform.AssertOptions
function A.conforms(a, b, options) end
---@param a string
---@param b string
---@param options? uniform.AssertOptions
function A.not_conforms(a, b, options) end
---A finding of this rule id exists (after suppressions).
---@param rule string
---@param options? uniform.ReportFilter
---@return uniform.Finding[]
function A.reports(rule, options) end
---No finding of this rule id (after suppressions); with no arguments, no finding of any rule.
---@param rule? string
---@param options? uniform.ReportFilter
function A.no_reports(rule, options) end
---The hand-off is accepted.
---@param request table the `uniform.send` request: file, from, to, annotation
---@return table the result
function A.sends(request) end
---The hand-off is refused, optionally with a reason containing `reason`.
---@param request table
---@param reason? string
---@return table the result
function A.refuses(request, reason) end

---Assertions on a spy or stub: `assert.spy(s).was.called(n?)`, `.was_not.called()`,
---`.was.called_with(...)`, `.was.returned_with(...)`, `.called_at_least(n)`, `.called_at_most(n)`.
---@param s uniform.Spy
---@return table
function A.spy(s) end
A.stub = A.spy

---@type uniform.Assert
assert = A

-- ─── Spies, stubs, mocks, matchers (luassert's) ──────────────────────────────

---A callable that records its calls (`calls`, `returnvals`: packed argument lists).
---@class uniform.Spy
---@field calls table[]
---@field returnvals table[]
---@field returns fun(...: any): uniform.Spy from now on returns these values (luassert's stub(t, "f").returns(…))
---@field invokes fun(fn: function): uniform.Spy from now on calls `fn` instead
---@field by_default uniform.Spy the spy itself (`stub(t, "f").by_default.returns(…)`)
---@field revert fun(self?: uniform.Spy) puts the original function back
---@field clear fun(self?: uniform.Spy)

spy = {}
---@param fn? function passed the calls through
---@return uniform.Spy
function spy.new(fn) end
---Replaces `t[name]` with a spy that calls the original.
---@return uniform.Spy
function spy.on(t, name) end
---@return boolean
function spy.is_spy(x) end

---Replaces `t[name]` with a spy that returns `...` instead of calling the original.
---@overload fun(t: table, name: string, ...: any): uniform.Spy
stub = {}
---@return uniform.Spy
function stub.new(t, name, ...) end

---Replaces every function of `t` with a spy (or a stub when `stubs`).
---@param t table
---@param stubs? boolean
---@return table
function mock(t, stubs) end

---Argument matchers for `called_with` / `returned_with`: `match._` matches anything.
match = {}
match._ = {}
function match.is_string() end
function match.is_number() end
function match.is_table() end
function match.is_function() end
function match.is_boolean() end
function match.is_nil() end
function match.is_truthy() end
function match.is_falsy() end
function match.is_true() end
function match.is_false() end
function match.is_same(value) end
function match.is_equal(value) end
function match.matches(pattern) end

-- ─── Fixtures ────────────────────────────────────────────────────────────────

---@class uniform.Fixture
fixture = {}
---Replaces the world's manifests (paths relative to the test file, inside the repository).
---@param ... string
function fixture.manifests(...) end
---Adds manifests to the world.
---@param ... string
function fixture.add_manifests(...) end
---Takes apps out of the world by bundle id (any case, every platform), manifests' and
---declared ones; an id the world lacks is an error naming the nearest one.
---@param id string
---@param ... string
function fixture.remove_apps(id, ...) end
---Loads a rule file (relative to the test file).
---@param path string
function fixture.rules(path) end
---Runs every check; returns the findings (suppressions applied). The checks run once per
---state of the test's world: a fixture, a declaration or a newly registered rule runs them again.
---@return uniform.Finding[]
function fixture.findings() end
