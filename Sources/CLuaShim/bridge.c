/* Swift functions and objects as Lua values; the message handler. Every raise happens here, in C,
 * after the Swift frame that asked for it has returned. */
#include "internal.h"
#include <string.h>

/* Stateless process-wide entry points into Swift, set once. */
static cls_dispatch_fn g_dispatch;
static cls_release_fn g_release;

void cls_set_callbacks(cls_dispatch_fn dispatch, cls_release_fn release) {
    g_dispatch = dispatch;
    g_release = release;
}

/* `lim` is set for Swift functions only: the trampoline reads it here instead of asking
 * lua_getallocf on every call. */
typedef struct { void *object; cls_limits *lim; } cls_box;

static int cls_box_gc(lua_State *L) {
    cls_box *b = lua_touserdata(L, 1);
    if (b && b->object) {
        void *o = b->object;
        b->object = NULL;
        if (g_release) g_release(o);
    }
    return 0;
}

static const char *const FNBOX_KEY = "uniform.lua.fnbox";

/* The limit error of a host function: "FILE:LINE: <limit> while running uniform.apps". */
static int host_limit_error(lua_State *L, cls_limits *lim) {
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    return cls_raise_tripped(L, lim, name ? name : "a host function");
}

static int cls_trampoline(lua_State *L) {
    cls_box *b = lua_touserdata(L, lua_upvalueindex(1));
    if (!b || !b->object) return luaL_error(L, "host function was released");
    cls_limits *lim = b->lim;
    /* Host work counts like Lua's: a spent call does none, and each return is charged. */
    if (lim->tripped) return host_limit_error(L, lim);
    size_t used = lim->used;
    int h = lim->host;
    lim->host = 1;
    int n = g_dispatch(L, b->object, lua_gettop(L));   /* Swift runs and returns here */
    lim->host = h;
    if (cls_host_returned(L, lim, used)) {
        if (n >= 0) return host_limit_error(L, lim);
        cls_make_sticky(L, lim);   /* its own error goes up as it is; the next instruction raises */
    }
    if (n == CLS_RAISE) return lua_error(L);
    if (n == CLS_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_rotate(L, -2, 1);
        lua_concat(L, 2);
        return lua_error(L);
    }
    return n;
}

void cls_push_swift_function(lua_State *L, void *box, const char *name) {
    cls_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    b->object = box;
    b->lim = cls_getlim(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, FNBOX_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        cls_new_object_metatable(L, "host function");
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, FNBOX_KEY);
    }
    lua_setmetatable(L, -2);
    if (name) lua_pushstring(L, name);
    else lua_pushnil(L);
    lua_pushcclosure(L, cls_trampoline, 2);
}

void cls_new_object_metatable(lua_State *L, const char *name) {
    lua_createtable(L, 0, 5);
    lua_pushcclosure(L, cls_box_gc, 0);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");   /* getmetatable(obj) gives false: no way to edit it */
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
}

void cls_push_object(lua_State *L, void *object, int mt) {
    mt = lua_absindex(L, mt);
    cls_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    b->object = object;
    b->lim = NULL;
    lua_pushvalue(L, mt);
    lua_setmetatable(L, -2);
}

void *cls_to_object(lua_State *L, int idx, int mt) {
    idx = lua_absindex(L, idx);
    mt = lua_absindex(L, mt);
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return NULL;
    int same = lua_rawequal(L, -1, mt);
    lua_pop(L, 1);
    if (!same) return NULL;
    cls_box *b = lua_touserdata(L, idx);
    return b ? b->object : NULL;
}

/* The beginning of msg (not cut inside a UTF-8 sequence) and how many bytes are missing, in at
 * most CLS_MESSAGE_MAX bytes. */
static const char *cut_message(lua_State *L, const char *msg, size_t len) {
    size_t keep = CLS_MESSAGE_MAX - 64;
    while (keep > 0 && ((unsigned char)msg[keep] & 0xC0) == 0x80) keep--;
    lua_pushlstring(L, msg, keep);
    lua_pushfstring(L, "... (%I more bytes not shown)", (lua_Integer)(len - keep));
    lua_concat(L, 2);
    return lua_tostring(L, -1);
}

int cls_msgh(lua_State *L) {
    size_t len = 0;
    const char *msg = lua_tolstring(L, 1, &len);
    if (msg == NULL) {
        /* __tostring runs under the (sticky) limits like any rule code */
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            msg = lua_tolstring(L, -1, &len);
        else
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    cls_limits *lim = cls_getlim(L);
    int h = lim->host;
    lim->host = 1;
    if (len > CLS_MESSAGE_MAX) msg = cut_message(L, msg, len);
    luaL_traceback(L, L, msg, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, CLS_TRACEBACK_KEY);
    lua_pushstring(L, msg);
    lim->host = h;
    return 1;
}

void cls_push_last_traceback(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, CLS_TRACEBACK_KEY);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, CLS_TRACEBACK_KEY);
}

int cls_loadtext(lua_State *L, const char *buf, size_t len, const char *chunkname) {
    return luaL_loadbufferx(L, buf, len, chunkname, "t");
}
