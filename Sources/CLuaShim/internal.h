/* Private to CLuaShim: the limits struct and helpers shared by its .c files. */
#pragma once
#include "CLuaShim.h"
#include <stdatomic.h>

struct cls_limits {
    /* memory (bytes); soft = the configured cap, hard = soft + reserve for error reporting */
    size_t used, peak, soft, hard;
    int refused_once;      /* first refusal over the soft cap lets Lua run an emergency GC */
    int host;              /* 1 while Swift pushes values: no cap (host data is trusted) */
    /* instructions */
    int64_t budget_total, budget;
    int step, max_depth;
    /* wall clock */
    double deadline_s, deadline_at;
    int tripped;
    int rearm;             /* the main thread's hook must be reset at the next arm */
    atomic_int interrupted;
    /* bounded string functions */
    size_t max_string;
    double max_pattern_work;
    /* coverage */
    cls_line_fn line_fn;
    void *line_ctx;
};

static inline cls_limits *cls_getlim(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cls_limits *)ud;
}

double cls_now(void);
int cls_hook_mask(const cls_limits *lim);
void cls_hook(lua_State *L, lua_Debug *ar);
/** Charges `work` steps of C work to the budget and checks the deadline; raises if exhausted. */
void cls_charge(lua_State *L, double work, const char *what);
