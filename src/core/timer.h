/* A monotonic clock for measurements (never for game logic). */
#pragma once

/* Milliseconds since an arbitrary fixed point. */
double timer_now_ms(void);

/* Milliseconds of processor time the calling thread has used (user and
 * system). On a shared machine this leaves out the time spent waiting for
 * a core, which the wall clock counts: benchmarks print both. */
double timer_cpu_ms(void);
