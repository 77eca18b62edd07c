/* Allocator cap, the sticky count hook, the deadline, depth and interrupt checks. */
#include "internal.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

double cls_monotonic_now(void) { return cls_now(); }

void cls_limits_set_run_deadline(cls_limits *lim, double at) { lim->run_deadline_at = at > 0 ? at : 0; }

cls_limits *cls_limits_new(void) {
    cls_limits *lim = calloc(1, sizeof *lim);
    if (lim) { atomic_init(&lim->interrupted, 0); lim->step = 100; lim->host = 1; }
    return lim;
}

static void pool_release(cls_pool *pool) {
    while (pool->chunks) {
        void *next = *(void **)pool->chunks;
        free(pool->chunks);
        pool->chunks = next;
    }
    memset(pool, 0, sizeof *pool);
}

void cls_limits_free(cls_limits *lim) {
    if (!lim) return;
    pool_release(&lim->pool);
    free(lim);
}

void cls_limits_configure(cls_limits *lim, int64_t instructions, size_t memory, double deadline_seconds,
                          int max_depth, int hook_step, size_t max_string, double max_pattern_work) {
    lim->budget_total = instructions > 0 ? instructions : 0;
    lim->soft = memory;
    /* Headroom above the cap so tracebacks and messages can still be built after a trip. */
    size_t reserve = memory / 16;
    if (reserve < (1u << 20)) reserve = 1u << 20;
    lim->hard = memory ? memory + reserve : 0;
    lim->deadline_s = deadline_seconds > 0 ? deadline_seconds : 0;
    lim->max_depth = max_depth > 0 ? max_depth : 0;
    lim->step = hook_step > 0 ? hook_step : 100;
    lim->max_string = max_string;
    lim->max_pattern_work = max_pattern_work;
    lim->rearm = 1;
}

int cls_hook_mask(const cls_limits *lim) { return LUA_MASKCOUNT | (lim->line_fn ? LUA_MASKLINE : 0); }

void cls_limits_arm(lua_State *L, cls_limits *lim) {
    lim->tripped = CLS_LIMIT_NONE;
    /* Relaxed: a sequentially consistent store is a locked instruction, the most expensive part
     * of arming, and it orders nothing here (an interrupt racing a new call may be lost either
     * way; the flag is only ever polled). */
    atomic_store_explicit(&lim->interrupted, 0, memory_order_relaxed);
    lim->budget = lim->budget_total;
    lim->refused_once = 0;
    lim->charged_since_clock = 0;
    double now = lim->deadline_s > 0 || lim->run_deadline_at > 0 ? cls_now() : 0;
    double at = lim->deadline_s > 0 ? now + lim->deadline_s : 0;
    lim->deadline_is_run = lim->run_deadline_at > 0 && (at == 0 || lim->run_deadline_at < at);
    lim->deadline_at = lim->deadline_is_run ? lim->run_deadline_at : at;
    if (lim->soft && lim->used > lim->soft) {   /* garbage left by a failed run */
        int h = lim->host; lim->host = 1;
        lua_gc(L, LUA_GCCOLLECT);
        lim->host = h;
    }
    /* lua_sethook only when needed: arming happens on every top-level call. Every place that
     * changes a hook away from the armed setting (a sticky trip, a settings change) sets
     * `rearm`, so no lua_gethook* round trips are needed to find out. */
    if (lim->rearm) {
        lua_sethook(L, cls_hook, cls_hook_mask(lim), lim->step);
        lim->rearm = 0;
    }
    /* The run's time is spent: this call fails at its first instruction (or host call, or
     * coroutine), not after a last `step` instructions of grace per call. */
    if (lim->deadline_is_run && now > lim->run_deadline_at) {
        lim->tripped = CLS_LIMIT_RUN_TIME;
        cls_make_sticky(L, lim);
    }
}

