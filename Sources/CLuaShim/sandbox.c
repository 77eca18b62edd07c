/* The allowlisted environment and the bounded string/table functions.
 *
 * The count hook never fires inside C functions, so each library function whose work is not
 * bounded by its input size gets a wrapper that estimates the worst case, refuses calls above a
 * per-call cap and charges the estimate to the instruction budget (so loops of cheap-looking calls
 * stay bounded too). The wrapper then calls the original (upvalue 1). */
#include "internal.h"
#include <math.h>
#include <string.h>

/* The library's own C function runs in the wrapper's frame, on the same arguments: no second
 * call through Lua (the standard library functions wrapped here use no upvalues of their own). */
static int call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    if (original) return original(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static int w_rep(lua_State *L) {
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0) {
        cls_limits *lim = cls_getlim(L);
        double total = (double)l * (double)n + (double)lsep * (double)(n - 1);
        double limit = (double)lim->max_string;
        if (lim->max_string && (total > limit || (double)n > limit))
            return luaL_error(L, "string.rep: result of %f bytes (%I repetitions) exceeds the sandbox limit of %I bytes",
                              total, n, (lua_Integer)lim->max_string);
        cls_charge(L, (double)n + total, "string.rep");
    }
    return call_original(L);
}

/* Worst-case steps of Lua's backtracking matcher: each unanchored start position times
 * (subject length + 1) per variable-length item ('*', '+', '-', %b), times 2 per '?'. The shape
 * of a pattern (anchored, how many of each, any special character at all) does not depend on
 * the subject, so the last pattern's shape is kept: a policy calls `find` with the same pattern
 * on every candidate. */
static void pattern_shape(const char *p, size_t lp, cls_pattern_shape *shape) {
    size_t i = 0;
    int special = 0, vars = 0, options = 0;
    shape->anchored = lp > 0 && p[0] == '^';
    if (shape->anchored) i = 1;
    while (i < lp) {
        char c = p[i];
        if (c == '%' && i + 1 < lp) {
            special = 1;
            if (p[i + 1] == 'b') { vars++; i += 4; continue; }
            if (p[i + 1] == 'f') { i += 2; if (i < lp && p[i] == '[') c = '['; else continue; }
            else i += 2;
        }
        if (c == '[') {
            special = 1;
            i++;
            if (i < lp && p[i] == '^') i++;
            if (i < lp) i++;   /* a leading ']' is literal */
            while (i < lp && p[i] != ']') i += (p[i] == '%') ? 2 : 1;
            i++;
        } else if (c != '%') {
            if (c == '(' || c == ')' || c == '.' || c == '$') special = 1;
            i++;
        }
        if (i < lp) {
            char q = p[i];
            if (q == '*' || q == '+' || q == '-') { vars++; i++; special = 1; }
            else if (q == '?') { options++; i++; special = 1; }
        }
    }
    shape->special = special;
    shape->vars = vars;
    shape->options = options;
}

/* A literal search (plain `find`, or a pattern without special characters) compares up to the
 * needle's length at every start position: Lua's lmemfind and matcher are O(subject × needle)
 * at worst (a 1M-character needle in a long run of one letter took 22 s when charged linearly). */
static double literal_work(size_t lp, size_t ls, int anchored) {
    double needle = lp > 0 ? (double)lp : 1;
    if (anchored || lp > ls) return needle + 1;
    return ((double)ls - (double)lp + 1) * needle + needle;
}

static double pattern_work(cls_limits *lim, const char *p, size_t lp, size_t ls) {
    cls_pattern_shape *shape = &lim->last_pattern;
    if (!(shape->length == lp && lp <= sizeof shape->text && memcmp(shape->text, p, lp) == 0)) {
        pattern_shape(p, lp, shape);
        if (lp <= sizeof shape->text) {
            memcpy(shape->text, p, lp);
            shape->length = lp;
        } else {
            shape->length = (size_t)-1;
        }
    }
    if (!shape->special) return literal_work(lp, ls, shape->anchored);
    /* At every start position the matcher may compare each item of the pattern (its length
     * bounds their count) and retry over the subject once more per variable-length item. */
    double s1 = (double)ls + 1, per = 1;
    for (int k = 0; k < shape->vars && per <= 1e30; k++) per *= s1;
    for (int k = 0; k < shape->options && per <= 1e30; k++) per *= 2;
    if (per > 1e30) per = 1e30;
    double items = lp > 0 ? (double)lp : 1;
    return (shape->anchored ? 1 : s1) * (shape->vars || shape->options ? per + items : items) + (double)lp;
}

