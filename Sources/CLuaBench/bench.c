/* Plain-C baseline for uniform-bench: the same operations the Swift API performs, written the way
 * a C host would, against the same library and the same (hooked, capped) state. Like the Swift
 * API, every top-level call re-arms the limits (fresh budget and deadline), and a host function
 * checks its argument's type. */
#include "CLuaBench.h"
/* The shim's internals (limits, protected calls): this target is built beside it. */
#include "../CLuaShim/internal.h"
#include <time.h>

/* CPU time of this thread, not wall time: on a shared machine the time spent waiting for a core
 * would otherwise land on whichever side happened to be running. */
double cls_bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double cls_bench_c_call(lua_State *L, int fref, long iterations) {
    cls_limits *lim = cls_getlim(L);
    lua_pushcclosure(L, cls_msgh, 0);
    int msgh = lua_gettop(L);
    lua_Integer sum = 0;
    double t0 = cls_bench_now_ns();
    for (long i = 0; i < iterations; i++) {
        cls_limits_arm(L, lim);
        lua_rawgeti(L, LUA_REGISTRYINDEX, fref);
        lua_pushinteger(L, i);
        if (cls_host_pcall(L, lim, 1, 1, msgh) != LUA_OK) { lua_settop(L, msgh - 1); return -1; }
        sum += lua_tointegerx(L, -1, NULL);
        lua_settop(L, msgh);
    }
    double t1 = cls_bench_now_ns();
    lua_settop(L, msgh - 1);
    return sum == -1 ? -1 : (t1 - t0) / (double)iterations;
}

static int c_add1(lua_State *L) {
    lua_pushinteger(L, luaL_checkinteger(L, 1) + 1);
    return 1;
}

/* Runs `loop(f, n)` (a Lua function on top of the stack) with a C function as f; returns ns per
 * iteration. The Swift side runs the same Lua loop with a Swift function. */
double cls_bench_c_callback(lua_State *L, long iterations) {
    cls_limits *lim = cls_getlim(L);
    cls_limits_arm(L, lim);
    int loop = lua_gettop(L);
    lua_pushcclosure(L, cls_msgh, 0);
    int msgh = lua_gettop(L);
    lua_pushvalue(L, loop);
    lua_pushcclosure(L, c_add1, 0);
    lua_pushinteger(L, iterations);
    double t0 = cls_bench_now_ns();
    int st = cls_host_pcall(L, lim, 2, 1, msgh);
    double t1 = cls_bench_now_ns();
    lua_settop(L, loop - 1);
    return st == LUA_OK ? (t1 - t0) / (double)iterations : -1;
}

static const char *const bundle_ids[10] = {
    "com.apple.TextEdit", "com.apple.Preview", "com.acme.Editor", "com.acme.Viewer", "org.example.Writer",
    "com.microsoft.Word", "com.google.Chrome", "org.mozilla.firefox", "com.acme.Suite", "io.example.Notes",
};
static const char *const ranks[3] = {"Owner", "Default", "Alternate"};
static const char *const roles[3] = {"Editor", "Viewer", "Shell"};
static const char *const matches[3] = {"exact", "conforms", "wildcard"};

double cls_bench_c_policy(lua_State *L, int fref, long iterations, int *order_out) {
    cls_limits *lim = cls_getlim(L);
    lua_pushcclosure(L, cls_msgh, 0);
    int msgh = lua_gettop(L);
    double t0 = cls_bench_now_ns();
    for (long it = 0; it < iterations; it++) {
        cls_limits_arm(L, lim);
        lua_rawgeti(L, LUA_REGISTRYINDEX, fref);
        lua_createtable(L, 10, 0);
        for (int i = 0; i < 10; i++) {
            lua_createtable(L, 0, 6);
            lua_pushstring(L, bundle_ids[i]); lua_setfield(L, -2, "bundle_id");
            lua_pushstring(L, ranks[i % 3]); lua_setfield(L, -2, "rank");
            lua_pushstring(L, roles[i % 3]); lua_setfield(L, -2, "role");
            lua_pushstring(L, matches[i % 3]); lua_setfield(L, -2, "match");
            lua_pushinteger(L, i * 7 % 10); lua_setfield(L, -2, "distance");
            lua_createtable(L, 0, 2);
            lua_pushstring(L, "Info.plist"); lua_setfield(L, -2, "file");
            lua_pushinteger(L, 10 + i); lua_setfield(L, -2, "line");
            lua_setfield(L, -2, "claim");
            lua_rawseti(L, -2, i + 1);
        }
        if (cls_host_pcall(L, lim, 1, 1, msgh) != LUA_OK) { lua_settop(L, msgh - 1); return -1; }
        for (int i = 0; i < 10; i++) {
            lua_rawgeti(L, -1, i + 1);
            order_out[i] = (int)lua_tointegerx(L, -1, NULL);
            lua_pop(L, 1);
        }
        lua_settop(L, msgh);
    }
    double t1 = cls_bench_now_ns();
    lua_settop(L, msgh - 1);
    return (t1 - t0) / (double)iterations;
}