int cls_limits_tripped(const cls_limits *lim) { return lim->tripped; }
size_t cls_limits_memory_used(const cls_limits *lim) { return lim->used; }
size_t cls_limits_memory_peak(const cls_limits *lim) { return lim->peak; }
int64_t cls_limits_instructions_used(const cls_limits *lim) { return lim->budget_total - lim->budget; }
void cls_limits_interrupt(cls_limits *lim) { atomic_store(&lim->interrupted, 1); }
int cls_limits_set_host(cls_limits *lim, int host) { int h = lim->host; lim->host = host; return h; }

void cls_limits_set_line_hook(lua_State *L, cls_limits *lim, cls_line_fn fn, void *ctx) {
    lim->line_fn = fn;
    lim->line_ctx = ctx;
    lua_sethook(L, cls_hook, cls_hook_mask(lim), lim->step);
}

#if defined(__has_feature)
#  if __has_feature(address_sanitizer)
#    define CLS_NO_POOL 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#  define CLS_NO_POOL 1
#endif
#ifdef CLS_NO_POOL
#  define CLS_POOLED(n) 0
#else
#  define CLS_POOLED(n) ((n) <= CLS_POOL_MAX)
#endif
#define CLS_POOL_CHUNK (64 * 1024)

/* The size class of a block of 1...CLS_POOL_MAX bytes. */
static inline int pool_class(size_t n) { return (int)((n + 15) >> 4) - 1; }

static void *pool_alloc(cls_pool *pool, int c) {
    void *p = pool->free[c];
    if (p) {
        pool->free[c] = *(void **)p;
        return p;
    }
    size_t size = (size_t)(c + 1) << 4;
    if ((size_t)(pool->bump_end - pool->bump) < size) {
        char *chunk = malloc(CLS_POOL_CHUNK);
        if (!chunk) return NULL;
        *(void **)chunk = pool->chunks;
        pool->chunks = chunk;
        pool->bump = chunk + 16;   /* blocks stay 16-byte aligned */
        pool->bump_end = chunk + CLS_POOL_CHUNK;
    }
    p = pool->bump;
    pool->bump += size;
    return p;
}

static inline void pool_free(cls_pool *pool, void *p, int c) {
    *(void **)p = pool->free[c];
    pool->free[c] = p;
}

/* Refuses growth only. Over the soft cap: refuse once (Lua then runs an emergency full GC and
 * retries), then allow up to the hard cap but mark the trip, so the next hook raises a proper
 * error with position and traceback. Beyond the hard cap: refuse (LUA_ERRMEM). The cap counts the
 * sizes Lua asks for, pooled or not. */
static void *cls_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cls_limits *lim = ud;
    size_t old = ptr ? osize : 0;   /* without a block, osize is the kind of object, not a size */
    if (nsize == 0) {
        if (ptr) {
            if (CLS_POOLED(old)) pool_free(&lim->pool, ptr, pool_class(old));
            else free(ptr);
        }
        lim->used -= old;
        return NULL;
    }
    if (nsize > old && lim->soft && !lim->host) {
        size_t after = lim->used - old + nsize;
        if (after > lim->soft) {
            if (after > lim->hard) { lim->tripped = lim->tripped ? lim->tripped : CLS_LIMIT_MEMORY; return NULL; }
            if (!lim->refused_once) { lim->refused_once = 1; return NULL; }
            if (!lim->tripped) lim->tripped = CLS_LIMIT_MEMORY;
        } else {
            lim->refused_once = 0;
        }
    }
    void *p;
    if (CLS_POOLED(nsize)) {
        int c = pool_class(nsize);
        if (ptr && CLS_POOLED(old) && pool_class(old) == c) {
            p = ptr;
        } else if ((p = pool_alloc(&lim->pool, c)) && ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (CLS_POOLED(old)) pool_free(&lim->pool, ptr, pool_class(old));
            else free(ptr);
        }
    } else if (ptr && CLS_POOLED(old)) {
        if ((p = malloc(nsize))) {
            memcpy(p, ptr, old);
            pool_free(&lim->pool, ptr, pool_class(old));
        }
    } else {
        p = realloc(ptr, nsize);
    }
    if (p) {
        lim->used = lim->used - old + nsize;
        if (lim->used > lim->peak) lim->peak = lim->used;
    }
    return p;
}

