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

#endif
