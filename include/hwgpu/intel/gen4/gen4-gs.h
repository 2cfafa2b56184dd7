/*
 * The Gen4 fixed-function GS with its threads (G45 PRM Vol 2 §5, seed 000
 * line 11737 Table 5-1; crocus-g45.md §3.2): crocus enables it only to
 * turn QUADLIST, QUADSTRIP and LINELOOP into objects the rest of the
 * pipeline draws.  One thread per input object (4 or 2 vertices in its
 * payload); the vertices its URB_WRITEs complete, with the primitive type
 * and start/end flags of their headers, replace the input primitives.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_GS_H
#define HWGPU_INTEL_GEN4_GS_H

#include "hwgpu/intel/gen4/gen4-urb.h"

/*
 * Run the GS over n vertices (vue_dw dwords each; start/end flag the input
 * primitives) of the draw's topology.  Always fills out (possibly empty);
 * free it with gen4_urb_out_free.
 */
void gen4_gs_run(Gen4State *s, const Gen4Draw *d, const uint32_t *vue,
                 uint32_t vue_dw, const uint8_t *start, const uint8_t *end,
                 uint32_t n, Gen4UrbOut *out);

#endif
