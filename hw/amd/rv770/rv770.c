/*
 * The RV770 core; see include/hwgpu/amd/rv770/rv770.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"

bool rv770_init(Rv770 *r, const HwgpuHost *host, uint64_t vram_size)
{
    memset(r, 0, sizeof(*r));
    r->host = host;
    r->vram_size = vram_size;
    return hwgpu_regfile_init(&r->regs, "radeon-rv770", rv770_reg_table,
                              rv770_reg_table_len, RV770_REG_SPACE, host, r);
}

void rv770_destroy(Rv770 *r)
{
    hwgpu_regfile_destroy(&r->regs);
}

void rv770_reset(Rv770 *r)
{
    hwgpu_regfile_reset(&r->regs);
}

uint32_t rv770_mmio_read(Rv770 *r, uint32_t offset)
{
    return hwgpu_reg_read(&r->regs, offset & ~3u);
}

void rv770_mmio_write(Rv770 *r, uint32_t offset, uint32_t val)
{
    hwgpu_reg_write(&r->regs, offset & ~3u, val);
}
