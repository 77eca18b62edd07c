/* CLuaShim: the C half of the embedded Lua bridge.
 *
 * Why C: Swift cannot import Lua's function-like macros, and a Lua error is a longjmp that must
 * never cross a Swift frame. Everything that may *raise* (the function trampoline, the hook, the
 * sandbox wrappers, the message handler) lives here, so a raise only ever unwinds C frames.
 * Swift code calls only non-raising API functions; the allocator lifts the memory cap while Swift
 * ("the host") is pushing values, so host pushes cannot fail with LUA_ERRMEM either.
 */
#pragma once
#include <stdint.h>
#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* ---- Macro shims ------------------------------------------------------------------------ */
static inline int cls_pcall(lua_State *L, int na, int nr, int msgh) { return lua_pcallk(L, na, nr, msgh, 0, NULL); }
static inline void cls_pop(lua_State *L, int n) { lua_settop(L, -(n)-1); }
static inline int cls_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int cls_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void cls_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcclosure(L, f, 0); }
static inline void cls_insert(lua_State *L, int idx) { lua_rotate(L, idx, 1); }
static inline void cls_remove(lua_State *L, int idx) { lua_rotate(L, idx, -1); lua_settop(L, -2); }
static inline void cls_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline lua_Integer cls_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline lua_Number cls_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline int cls_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }

/* ---- Limits ------------------------------------------------------------------------------ */

/** Which limit tripped during the current top-level call (0 = none). */
enum {
    CLS_LIMIT_NONE = 0,
    CLS_LIMIT_INSTRUCTIONS = 1,
    CLS_LIMIT_MEMORY = 2,
    CLS_LIMIT_DEADLINE = 3,
    CLS_LIMIT_DEPTH = 4,
    CLS_LIMIT_INTERRUPTED = 5,
    CLS_LIMIT_RUN_TIME = 6,
};

/** Opaque: limit counters, the allocator's bookkeeping and the atomic interrupt flag.
 *  Owned by Swift (allocated with cls_limits_new), shared by all threads of one lua_State. */
typedef struct cls_limits cls_limits;

/** Line-coverage callback: (context, source as in lua_Debug.source, line). Must not raise. */
typedef void (*cls_line_fn)(void *ctx, const char *source, int line);

cls_limits *cls_limits_new(void);
void cls_limits_free(cls_limits *lim);
/** Configures the limits. 0 means "no limit" for each value. */
void cls_limits_configure(cls_limits *lim, int64_t instructions, size_t memory, double deadline_seconds,
                          int max_depth, int hook_step, size_t max_string, double max_pattern_work);
/** The time (cls_monotonic_now() seconds) by which the whole run must end, across every top-level
 *  call and every state that shares it; 0 = none. A call starting after it trips at once. */
void cls_limits_set_run_deadline(cls_limits *lim, double at);
/** Charges `work` steps done by a host (Swift) function to the current call's budget and checks
 *  the deadlines without raising: returns the limit kind that tripped (0: none) with its
 *  description in `message`; the trip is sticky, so the host returns an error and Lua cannot
 *  swallow it. */
int cls_charge_host(lua_State *L, double work, char *message, size_t size);
/** The monotonic clock the deadlines use, in seconds. */
double cls_monotonic_now(void);
/** Starts a new top-level call: refills the budget, clears the trip, starts the deadline clock,
 *  clears the interrupt flag, and re-arms the hook on L (collecting garbage first if over the cap).
 *  Once the run's deadline has passed, the call is tripped at once: it fails at its first
 *  instruction. A trip holds for every thread of the state until the next arm. */
void cls_limits_arm(lua_State *L, cls_limits *lim);
int cls_limits_tripped(const cls_limits *lim);
size_t cls_limits_memory_used(const cls_limits *lim);
size_t cls_limits_memory_peak(const cls_limits *lim);
int64_t cls_limits_instructions_used(const cls_limits *lim);
/** Async-signal-safe and thread-safe: the next hook raises "interrupted". */
void cls_limits_interrupt(cls_limits *lim);
void cls_limits_set_line_hook(lua_State *L, cls_limits *lim, cls_line_fn fn, void *ctx);
/** Host mode lifts the memory cap while Swift pushes values (returns the previous mode). */
int cls_limits_set_host(cls_limits *lim, int host);