static int cls_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "uniform: unprotected Lua error (bug in the host bridge): %s\n", msg ? msg : "?");
    abort();
}

lua_State *cls_newstate(cls_limits *lim) {
    lua_State *L = lua_newstate(cls_alloc, lim);
    if (L) {
        lua_atpanic(L, cls_panic);
        lua_sethook(L, cls_hook, cls_hook_mask(lim), lim->step);
    }
    return L;
}

void cls_close(lua_State *L, cls_limits *lim) {
    lua_close(L);   /* every block goes back to the pool first */
    pool_release(&lim->pool);
}

int cls_host_pcall(lua_State *L, cls_limits *lim, int nargs, int nresults, int msgh) {
    int h = lim->host;
    lim->host = 0;
    int status = lua_pcallk(L, nargs, nresults, msgh, 0, NULL);
    lim->host = h;
    return status;
}

static const char *limit_description(cls_limits *lim, char *buf, size_t n) {
    switch (lim->tripped) {
    case CLS_LIMIT_INSTRUCTIONS:
        snprintf(buf, n, "instruction limit exceeded (%lld instructions)", (long long)lim->budget_total); break;
    case CLS_LIMIT_MEMORY:
        snprintf(buf, n, "memory limit exceeded (%zu bytes)", lim->soft); break;
    case CLS_LIMIT_DEADLINE:
        snprintf(buf, n, "deadline exceeded (%.3g s)", lim->deadline_s); break;
    case CLS_LIMIT_DEPTH:
        snprintf(buf, n, "call depth limit exceeded (%d levels)", lim->max_depth); break;
    case CLS_LIMIT_INTERRUPTED:
        snprintf(buf, n, "interrupted"); break;
    case CLS_LIMIT_RUN_TIME:
        snprintf(buf, n, "run time budget exceeded (the whole run may take --max-run-time seconds)"); break;
    default:
        snprintf(buf, n, "limit exceeded"); break;
    }
    return buf;
}

/* Fires the hook on every instruction of this thread until the next arm (which must restore it). */
void cls_make_sticky(lua_State *L, cls_limits *lim) {
    lua_sethook(L, cls_hook, cls_hook_mask(lim), 1);
    lim->rearm = 1;
}

int cls_raise_tripped(lua_State *L, cls_limits *lim, const char *what) {
    char desc[128];
    cls_make_sticky(L, lim);
    limit_description(lim, desc, sizeof desc);
    return luaL_error(L, "%s while running %s", desc, what);
}

/* Sticky: keeps the hook firing on every instruction of this thread, so a pcall in the rule
 * cannot swallow the error; every later hook raises again until the next top-level call. */
static void raise_limit(lua_State *L, lua_Debug *ar, cls_limits *lim) {
    char desc[128];
    cls_make_sticky(L, lim);
    limit_description(lim, desc, sizeof desc);
    int h = lim->host; lim->host = 1;   /* the message itself must be buildable */
    if (lua_getinfo(L, "Sln", ar) && ar->currentline > 0) {
        if (ar->name)
            lua_pushfstring(L, "%s:%d: %s while running function '%s'", ar->short_src, ar->currentline, desc, ar->name);
        else if (*ar->what == 'm')
            lua_pushfstring(L, "%s:%d: %s while running the main chunk", ar->short_src, ar->currentline, desc);
        else
            lua_pushfstring(L, "%s:%d: %s while running function <%s:%d>", ar->short_src, ar->currentline, desc,
                            ar->short_src, ar->linedefined);
    } else {
        lua_pushstring(L, desc);
    }
    lim->host = h;
    lua_error(L);
}

static void trip(lua_State *L, lua_Debug *ar, cls_limits *lim, int kind) {
    if (!lim->tripped) lim->tripped = kind;
    raise_limit(L, ar, lim);
}

