/*
 * The Gen4 vertex shader stage: VS threads dispatched on the EU
 * interpreter, two vertices per thread (SIMD4x2), with the payload the
 * G45 PRM gives (seed 000 §4.3.1 Table 7, lines 9869-10115): the R0
 * header (URB return handles 0/1, sampler and binding table pointers,
 * scratch), the CURBE rows (not interleaved), then the vertices' URB rows
 * interleaved (dwords 3:0 vertex 0, 7:4 vertex 1).  A kernel writes its
 * results with URB_WRITE into the same URB entries and ends with EOT.
 *
 * Units (../shared/reference/seed-000.md §4.1, crocus-g45.md §2.3): URB
 * read offset/length and CURBE read offset/length count 256-bit rows; a
 * URB row holds two 128-bit attributes, so one row of two vertices fills
 * two payload registers.  The entry size is VS_STATE's URB Entry
 * Allocation Size in 512-bit units.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_VS_H
#define HWGPU_INTEL_GEN4_VS_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-vf.h"

/* Instructions one VS thread may run before it is stopped. */
#define GEN4_VS_BUDGET          (1u << 20)
/*
 * Vertices a task of the pool shades (even: SIMD4x2 pairs are the same
 * as on one thread); draws with more are shaded on the state's pool.
 */
#define GEN4_VS_CHUNK           256
/* Bytes of kernel fetched per draw (the kernel's end is not known). */
#define GEN4_KERNEL_MAX_BYTES   (64u * 1024)
/* CURBE: CONSTANT_BUFFER length is 6 bits of 512-bit units. */
#define GEN4_CURBE_ROWS         128

typedef struct Gen4VsOut {
    uint32_t nvert;
    uint32_t vue_dw;            /* dwords per output vertex */
    uint32_t *vue;              /* nvert x vue_dw: gen4_buf_put() it as
                                 * GEN4_BUF_VS_VUE */
    uint64_t threads, instructions;
    uint32_t errors;            /* threads that ended without EOT */
} Gen4VsOut;

/*
 * Shade n vertices from the VF: vertex i's input data is in[i * in_dw ..],
 * in_dw dwords (a multiple of 8).  With the VS disabled the VF's data
 * passes through.  With the vertex cache on (VS_STATE Vertex Cache
 * Disable clear), vertices of the same contents are shaded once and
 * share the VUE.  Thread errors are counted, not fatal.
 */
bool gen4_vs_shade(Gen4State *s, const Gen4Draw *d, const uint32_t *in,
                   uint32_t in_dw, uint32_t n, Gen4VsOut *out);
/* The dwords of each VUE gen4_vs_shade gives for in_dw-dword inputs. */
uint32_t gen4_vs_out_dw(const Gen4Draw *d, uint32_t in_dw);

/*
 * The kernel at graphics address `addr` as an EU program: up to
 * GEN4_KERNEL_MAX_BYTES, ending early at unmapped memory.  Never NULL; a
 * reference the caller drops with g4_eu_program_free().  With a cache in
 * s->kernels, a window of the same bytes as before gives the program
 * made then (gen4-kernels.c).
 */
struct G4EuProgram *gen4_kernel_load(Gen4State *s, uint32_t addr);

/*
 * The CURBE of draw d: CONSTANT_BUFFER's 256-bit rows into curbe
 * (GEN4_CURBE_ROWS rows); returns how many are valid (0: none).  The VS,
 * CLIP and WM threads read their constants from it.
 */
uint32_t gen4_curbe_load(Gen4State *s, const Gen4Draw *d, uint32_t *curbe);

/* A thread's CR0 from its unit's THREAD_COMMON: ALT float mode, SPF. */
uint32_t gen4_thread_cr0(const uint32_t *common);

/*
 * A vertex's URB rows roff .. roff + rlen - 1 into the thread's GRFs from
 * *grf on, one row a register (rows past the VUE's vue_dw dwords, and
 * registers past the file, are left alone); *grf advances by rlen.
 */
struct G4EuThread;
void gen4_payload_rows(struct G4EuThread *t, uint32_t *grf,
                       const uint32_t *vue, uint32_t vue_dw, uint32_t roff,
                       uint32_t rlen);

#endif
