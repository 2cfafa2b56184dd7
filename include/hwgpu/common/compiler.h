/*
 * Compiler attributes the GPU code shares.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_COMMON_COMPILER_H
#define HWGPU_COMMON_COMPILER_H

/*
 * HWGPU_NOINIT: a local the function writes before it reads any of it,
 * left out of QEMU's -ftrivial-auto-var-init=zero.  Only for the render
 * paths' per-lane scratch (a handler's 16 lanes of sources and results, a
 * shared function's response), where zeroing them on every call was 9% of
 * a kmscube frame's instructions; a local that may be read before it is
 * written must not have it.
 */
#if defined(__has_attribute)
#if __has_attribute(uninitialized)
#define HWGPU_NOINIT __attribute__((uninitialized))
#endif
#endif
#ifndef HWGPU_NOINIT
#define HWGPU_NOINIT
#endif

/*
 * HWGPU_CLONES: the function built twice, for AVX2 and for the baseline,
 * and picked when the program loads (an ifunc): for the lane loops the
 * compiler vectorises, four doubles or eight floats a step on AVX2
 * hosts.  Not under ThreadSanitizer: the clones' ifunc resolvers run
 * while the dynamic linker relocates the program, before TSan's runtime
 * is up, and their instrumented code crashes there.
 */
#if defined(__x86_64__) && defined(__linux__) && !defined(__clang__) && \
    !defined(__SANITIZE_THREAD__)
#define HWGPU_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define HWGPU_CLONES
#endif

/*
 * HWGPU_X86_TARGETS: functions with __attribute__((target("avx2"))) can
 * be built (their intrinsics come from immintrin.h) and called after
 * hwgpu_cpu_avx2() said the host has AVX2.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#define HWGPU_X86_TARGETS 1
#include <immintrin.h>
#include <stdbool.h>

static inline bool hwgpu_cpu_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}
#else
#define HWGPU_X86_TARGETS 0
#endif

#endif
