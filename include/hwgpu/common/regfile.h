/*
 * A table-driven MMIO register file.
 *
 * Each register is described by data: offset, name, reset value, the mask of
 * bits the guest may write, the mask of write-1-to-clear bits, and optional
 * hooks for registers whose read value or write has side effects.  Offsets
 * not in the table read as zero, ignore writes, and are logged once each as
 * unimplemented.  All accesses are 32-bit and dword-aligned; the glue splits
 * or merges other sizes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_REGFILE_H
#define HWGPU_REGFILE_H

#include <stdint.h>

#include "hwgpu/common/host.h"

typedef struct HwgpuRegFile HwgpuRegFile;

/* Returns the value the guest reads; `stored` is the register's storage. */
typedef uint32_t (*HwgpuRegReadFn)(void *dev, HwgpuRegFile *rf,
                                   uint32_t offset, uint32_t stored);
/* Called after the new value has been stored; `old` is the previous value. */
typedef void (*HwgpuRegWriteFn)(void *dev, HwgpuRegFile *rf, uint32_t offset,
                                uint32_t old, uint32_t val);

enum {
    /* Bits 31:16 of a write select which of bits 15:0 change. */
    HWGPU_REG_MASKED = 1 << 0,
};

typedef struct HwgpuRegDesc {
    uint32_t offset;
    const char *name;
    uint32_t reset;
    uint32_t wmask;         /* bits the guest can change */
    uint32_t w1c;           /* bits cleared by writing 1 */
    uint32_t flags;
    uint32_t count;         /* consecutive dwords described (0 means 1) */
    HwgpuRegReadFn read;
    HwgpuRegWriteFn write;
} HwgpuRegDesc;

struct HwgpuRegFile {
    const HwgpuRegDesc *descs;
    uint32_t ndescs;
    uint32_t size;          /* bytes of register space */
    uint32_t ndwords;       /* size / 4: the length of values[] */
    uint32_t *index;        /* per dword: descriptor index + 1, 0 = none */
    uint32_t *values;       /* per dword storage */
    uint8_t *unimp_logged;  /* per dword: unknown offset already logged */
    const HwgpuHost *host;
    void *dev;              /* passed to hooks */
    const char *dev_name;   /* prefix of log messages */
};

/*
 * Build the file for `size` bytes from `ndescs` descriptors.  Returns false
 * (and logs nothing) when the table is malformed: offset out of range or
 * unaligned, or listed twice.  That is a programming error in the table.
 */
bool hwgpu_regfile_init(HwgpuRegFile *rf, const char *dev_name,
                        const HwgpuRegDesc *descs, uint32_t ndescs,
                        uint32_t size, const HwgpuHost *host, void *dev);
void hwgpu_regfile_destroy(HwgpuRegFile *rf);
void hwgpu_regfile_reset(HwgpuRegFile *rf);

uint32_t hwgpu_reg_read(HwgpuRegFile *rf, uint32_t offset);
void hwgpu_reg_write(HwgpuRegFile *rf, uint32_t offset, uint32_t val);

/* Direct storage access for the device model itself (no hooks, no masks). */
uint32_t hwgpu_reg_get(const HwgpuRegFile *rf, uint32_t offset);
void hwgpu_reg_set(HwgpuRegFile *rf, uint32_t offset, uint32_t val);

const HwgpuRegDesc *hwgpu_reg_desc(const HwgpuRegFile *rf, uint32_t offset);

#endif
