/*
 * Table-driven MMIO register file; see include/hwgpu/common/regfile.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "hwgpu/common/regfile.h"

bool hwgpu_regfile_init(HwgpuRegFile *rf, const char *dev_name,
                        const HwgpuRegDesc *descs, uint32_t ndescs,
                        uint32_t size, const HwgpuHost *host, void *dev)
{
    uint32_t ndw = size / 4;

    memset(rf, 0, sizeof(*rf));
    rf->descs = descs;
    rf->ndescs = ndescs;
    rf->size = size & ~3u;
    rf->ndwords = rf->size / 4;
    rf->host = host;
    rf->dev = dev;
    rf->dev_name = dev_name;
    rf->index = calloc(ndw, sizeof(*rf->index));
    rf->values = calloc(ndw, sizeof(*rf->values));
    rf->unimp_logged = calloc(ndw, 1);
    if (!rf->index || !rf->values || !rf->unimp_logged) {
        hwgpu_regfile_destroy(rf);
        return false;
    }
    for (uint32_t i = 0; i < ndescs; i++) {
        uint32_t n = descs[i].count ? descs[i].count : 1;

        for (uint32_t k = 0; k < n; k++) {
            uint32_t off = descs[i].offset + 4 * k;
            if ((off & 3) || off >= rf->size || rf->index[off / 4]) {
                hwgpu_regfile_destroy(rf);
                return false;
            }
            rf->index[off / 4] = i + 1;
        }
    }
    hwgpu_regfile_reset(rf);
    return true;
}

void hwgpu_regfile_destroy(HwgpuRegFile *rf)
{
    free(rf->index);
    free(rf->values);
    free(rf->unimp_logged);
    rf->index = NULL;
    rf->values = NULL;
    rf->unimp_logged = NULL;
}

void hwgpu_regfile_reset(HwgpuRegFile *rf)
{
    memset(rf->values, 0, rf->size);
    for (uint32_t i = 0; i < rf->ndescs; i++) {
        uint32_t n = rf->descs[i].count ? rf->descs[i].count : 1;

        for (uint32_t k = 0; k < n; k++) {
            rf->values[rf->descs[i].offset / 4 + k] = rf->descs[i].reset;
        }
    }
}

const HwgpuRegDesc *hwgpu_reg_desc(const HwgpuRegFile *rf, uint32_t offset)
{
    uint32_t idx;

    if (offset >= rf->size) {
        return NULL;
    }
    idx = rf->index[offset / 4];
    return idx ? &rf->descs[idx - 1] : NULL;
}

static void log_unknown(HwgpuRegFile *rf, uint32_t offset, bool write,
                        uint32_t val)
{
    uint32_t dw = offset / 4;

    if (offset >= rf->size || rf->unimp_logged[dw]) {
        return;
    }
    rf->unimp_logged[dw] = 1;
    if (write) {
        hwgpu_log(rf->host, HWGPU_LOG_UNIMP,
                  "%s: write 0x%08x to unimplemented register 0x%05x "
                  "(ignored; logged once)", rf->dev_name, val, offset);
    } else {
        hwgpu_log(rf->host, HWGPU_LOG_UNIMP,
                  "%s: read of unimplemented register 0x%05x "
                  "(reads 0; logged once)", rf->dev_name, offset);
    }
}

uint32_t hwgpu_reg_read(HwgpuRegFile *rf, uint32_t offset)
{
    const HwgpuRegDesc *d;

    offset &= ~3u;
    d = hwgpu_reg_desc(rf, offset);
    if (!d) {
        log_unknown(rf, offset, false, 0);
        return 0;
    }
    if (d->read) {
        return d->read(rf->dev, rf, offset, rf->values[offset / 4]);
    }
    return rf->values[offset / 4];
}

void hwgpu_reg_write(HwgpuRegFile *rf, uint32_t offset, uint32_t val)
{
    const HwgpuRegDesc *d;
    uint32_t old, wmask, nv;

    offset &= ~3u;
    d = hwgpu_reg_desc(rf, offset);
    if (!d) {
        log_unknown(rf, offset, true, val);
        return;
    }
    old = rf->values[offset / 4];
    wmask = d->wmask;
    if (d->flags & HWGPU_REG_MASKED) {
        wmask &= (val >> 16) & 0xffff;
    }
    nv = (old & ~wmask) | (val & wmask);
    nv &= ~(val & d->w1c);
    rf->values[offset / 4] = nv;
    if (d->write) {
        d->write(rf->dev, rf, offset, old, nv);
    }
}

uint32_t hwgpu_reg_get(const HwgpuRegFile *rf, uint32_t offset)
{
    return offset < rf->size ? rf->values[offset / 4] : 0;
}

void hwgpu_reg_set(HwgpuRegFile *rf, uint32_t offset, uint32_t val)
{
    if (offset < rf->size) {
        rf->values[offset / 4] = val;
    }
}