void cls_hook(lua_State *L, lua_Debug *ar) {
    cls_limits *lim = cls_getlim(L);
    if (ar->event == LUA_HOOKLINE) {
        if (lim->line_fn && lua_getinfo(L, "S", ar)) lim->line_fn(lim->line_ctx, ar->source, ar->currentline);
        if (lim->tripped) raise_limit(L, ar, lim);
        return;
    }
    if (ar->event != LUA_HOOKCOUNT) return;
    int count = lua_gethookcount(L);
    if (lim->tripped) raise_limit(L, ar, lim);
    if (atomic_load_explicit(&lim->interrupted, memory_order_relaxed)) trip(L, ar, lim, CLS_LIMIT_INTERRUPTED);
    if (lim->budget_total > 0) {
        lim->budget -= count;
        if (lim->budget <= 0) trip(L, ar, lim, CLS_LIMIT_INSTRUCTIONS);
    }
    if (lim->max_depth > 0) {
        lua_Debug d;
        if (lua_getstack(L, lim->max_depth, &d)) trip(L, ar, lim, CLS_LIMIT_DEPTH);
    }
    if (lim->deadline_at > 0 && cls_now() > lim->deadline_at)
        trip(L, ar, lim, lim->deadline_is_run ? CLS_LIMIT_RUN_TIME : CLS_LIMIT_DEADLINE);
    /* Threads keep their own hook settings: undo an old sticky re-arm, follow coverage changes. */
    int mask = cls_hook_mask(lim);
    if (count != lim->step || lua_gethookmask(L) != mask) lua_sethook(L, cls_hook, mask, lim->step);
}

#define CLS_CLOCK_WORK 4096.0

static int charge_kind(lua_State *L, cls_limits *lim, double work);

void cls_charge(lua_State *L, double work, const char *what) {
    cls_limits *lim = cls_getlim(L);
    int kind = charge_kind(L, lim, work);
    if (kind) {
        char desc[128];
        luaL_error(L, "%s while running %s", limit_description(lim, desc, sizeof desc), what);
    }
}

int cls_charge_host(lua_State *L, double work, char *message, size_t size) {
    cls_limits *lim = cls_getlim(L);
    int kind = charge_kind(L, lim, work);
    if (kind && message && size) limit_description(lim, message, size);
    return kind;
}

int cls_host_trip(lua_State *L, cls_limits *lim, int kind) {
    if (!lim->tripped) lim->tripped = kind;
    cls_make_sticky(L, lim);
    return lim->tripped;
}

/* Charges the work; on exhaustion records the trip and makes the hook sticky (so a pcall in the
 * rule cannot swallow it) and returns the kind. */
static int charge_kind(lua_State *L, cls_limits *lim, double work) {
    int kind = lim->tripped;
    if (!kind && atomic_load_explicit(&lim->interrupted, memory_order_relaxed)) kind = CLS_LIMIT_INTERRUPTED;
    if (!kind && lim->budget_total > 0) {
        double cost = work / 4;   /* ~4 matcher/copy steps cost what one VM instruction costs */
        lim->budget -= cost > (double)INT64_MAX / 4 ? INT64_MAX / 4 : (int64_t)cost;
        if (lim->budget <= 0) kind = CLS_LIMIT_INSTRUCTIONS;
    }
    /* The clock is read once per CLS_CLOCK_WORK steps of charged work (and for any call that
     * costs that much alone): the count hook reads it between calls anyway, and reading it on
     * every cheap `find` was a good part of the call. */
    if (!kind && lim->deadline_at > 0) {
        lim->charged_since_clock += work;
        if (lim->charged_since_clock >= CLS_CLOCK_WORK) {
            lim->charged_since_clock = 0;
            if (cls_now() > lim->deadline_at) kind = lim->deadline_is_run ? CLS_LIMIT_RUN_TIME : CLS_LIMIT_DEADLINE;
        }
    }
    if (kind) {
        if (!lim->tripped) lim->tripped = kind;
        cls_make_sticky(L, lim);
    }
    return kind;
}
