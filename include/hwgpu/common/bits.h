/*
 * Bit patterns of floats and back: GPU registers, instruction immediates
 * and memory hold IEEE single-precision values as 32-bit words.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_COMMON_BITS_H
#define HWGPU_COMMON_BITS_H

#include <stdint.h>
#include <string.h>

/*
 * Copy or clear n bytes rounded up to whole 32-byte steps (callers pass
 * whole EU registers, or a length whose round-up stays in the object).
 * GCC expands a memcpy or memset whose length it knows to be a multiple
 * of 8 as rep movsq / rep stosq, whose start-up made most of the wall
 * time of a send's payload copy and of a thread's reset (perf sampling;
 * callgrind counts a rep as its iterations and hid it); fixed 32-byte
 * moves are vector loads and stores.  The unroll pragma keeps the
 * loop from being turned back into one variable-length call.
 */
static inline void hwgpu_copy32s(void *dst, const void *src, size_t n)
{
#pragma GCC unroll 4
    for (size_t i = 0; i < n; i += 32) {
        memcpy((uint8_t *)dst + i, (const uint8_t *)src + i, 32);
    }
}

static inline void hwgpu_zero32s(void *dst, size_t n)
{
#pragma GCC unroll 4
    for (size_t i = 0; i < n; i += 32) {
        memset((uint8_t *)dst + i, 0, 32);
    }
}

/* The float whose bits are u. */
static inline float hwgpu_u2f(uint32_t u)
{
    float f;

    memcpy(&f, &u, sizeof(f));
    return f;
}

/* The bits of f. */
static inline uint32_t hwgpu_f2u(float f)
{
    uint32_t u;

    memcpy(&u, &f, sizeof(u));
    return u;
}

/*
 * n elements of 4 (or 2) bytes at p, each made (element & keep) | val:
 * a run of pixels or depth elements written with one value, keep the
 * bits each element keeps (none: a plain fill).
 */
static inline void hwgpu_fill32(uint8_t *p, uint32_t n, uint32_t keep,
                                uint32_t val)
{
    uint32_t i = 0;

    if (!keep) {
        /* 16 bytes a store: the plain loop is not vectorised at -O2 */
        typedef uint32_t Fill4 __attribute__((vector_size(16)));
        Fill4 v = { val, val, val, val };

        for (; i + 16 <= n; i += 16) {
            memcpy(p + 4 * i, &v, 16);
            memcpy(p + 4 * i + 16, &v, 16);
            memcpy(p + 4 * i + 32, &v, 16);
            memcpy(p + 4 * i + 48, &v, 16);
        }
        for (; i + 4 <= n; i += 4) {
            memcpy(p + 4 * i, &v, 16);
        }
        for (; i < n; i++) {
            memcpy(p + 4 * i, &val, 4);
        }
        return;
    }
    for (; i < n; i++) {
        uint32_t v;

        memcpy(&v, p + 4 * i, 4);
        v = (v & keep) | val;
        memcpy(p + 4 * i, &v, 4);
    }
}

static inline void hwgpu_fill16(uint8_t *p, uint32_t n, uint16_t keep,
                                uint16_t val)
{
    for (uint32_t i = 0; i < n && !keep; i++) {
        memcpy(p + 2 * i, &val, 2);
    }
    for (uint32_t i = 0; i < n && keep; i++) {
        uint16_t v;

        memcpy(&v, p + 2 * i, 2);
        v = (uint16_t)((v & keep) | val);
        memcpy(p + 2 * i, &v, 2);
    }
}

#endif
