/* Private to CLuaShim: the limits struct and helpers shared by its .c files. */
#pragma once
#include "CLuaShim.h"
#include <stdatomic.h>
#include <time.h>

/* Lua's small blocks (tables, their nodes, short strings, closures: almost every allocation of a
 * policy call) come from per-state free lists, one per 16-byte size class, carved from 64 KiB
 * chunks. Lua always says how big a block it frees is, so blocks carry no header. The chunks go
 * back to the system when the state closes. Off under AddressSanitizer, so it sees every block. */
#define CLS_POOL_CLASSES 16
#define CLS_POOL_MAX (CLS_POOL_CLASSES * 16)
typedef struct cls_pool {
    void *free[CLS_POOL_CLASSES];
    void *chunks;              /* linked through each chunk's first word */
    char *bump, *bump_end;     /* the unused rest of the newest chunk */
} cls_pool;

/* The shape of the last pattern a sandboxed string function was given (see sandbox.c). */
typedef struct cls_pattern_shape {
    size_t length;             /* of text; (size_t)-1 when nothing is kept */
    char text[64];
    int anchored, special, vars, options;
} cls_pattern_shape;

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
    /* work charged by library functions since the deadline was last checked */
    double charged_since_clock;
    cls_pattern_shape last_pattern;
    cls_pool pool;
    /* the whole run's deadline (absolute, 0 = none); kept out of the hot fields above */
    double run_deadline_at;
    int deadline_is_run;   /* deadline_at is the run's, which comes before the call's */
    unsigned host_returns; /* host functions returned: every CLS_HOST_CLOCK_EVERY-th reads the clock */
};

/* The one platform seam: a cheap monotonic clock (coarse is plenty for a deadline). */
static inline double cls_now(void) {
    struct timespec ts;
#if defined(__linux__) && defined(CLOCK_MONOTONIC_COARSE)
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline cls_limits *cls_getlim(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cls_limits *)ud;
}

int cls_hook_mask(const cls_limits *lim);
void cls_hook(lua_State *L, lua_Debug *ar);
/** Charges `work` steps of C work to the budget and checks the deadline; raises if exhausted. */
void cls_charge(lua_State *L, double work, const char *what);
/** Makes the hook of L fire on every instruction until the next arm (the trip cannot be swallowed). */
void cls_make_sticky(lua_State *L, cls_limits *lim);
/** Records a trip found on a host function's return and makes L sticky; returns the kind. */
int cls_host_trip(lua_State *L, cls_limits *lim, int kind);
/** After a trip: makes L sticky and raises "FILE:LINE: <the limit> while running <what>". */
int cls_raise_tripped(lua_State *L, cls_limits *lim, const char *what);

/* Host work: a call costs what a few VM instructions cost, plus one instruction per 8 bytes of
 * Lua values it made (Swift building a table takes about as long as Lua building it), and the
 * clock is read on every 8th return and on any return that made 4 KB of values. Host calls are
 * where a loop of few instructions spends its time (a loop of `uniform.apps()` on a large world
 * once ran four times its run budget), and a host call that costs much without making values (a
 * world rebuilt) gives no other sign of it; a deadline is passed by at most 7 such calls. (The
 * clock on every return cost 10-15% of a trivial callback, against 5% allowed.)
 * Returns the limit kind that tripped during the call or as it returned (0: none). */
#define CLS_HOST_CALL_COST 4
#define CLS_HOST_CLOCK_EVERY 8u
static inline int cls_host_returned(lua_State *L, cls_limits *lim, size_t used_before) {
    if (lim->budget_total > 0) {
        int64_t made = lim->used > used_before ? (int64_t)((lim->used - used_before) >> 3) : 0;
        if ((lim->budget -= CLS_HOST_CALL_COST + made) <= 0) return cls_host_trip(L, lim, CLS_LIMIT_INSTRUCTIONS);
    }
    if (atomic_load_explicit(&lim->interrupted, memory_order_relaxed))
        return cls_host_trip(L, lim, CLS_LIMIT_INTERRUPTED);
    if (lim->deadline_at > 0
        && ((++lim->host_returns % CLS_HOST_CLOCK_EVERY) == 0 || lim->used >= used_before + 4096)
        && cls_now() > lim->deadline_at)
        return cls_host_trip(L, lim, lim->deadline_is_run ? CLS_LIMIT_RUN_TIME : CLS_LIMIT_DEADLINE);
    return lim->tripped;   /* a nested call tripped, and the host function carried on */
}
