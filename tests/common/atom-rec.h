/*
 * A recording register file for ATOM interpreter tests and fuzz targets:
 * every register, PLL and MC access the bytecode makes is stored and
 * logged.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_COMMON_ATOM_REC_H
#define TESTS_COMMON_ATOM_REC_H

#include <stdint.h>
#include <string.h>

#include "hwgpu/amd/common/atom.h"

#define REC_REGS    (0x40000 / 4)       /* the 256 KiB register space */
#define REC_LOG     256

typedef struct RecAccess {
    char kind;                          /* 'r' 'w' register, 'p' PLL, 'm' MC */
    uint32_t index;
    uint32_t val;
} RecAccess;

typedef struct Rec {
    uint32_t regs[REC_REGS];
    uint32_t pll[256];
    uint32_t mc[256];
    RecAccess log[REC_LOG];
    unsigned n, writes;
    uint64_t delay_us;
} Rec;

static inline void rec_log(Rec *r, char kind, uint32_t index, uint32_t val)
{
    if (r->n < REC_LOG) {
        r->log[r->n] = (RecAccess){ kind, index, val };
    }
    r->n++;
}

static inline uint32_t rec_reg_read(void *o, uint32_t i)
{
    Rec *r = o;
    uint32_t v = i < REC_REGS ? r->regs[i] : 0;

    rec_log(r, 'r', i, v);
    return v;
}

static inline void rec_reg_write(void *o, uint32_t i, uint32_t v)
{
    Rec *r = o;

    if (i < REC_REGS) {
        r->regs[i] = v;
    }
    r->writes++;
    rec_log(r, 'w', i, v);
}

static inline uint32_t rec_pll_read(void *o, uint32_t i)
{
    return ((Rec *)o)->pll[i & 255];
}

static inline void rec_pll_write(void *o, uint32_t i, uint32_t v)
{
    ((Rec *)o)->pll[i & 255] = v;
    rec_log(o, 'p', i, v);
}

static inline uint32_t rec_mc_read(void *o, uint32_t i)
{
    return ((Rec *)o)->mc[i & 255];
}

static inline void rec_mc_write(void *o, uint32_t i, uint32_t v)
{
    ((Rec *)o)->mc[i & 255] = v;
    rec_log(o, 'm', i, v);
}

static inline void rec_delay(void *o, uint32_t us)
{
    ((Rec *)o)->delay_us += us;
}

static const HwgpuAtomOps rec_ops = {
    .reg_read = rec_reg_read, .reg_write = rec_reg_write,
    .pll_read = rec_pll_read, .pll_write = rec_pll_write,
    .mc_read = rec_mc_read, .mc_write = rec_mc_write,
    .delay_us = rec_delay,
};

/* The register at MMIO byte offset @off. */
static inline uint32_t rec_reg(const Rec *r, uint32_t off)
{
    return r->regs[off / 4];
}

static inline void rec_clear_log(Rec *r)
{
    r->n = 0;
    r->writes = 0;
}

/* Parameter space fields by byte offset, little-endian as the ROM sees
 * them. */
static inline void ps_put(uint32_t *ps, unsigned byte, unsigned bytes,
                          uint32_t v)
{
    for (unsigned i = 0; i < bytes; i++, byte++) {
        ps[byte / 4] &= ~(0xFFu << (byte % 4 * 8));
        ps[byte / 4] |= (v >> (i * 8) & 0xFF) << (byte % 4 * 8);
    }
}

#endif