static int w_pattern(lua_State *L, const char *name, int plain_arg) {
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    cls_limits *lim = cls_getlim(L);
    double work = (plain_arg && lua_toboolean(L, plain_arg)) ? literal_work(lp, ls, 0) : pattern_work(lim, p, lp, ls);
    if (lim->max_pattern_work > 0 && work > lim->max_pattern_work)
        return luaL_error(L, "string.%s: pattern too complex for a subject of %I bytes "
                          "(worst case %f steps; sandbox limit %f)", name, (lua_Integer)ls, work, lim->max_pattern_work);
    cls_charge(L, work, name);
    return call_original(L);
}

static int w_find(lua_State *L) { return w_pattern(L, "find", 4); }
static int w_match(lua_State *L) { return w_pattern(L, "match", 0); }
static int w_gmatch(lua_State *L) { return w_pattern(L, "gmatch", 0); }
static int w_gsub(lua_State *L) { return w_pattern(L, "gsub", 0); }

/* table functions that loop over a caller-chosen range or a __len-reported length */
static double range_len(lua_State *L, int first, int last, lua_Integer dfirst) {
    lua_Integer i = luaL_optinteger(L, first, dfirst);
    lua_Integer e = lua_isnoneornil(L, last) ? luaL_len(L, 1) : luaL_checkinteger(L, last);
    return e >= i ? (double)e - (double)i + 1 : 0;
}

static int w_concat(lua_State *L) { cls_charge(L, 4 * range_len(L, 3, 4, 1), "table.concat"); return call_original(L); }
static int w_unpack(lua_State *L) { cls_charge(L, 4 * range_len(L, 2, 3, 1), "table.unpack"); return call_original(L); }
static int w_len_op(lua_State *L, const char *what) {
    luaL_checktype(L, 1, LUA_TTABLE);
    double n = (double)luaL_len(L, 1);
    double work = strcmp(what, "table.sort") == 0 ? n * (log2(n + 2) + 1) : n;
    cls_charge(L, 4 * work, what);
    return call_original(L);
}
static int w_insert(lua_State *L) { return w_len_op(L, "table.insert"); }
static int w_remove(lua_State *L) { return w_len_op(L, "table.remove"); }
static int w_sort(lua_State *L) { return w_len_op(L, "table.sort"); }
static int w_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    cls_charge(L, e >= f ? 4 * ((double)e - (double)f + 1) : 0, "table.move");
    return call_original(L);
}

/* Coroutines. The count hook is per thread and fires every `step` instructions *of that thread*,
 * so a thread that runs fewer than `step` is never seen: a tree of short-lived coroutines, each
 * swallowing errors with pcall, once ran past every limit. A new thread is therefore charged the
 * `step` instructions it may run unseen (so the budget bounds them all, and the clock is read
 * now and then), and once a limit trips in the state no coroutine is created, resumed or closed,
 * and a resume that comes back after a trip fails its caller at once (`cls_raise_tripped`). New
 * threads inherit their creator's hook (lua_newthread copies it); the hook itself undoes a
 * sticky setting left from an earlier call. */

static int co_create(lua_State *L) {
    cls_limits *lim = cls_getlim(L);
    cls_charge(L, 4.0 * lim->step, "coroutine.create");
    return call_original(L);
}

/* A limit that tripped while another thread ran (the resumed coroutine, its __close handlers)
 * fails the thread that resumed it too: its error, if it has a string one, else a new one. */
static int co_came_back(lua_State *L, cls_limits *lim, int failed, const char *what) {
    cls_make_sticky(L, lim);
    if (failed && lua_type(L, -1) == LUA_TSTRING) return lua_error(L);
    return cls_raise_tripped(L, lim, what);
}

static int co_resume(lua_State *L) {
    cls_limits *lim = cls_getlim(L);
    if (lim->tripped) return cls_raise_tripped(L, lim, "coroutine.resume");
    int n = call_original(L);   /* true, results... or false, error */
    if (lim->tripped) return co_came_back(L, lim, !lua_toboolean(L, -n), "coroutine.resume");
    return n;
}

static int co_close(lua_State *L) {
    cls_limits *lim = cls_getlim(L);
    if (lim->tripped) return cls_raise_tripped(L, lim, "coroutine.close");
    int n = call_original(L);   /* true, or false, error */
    if (lim->tripped) return co_came_back(L, lim, !lua_toboolean(L, -n), "coroutine.close");
    return n;
}

#if LUA_VERSION_RELEASE_NUM >= 50406
#define close_thread(co, L) lua_closethread(co, L)
#else
#define close_thread(co, L) lua_resetthread(co)
#endif

