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

#endif
