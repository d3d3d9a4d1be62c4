/* A monotonic clock for measurements (never for game logic). */
#pragma once

/* Milliseconds since an arbitrary fixed point. */
double timer_now_ms(void);