/** Creates a state whose allocator enforces lim. Installs a panic handler and the hook. */
lua_State *cls_newstate(cls_limits *lim);
/** Closes a state made by cls_newstate and returns its allocator's pooled memory to the system. */
void cls_close(lua_State *L, cls_limits *lim);

/** Protected call from the host: drops host mode for the duration (the cap applies to Lua). */
int cls_host_pcall(lua_State *L, cls_limits *lim, int nargs, int nresults, int msgh);

/* ---- Errors ------------------------------------------------------------------------------ */

/** Message handler for host pcalls: the error value becomes a string of at most CLS_MESSAGE_MAX
 *  bytes (a longer one is cut and says how much is missing); the traceback is stored in the
 *  registry under CLS_TRACEBACK_KEY. */
int cls_msgh(lua_State *L);
/** Bytes of an error message the host keeps: a rule raising a 16 MB string, or an error wrapped
 *  again at every level of a recursion, once filled gigabytes of reports. */
#define CLS_MESSAGE_MAX 16384
#define CLS_TRACEBACK_KEY "uniform.lua.traceback"
/** Pushes the traceback stored by the last cls_msgh (or nil) and clears it. */
void cls_push_last_traceback(lua_State *L);

/* ---- Swift functions ---------------------------------------------------------------------- */

/** Dispatcher return codes besides a result count >= 0. */
#define CLS_RAISE (-1)        /* raise the value on top of the stack as is */
#define CLS_RAISE_WHERE (-2)  /* prefix the message on top with luaL_where(L, 1), then raise */

/** Set once per process (stateless): runs the Swift body of a function box with `nargs`
 *  arguments at stack indices 1...nargs. */
typedef int (*cls_dispatch_fn)(lua_State *L, void *box, int nargs);
/** Set once per process: releases a retained Swift object (from a __gc). */
typedef void (*cls_release_fn)(void *object);
void cls_set_callbacks(cls_dispatch_fn dispatch, cls_release_fn release);

/** Pushes a Lua C closure that calls the Swift object `box` (already retained; released by __gc);
 *  `name` (may be NULL) names it in limit errors. Each call is charged to the running call's
 *  budget and checks its deadlines when it returns; after a trip it raises instead of running. */
void cls_push_swift_function(lua_State *L, void *box, const char *name);
/** Pushes a full userdata holding `object` (retained; released by __gc of the metatable at mt). */
void cls_push_object(lua_State *L, void *object, int mt);
/** Returns the object of a userdata made by cls_push_object if its metatable equals the one at mt. */
void *cls_to_object(lua_State *L, int idx, int mt);
/** Makes a new metatable for host objects on the stack: __gc releases, __metatable hides it. */
void cls_new_object_metatable(lua_State *L, const char *name);

/* ---- Sandbox -------------------------------------------------------------------------- */

/** Opens the allowed libraries into the global table, hardens the string library and metatable,
 *  and pushes the trusted bootstrap's arguments. Call once on a fresh state (host mode). */
void cls_open_sandbox(lua_State *L);
/** Pushes the raw base functions the bootstrap wraps (load, setmetatable, collectgarbage). */
void cls_push_raw_base(lua_State *L);

/** Loads text only (mode "t"). */
int cls_loadtext(lua_State *L, const char *buf, size_t len, const char *chunkname);

/* ---- Coverage ------------------------------------------------------------------------ */

/** Calls fn(ctx, line) for every line that holds code in the Lua function at idx and in all its
 *  nested functions (read from the function's dump; the main chunk's VARARGPREP is skipped the
 *  same way lua_getinfo("L") does). Returns 0 on success. */
typedef void (*cls_activeline_fn)(void *ctx, int line);
int cls_active_lines(lua_State *L, int idx, cls_activeline_fn fn, void *ctx);

