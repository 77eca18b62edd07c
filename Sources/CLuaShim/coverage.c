/* Active lines of a chunk including all nested functions, read from the function's own dump
 * (Lua 5.4 format, ldump.c). lua_getinfo("L") only sees one function, and nested prototypes are
 * not reachable through the API until their closures exist. */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

typedef struct { unsigned char *p; size_t n, cap; } buf_t;
typedef struct { const unsigned char *p, *end; int bad; } rd_t;

static int writer(lua_State *L, const void *p, size_t sz, void *ud) {
    (void)L;
    buf_t *b = ud;
    if (b->n + sz > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 4096);
        while (cap < b->n + sz) cap *= 2;
        unsigned char *np = realloc(b->p, cap);
        if (!np) return 1;
        b->p = np; b->cap = cap;
    }
    memcpy(b->p + b->n, p, sz);
    b->n += sz;
    return 0;
}

static int byte(rd_t *r) { if (r->p >= r->end) { r->bad = 1; return 0; } return *r->p++; }
static void skip(rd_t *r, size_t n) { if ((size_t)(r->end - r->p) < n) { r->bad = 1; r->p = r->end; } else r->p += n; }
static size_t usize(rd_t *r) {
    size_t x = 0; int b;
    do { b = byte(r); x = (x << 7) | (size_t)(b & 0x7f); } while (!r->bad && (b & 0x80) == 0);
    return x;
}
static void skipstring(rd_t *r) { size_t n = usize(r); if (n > 0) skip(r, n - 1); }

#define ABSLINEINFO (-0x80)

static void function(rd_t *r, cls_activeline_fn fn, void *ctx, int depth) {
    if (depth > 250) { r->bad = 1; return; }
    skipstring(r);                          /* source */
    int linedefined = (int)usize(r);
    usize(r);                               /* lastlinedefined */
    byte(r);                                /* numparams */
    int vararg = byte(r);
    byte(r);                                /* maxstacksize */
    size_t ncode = usize(r); skip(r, ncode * 4);
    size_t nk = usize(r);
    for (size_t i = 0; i < nk && !r->bad; i++) {
        int tt = byte(r);
        if (tt == 0x13 || tt == 0x03) skip(r, 8);        /* float, integer */
        else if (tt == 0x04 || tt == 0x14) skipstring(r); /* short, long string */
    }
    size_t nup = usize(r); skip(r, nup * 3);
    size_t np = usize(r);
    for (size_t i = 0; i < np && !r->bad; i++) function(r, fn, ctx, depth + 1);
    size_t nli = usize(r);
    const signed char *li = (const signed char *)r->p;
    skip(r, nli);
    size_t nabs = usize(r);
    size_t *abspc = nabs ? calloc(nabs, sizeof *abspc) : NULL;
    int *absline = nabs ? calloc(nabs, sizeof *absline) : NULL;
    for (size_t i = 0; i < nabs && !r->bad; i++) { abspc[i] = usize(r); absline[i] = (int)usize(r); }
    if (!r->bad) {
        int line = linedefined;
        size_t a = 0;
        for (size_t pc = 0; pc < nli; pc++) {
            if (li[pc] != ABSLINEINFO) line += li[pc];
            else { while (a < nabs && abspc[a] < pc) a++; if (a < nabs) line = absline[a]; }
            if (!(vararg && pc == 0)) fn(ctx, line);   /* VARARGPREP is not a line */
        }
    }
    free(abspc); free(absline);
    size_t nloc = usize(r);
    for (size_t i = 0; i < nloc && !r->bad; i++) { skipstring(r); usize(r); usize(r); }
    size_t nupn = usize(r);
    for (size_t i = 0; i < nupn && !r->bad; i++) skipstring(r);
}

int cls_active_lines(lua_State *L, int idx, cls_activeline_fn fn, void *ctx) {
    if (!lua_isfunction(L, idx) || lua_iscfunction(L, idx)) return 1;
    lua_pushvalue(L, idx);
    buf_t b = {0};
    int st = lua_dump(L, writer, &b, 0);
    lua_pop(L, 1);
    if (st != 0 || b.n < 32) { free(b.p); return 1; }
    rd_t r = { b.p, b.p + b.n, 0 };
    /* header: signature(4) version(1) format(1) data(6) sizes(3) int(8) num(8), nupvalues(1) */
    skip(&r, 4 + 1 + 1 + 6 + 3 + 8 + 8 + 1);
    function(&r, fn, ctx, 0);
    free(b.p);
    return r.bad ? 1 : 0;
}