/* lcorolib.c's auxresume: the results (or the error object) end on L; -1 on error. */
static int co_resume_values(lua_State *L, lua_State *co, int narg) {
    int nres;
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    int status = lua_resume(co, L, narg, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

/* The function coroutine.wrap returns: lcorolib.c's auxwrap, checked before and after. */
static int co_call(lua_State *L) {
    cls_limits *lim = cls_getlim(L);
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    if (lim->tripped) return cls_raise_tripped(L, lim, "a coroutine");
    int r = co_resume_values(L, co, lua_gettop(L));
    int status = LUA_OK;
    if (r < 0) {
        status = lua_status(co);
        if (status != LUA_OK && status != LUA_YIELD) {   /* an error in the coroutine */
            status = close_thread(co, L);   /* runs its pending __close handlers */
            lua_xmove(co, L, 1);
        }
    }
    if (lim->tripped) return co_came_back(L, lim, r < 0, "a coroutine");
    if (r >= 0) return r;
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_rotate(L, -2, 1);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* xpcall's message handler runs where the error is raised: for a limit, inside the count hook,
 * where Lua calls no hooks, so a handler that looped there ran unlimited. Once a limit has
 * tripped, the handler is not called and the error passes through as it is. */
static int guarded_handler(lua_State *L) {
    if (cls_getlim(L)->tripped) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int w_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    return call_original(L);
}

/* coroutine.wrap: upvalue 1 is the library's coroutine.create. */
static int co_wrap(lua_State *L) {
    co_create(L);
    lua_pushcclosure(L, co_call, 1);
    return 1;
}

static void wrap(lua_State *L, int t, const char *name, lua_CFunction w) {
    lua_getfield(L, t, name);
    lua_pushcclosure(L, w, 1);
    lua_setfield(L, t, name);
}

static void open_global(lua_State *L, const char *name, lua_CFunction open) {
    luaL_requiref(L, name, open, 1);
    lua_pop(L, 1);
}

void cls_open_sandbox(lua_State *L) {
    open_global(L, LUA_GNAME, luaopen_base);
    open_global(L, LUA_STRLIBNAME, luaopen_string);
    open_global(L, LUA_TABLIBNAME, luaopen_table);
    open_global(L, LUA_MATHLIBNAME, luaopen_math);
    open_global(L, LUA_UTF8LIBNAME, luaopen_utf8);
    open_global(L, LUA_COLIBNAME, luaopen_coroutine);

    /* os: clock/time/date/difftime only (opened privately, never registered in _LOADED) */
    lua_pushcclosure(L, luaopen_os, 0);
    lua_call(L, 0, 1);
    lua_createtable(L, 0, 4);
    static const char *const os_allowed[] = {"clock", "time", "date", "difftime", NULL};
    for (int i = 0; os_allowed[i]; i++) {
        lua_getfield(L, -2, os_allowed[i]);
        lua_setfield(L, -2, os_allowed[i]);
    }
    lua_setglobal(L, "os");
    lua_pop(L, 1);

    /* base: no file loading, no warn; load/setmetatable/collectgarbage are re-wrapped in Lua */
    static const char *const base_removed[] = {"dofile", "loadfile", "warn", "require", NULL};
    for (int i = 0; base_removed[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, base_removed[i]);
    }

    /* string: the real library table (also reachable as _LOADED.string) */
    lua_getglobal(L, LUA_STRLIBNAME);
    int s = lua_gettop(L);
    lua_pushnil(L);
    lua_setfield(L, s, "dump");
    wrap(L, s, "rep", w_rep);
    wrap(L, s, "find", w_find);
    wrap(L, s, "match", w_match);
    wrap(L, s, "gmatch", w_gmatch);
    wrap(L, s, "gsub", w_gsub);
    /* The string metatable's __index is a private copy, and __metatable hides the metatable,
     * so rule code can neither reach nor mutate what ("x"):method() resolves to. */
    lua_createtable(L, 0, 20);
    lua_pushnil(L);
    while (lua_next(L, s)) {
        lua_pushvalue(L, -2);
        lua_rotate(L, -2, 1);
        lua_rawset(L, -4);
    }
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_rotate(L, -3, 1);   /* ..., mt, copy, "" */
    lua_pop(L, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);          /* mt, string */

    cls_pushglobaltable(L);
    wrap(L, lua_gettop(L), "xpcall", w_xpcall);
    lua_pop(L, 1);

    lua_getglobal(L, LUA_COLIBNAME);
    int co = lua_gettop(L);
    lua_getfield(L, co, "create");
    lua_pushcclosure(L, co_wrap, 1);
    lua_setfield(L, co, "wrap");
    wrap(L, co, "create", co_create);
    wrap(L, co, "resume", co_resume);
    wrap(L, co, "close", co_close);
    lua_pop(L, 1);

    lua_getglobal(L, LUA_TABLIBNAME);
    int t = lua_gettop(L);
    wrap(L, t, "concat", w_concat);
    wrap(L, t, "unpack", w_unpack);
    wrap(L, t, "insert", w_insert);
    wrap(L, t, "remove", w_remove);
    wrap(L, t, "sort", w_sort);
    wrap(L, t, "move", w_move);
    lua_pop(L, 1);
}

void cls_push_raw_base(lua_State *L) {
    lua_getglobal(L, "load");
    lua_getglobal(L, "setmetatable");
    lua_getglobal(L, "collectgarbage");
}
