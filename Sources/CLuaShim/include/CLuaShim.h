#pragma once
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

static inline int cls_pcall(lua_State *L, int na, int nr, int msgh) { return lua_pcallk(L, na, nr, msgh, 0, NULL); }
