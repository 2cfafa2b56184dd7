/*
 * The QEMU-independent core of the G45 device: the register file and the
 * blocks behind it.  The register table's hooks receive a G45 * as `dev`.
 */
#ifndef HWGPU_INTEL_G45_H
#define HWGPU_INTEL_G45_H

#include "hwgpu/regfile.h"
#include "hwgpu/intel/g45-regs.h"
#include "hwgpu/intel/g45-gtt.h"
#include "hwgpu/intel/g45-display.h"

typedef struct G45 {
    HwgpuRegFile regs;
    G45Gtt gtt;
    G45Display disp;
    const HwgpuHost *host;
} G45;

/*
 * Set up the core.  `ptes` is the GTT backing (nentries 32-bit PTEs), owned
 * by the caller.  Returns false when the register table is malformed.
 */
bool g45_init(G45 *g, const HwgpuHost *host, const uint32_t *ptes,
              uint32_t nentries);
void g45_destroy(G45 *g);
void g45_reset(G45 *g);

static inline G45 *g45_of(void *dev)
{
    return dev;
}

#endif
