/*
 * The G45 device core: register file, GTT and display engine wired together,
 * independent of QEMU.
 */
#include <string.h>

#include "hwgpu/intel/g45.h"

bool g45_init(G45 *g, const HwgpuHost *host, const uint32_t *ptes,
              uint32_t nentries)
{
    memset(g, 0, sizeof(*g));
    g->host = host;
    if (!hwgpu_regfile_init(&g->regs, "intel-g45", g45_reg_table,
                            g45_reg_table_len, G45_MMIO_SIZE, host, g)) {
        return false;
    }
    g45_gtt_init(&g->gtt, ptes, nentries, host);
    g45_display_init(&g->disp, &g->regs, host);
    g45_reset(g);
    return true;
}

void g45_destroy(G45 *g)
{
    hwgpu_regfile_destroy(&g->regs);
}

void g45_reset(G45 *g)
{
    hwgpu_regfile_reset(&g->regs);
    g45_display_reset(&g->disp);
}
