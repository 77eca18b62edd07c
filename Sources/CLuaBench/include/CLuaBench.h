#ifndef CLUABENCH_H
#define CLUABENCH_H
/* The plain-C baseline of uniform-bench: the operations the Swift bridge performs, written the
 * way a C host would, against the same library and the same hooked, capped state. Built only
 * for the benchmark, so the shim the product ships knows nothing of bundle ids and ranks. */
#include <lua.h>

/** The benchmark clock (both sides use it): this thread's CPU time in nanoseconds. */
double cls_bench_now_ns(void);
double cls_bench_c_call(lua_State *L, int fref, long iterations);
double cls_bench_c_callback(lua_State *L, long iterations);
double cls_bench_c_policy(lua_State *L, int fref, long iterations, int *order_out);

#endif
