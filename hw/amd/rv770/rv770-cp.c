/*
 * The RV770's command processor; see include/hwgpu/amd/rv770/rv770-cp.h.
 *
 * The ring: CP_RB_BASE << 8 (an MC address), 8 << RB_BUFSZ bytes, read
 * pointer (dwords) kept here and shown in CP_RB_RPTR, write pointer
 * CP_RB_WPTR.  A packet runs once all of it is in the ring (a header
 * promising more than the ring holds waits, as the hardware does, until
 * the driver resets the CP).  After each ring packet the read pointer is
 * written back to CP_RB_RPTR_ADDR_HI:LO unless RB_NO_UPDATE is set.
 * INDIRECT_BUFFER runs a buffer of dwords (two levels); a packet running
 * past the end of its buffer is a guest error and ends the buffer.
 *
 * Type-3 packets are described by rv770_pm4_ops[] (opcode, name, the
 * body lengths allowed, the handler).  A handler returns false when the
 * packet must wait (WAIT_REG_MEM, a semaphore): the CP stalls on it and
 * looks again at each idle tick.  Draw packets are taken into the state
 * and logged as unimplemented until the 3D engine exists.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"


static uint32_t reg(Rv770 *r, uint32_t off)
{
    return hwgpu_reg_get(&r->regs, off);
}

static uint32_t ring_dwords(Rv770 *r)
{
    uint32_t bufsz = RV770_RB_BUFSZ(reg(r, RV770_CP_RB_CNTL));

    return 2u << MIN(bufsz, RV770_CP_RB_BUFSZ_MAX);
}

static uint32_t ring_avail(Rv770 *r)
{
    uint32_t mask = ring_dwords(r) - 1;

    return (reg(r, RV770_CP_RB_WPTR) - r->cp.rptr) & mask;
}

static bool me_running(Rv770 *r)
{
    return !(reg(r, RV770_CP_ME_CNTL) & RV770_CP_ME_HALT);
}

/* IBs are left when they are used up, at the next step, so that the
 * level of an INDIRECT_BUFFER is where the packet was (ring: IB1, IB1:
 * IB2), even as the last packet of its buffer. */
static void leave_ibs(Rv770 *r)
{
    while (r->cp.ib_depth) {
        Rv770CpIb *ib = &r->cp.ib[r->cp.ib_depth - 1];

        if (ib->pos < ib->size) {
            break;
        }
        r->cp.ib_depth--;
    }
}

bool rv770_cp_runnable(Rv770 *r)
{
    bool ib_left = false;

    for (unsigned i = 0; i < r->cp.ib_depth; i++) {
        ib_left |= r->cp.ib[i].pos < r->cp.ib[i].size;
    }
    return me_running(r) && !r->cp.waiting && (ib_left || ring_avail(r));
}

void rv770_cp_retry(Rv770 *r)
{
    r->cp.waiting = false;
}

void rv770_cp_reset(Rv770 *r)
{
    r->cp.rptr = 0;
    r->cp.ib_depth = 0;
    r->cp.waiting = false;
    r->cp.pfp_addr = r->cp.me_waddr = r->cp.me_raddr = 0;
}

/* Dwords left in the current source (the ring or the innermost IB). */
static uint32_t src_avail(Rv770 *r)
{
    if (r->cp.ib_depth) {
        Rv770CpIb *ib = &r->cp.ib[r->cp.ib_depth - 1];

        return ib->size - ib->pos;
    }
    return ring_avail(r);
}

/* Read n dwords of the current source from its position on. */
static void src_read(Rv770 *r, uint32_t *buf, uint32_t n)
{
    if (r->cp.ib_depth) {
        Rv770CpIb *ib = &r->cp.ib[r->cp.ib_depth - 1];

        rv770_mc_read(r, ib->base + (uint64_t)ib->pos * 4, buf, n * 4ull);
        return;
    }
    rv770_mc_read_ring(r, (uint64_t)reg(r, RV770_CP_RB_BASE) << 8,
                       ring_dwords(r) * 4, r->cp.rptr * 4, buf, n * 4);
}

static void rptr_writeback(Rv770 *r)
{
    uint32_t cntl = reg(r, RV770_CP_RB_CNTL);
    uint64_t addr = ((uint64_t)(reg(r, RV770_CP_RB_RPTR_ADDR_HI) & 0xff)
                     << 32) | (reg(r, RV770_CP_RB_RPTR_ADDR) & ~3u);

    if (!(cntl & RV770_RB_NO_UPDATE)) {
        rv770_mc_write(r, addr, &r->cp.rptr, 4);
    }
}

static void consume(Rv770 *r, uint32_t n)
{
    if (r->cp.ib_depth) {
        Rv770CpIb *ib = &r->cp.ib[r->cp.ib_depth - 1];

        ib->pos += n;
        return;
    }
    r->cp.rptr = (r->cp.rptr + n) & (ring_dwords(r) - 1);
    rptr_writeback(r);
}

/* A register write from the CP (type-0 and SET_CONFIG_REG): the scratch
 * registers are also written back to memory when SCRATCH_UMSK says so. */
static void cp_reg_write(Rv770 *r, uint32_t off, uint32_t val)
{
    hwgpu_reg_write(&r->regs, off, val);
    if (off >= RV770_SCRATCH_REG0 && off < RV770_SCRATCH_REG0 + 32) {
        unsigned n = (off - RV770_SCRATCH_REG0) / 4;

        if (reg(r, RV770_SCRATCH_UMSK) & (1u << n)) {
            rv770_mc_write(r, ((uint64_t)reg(r, RV770_SCRATCH_ADDR) << 8) +
                           n * 4, &val, 4);
        }
    }
}

static void raise_cp_irq(Rv770 *r, uint32_t src, uint32_t enable)
{
    if (reg(r, RV770_CP_INT_CNTL) & enable) {
        rv770_ih_post(r, src, 0);
    }
}

/* ---- type-3 packets ----------------------------------------------------- */

typedef struct Rv770Pm4Op {
    uint8_t opcode;
    const char *name;
    uint16_t min_body, max_body;    /* dwords after the header */
    uint32_t window, window_end;    /* SET_*: the byte range written */
    bool (*exec)(Rv770 *r, const struct Rv770Pm4Op *op, const uint32_t *b,
                 uint32_t n);
} Rv770Pm4Op;

static bool op_nop(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                   uint32_t n)
{
    return true;
}

static bool op_set_config(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                          uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint64_t off = op->window + (uint64_t)(b[0] + i - 1) * 4;

        if (off >= op->window_end) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: SET_CONFIG_REG past "
                              "the config registers (0x%llx)",
                              (unsigned long long)off);
            break;
        }
        cp_reg_write(r, (uint32_t)off, b[i]);
    }
    return true;
}

static bool op_set_state(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                         uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint64_t off = op->window + (uint64_t)(b[0] + i - 1) * 4;

        if (off >= op->window_end) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: %s past its window "
                              "(0x%llx, the window ends at 0x%x)", op->name,
                              (unsigned long long)off, op->window_end);
            break;
        }
        r->cp.state[(off - RV770_STATE_START) / 4] = b[i];
    }
    return true;
}

static uint64_t addr40(uint32_t lo, uint32_t hi, uint32_t align)
{
    return ((uint64_t)(hi & 0xff) << 32) | (lo & ~(align - 1));
}

static bool op_indirect_buffer(Rv770 *r, const Rv770Pm4Op *op,
                               const uint32_t *b, uint32_t n)
{
    uint32_t size = b[2] & 0xfffff;
    Rv770CpIb *ib;

    if (r->cp.ib_depth >= RV770_CP_IB_DEPTH) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: INDIRECT_BUFFER nested "
                          "past IB%u: skipped", RV770_CP_IB_DEPTH);
        return true;
    }
    if (!size) {
        return true;
    }
    /* the packet itself is consumed first (step): the IB returns past it */
    ib = &r->cp.next_ib;
    ib->base = addr40(b[0], b[1], 4);
    ib->size = size;
    ib->pos = 0;
    r->cp.pending_ib = true;
    r->cp.stats.ibs++;
    return true;
}

static bool op_mem_write(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                         uint32_t n)
{
    bool data32 = b[1] & (1u << 18);

    if (b[1] & (1u << 16)) {        /* CNTR_SEL: the 64-bit GPU clock */
        uint64_t clk = r->host->clock_ns ? r->host->clock_ns(r->host->opaque)
                                         : 0;

        rv770_mc_write(r, addr40(b[0], b[1], 8), &clk, 8);
        return true;
    }
    rv770_mc_write(r, addr40(b[0], b[1], data32 ? 4 : 8), &b[2],
                   data32 ? 4 : 8);
    return true;
}

static bool op_event_write(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                           uint32_t n)
{
    if (n == 3) {
        HWGPU_UNIMP(r->host, "radeon-rv770: EVENT_WRITE 0x%x with an "
                    "address (sample counters) is not modelled", b[0] & 0x3f);
    }
    return true;
}

static bool op_event_write_eop(Rv770 *r, const Rv770Pm4Op *op,
                               const uint32_t *b, uint32_t n)
{
    uint32_t data_sel = b[2] >> 29, int_sel = (b[2] >> 24) & 3;

    switch (data_sel) {
    case 0:
        break;
    case 1:
        rv770_mc_write(r, addr40(b[1], b[2], 4), &b[3], 4);
        break;
    case 2:
        rv770_mc_write(r, addr40(b[1], b[2], 8), &b[3], 8);
        break;
    case 3: {
        uint64_t clk = r->host->clock_ns ? r->host->clock_ns(r->host->opaque)
                                         : 0;

        rv770_mc_write(r, addr40(b[1], b[2], 8), &clk, 8);
        break;
    }
    default:
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: EVENT_WRITE_EOP DATA_SEL "
                          "%u is reserved", data_sel);
        break;
    }
    r->cp.stats.eops++;
    if (int_sel == 1 || int_sel == 2) {
        raise_cp_irq(r, RV770_IH_SRC_CP_EOP,
                     RV770_RB_INT_ENABLE | RV770_TIME_STAMP_INT_ENABLE);
    } else if (int_sel) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: EVENT_WRITE_EOP INT_SEL 3 "
                          "is reserved");
    }
    return true;
}

/* WAIT_REG_MEM's and COND_WRITE's compare. */
static bool compare(uint32_t func, uint32_t v, uint32_t ref)
{
    switch (func & 7) {
    case 0: return true;
    case 1: return v < ref;
    case 2: return v <= ref;
    case 3: return v == ref;
    case 4: return v != ref;
    case 5: return v >= ref;
    case 6: return v > ref;
    default: return false;          /* reserved: never met */
    }
}

static uint32_t poll_value(Rv770 *r, uint32_t ctl, uint32_t lo, uint32_t hi)
{
    uint32_t v = 0;

    if (ctl & (1u << 4)) {
        rv770_mc_read(r, addr40(lo, hi, 4), &v, 4);
    } else {
        v = hwgpu_reg_read(&r->regs, (lo & 0xffff) << 2);
    }
    return v;
}

static bool op_wait_reg_mem(Rv770 *r, const Rv770Pm4Op *op,
                            const uint32_t *b, uint32_t n)
{
    uint32_t v = poll_value(r, b[0], b[1], b[2]);

    if ((b[0] & 7) == 7) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: WAIT_REG_MEM function 7 "
                          "is reserved: the CP waits for ever");
    }
    return compare(b[0], v & b[4], b[3]);
}

static bool op_cond_write(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                          uint32_t n)
{
    uint32_t v = poll_value(r, b[0], b[1], b[2]);

    if (!compare(b[0], v & b[4], b[3])) {
        return true;
    }
    if (b[0] & (1u << 8)) {
        rv770_mc_write(r, addr40(b[5], b[6], 4), &b[7], 4);
    } else {
        cp_reg_write(r, (b[5] & 0xffff) << 2, b[7]);
    }
    return true;
}

static bool op_mem_semaphore(Rv770 *r, const Rv770Pm4Op *op,
                             const uint32_t *b, uint32_t n)
{
    uint64_t addr = addr40(b[0], b[1], 8), v = 0;
    uint32_t sel = b[1] >> 29;

    if (sel == 6) {                 /* signal */
        v = 1;
        rv770_mc_write(r, addr, &v, 8);
        return true;
    }
    if (sel != 7) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: MEM_SEMAPHORE select %u is "
                          "neither signal nor wait", sel);
        return true;
    }
    rv770_mc_read(r, addr, &v, 8);
    if (!v) {
        return false;               /* wait for the signal */
    }
    v = 0;
    rv770_mc_write(r, addr, &v, 8);
    return true;
}

static bool op_surface_sync(Rv770 *r, const Rv770Pm4Op *op,
                            const uint32_t *b, uint32_t n)
{
    /* every write is already in memory: nothing to flush or wait for */
    hwgpu_reg_set(&r->regs, RV770_CP_COHER_CNTL, b[0]);
    hwgpu_reg_set(&r->regs, RV770_CP_COHER_SIZE, b[1]);
    hwgpu_reg_set(&r->regs, RV770_CP_COHER_BASE, b[2]);
    return true;
}

static bool op_cp_dma(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                      uint32_t n)
{
    uint64_t src = addr40(b[0], b[1], 1), dst = addr40(b[2], b[3], 1);
    uint32_t len = b[4] & 0x1fffff;
    uint8_t buf[4096];

    if (len > RV770_CP_DMA_MAX) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: CP_DMA of %u bytes, past "
                          "its %u: clipped", len, RV770_CP_DMA_MAX);
        len = RV770_CP_DMA_MAX;
    }
    while (len) {
        uint32_t c = MIN(len, (uint32_t)sizeof(buf));

        rv770_mc_read(r, src, buf, c);
        rv770_mc_write(r, dst, buf, c);
        src += c;
        dst += c;
        len -= c;
    }
    return true;
}

static bool op_cp_interrupt(Rv770 *r, const Rv770Pm4Op *op,
                            const uint32_t *b, uint32_t n)
{
    if (b[0] & RV770_RB_INT_STAT) {
        raise_cp_irq(r, RV770_IH_SRC_CP_RB, RV770_RB_INT_ENABLE);
    }
    return true;
}

static bool op_draw(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                    uint32_t n)
{
    HWGPU_UNIMP(r->host, "radeon-rv770: %s: the 3D engine is not there yet; "
                "nothing is drawn", op->name);
    return true;
}

static bool op_unimp(Rv770 *r, const Rv770Pm4Op *op, const uint32_t *b,
                     uint32_t n)
{
    HWGPU_UNIMP(r->host, "radeon-rv770: PM4 %s is not modelled: skipped",
                op->name);
    return true;
}

#define STATE(op, nm, start, end) \
    { op, nm, 1, RV770_PM4_MAX_BODY, start, end, op_set_state }

/* seed-004.md §2.1.2 and §2.1.3: every opcode Linux and Mesa r600 send. */
static const Rv770Pm4Op rv770_pm4_ops[] = {
    { 0x10, "NOP", 1, RV770_PM4_MAX_BODY, 0, 0, op_nop },
    { 0x20, "SET_PREDICATION", 2, 2, 0, 0, op_unimp },
    { 0x28, "CONTEXT_CONTROL", 2, 2, 0, 0, op_nop },
    { 0x2a, "INDEX_TYPE", 1, 1, 0, 0, op_nop },
    { 0x2b, "DRAW_INDEX", 4, 4, 0, 0, op_draw },
    { 0x2d, "DRAW_INDEX_AUTO", 2, 2, 0, 0, op_draw },
    { 0x2e, "DRAW_INDEX_IMMD", 2, RV770_PM4_MAX_BODY, 0, 0, op_draw },
    { 0x2f, "NUM_INSTANCES", 1, 1, 0, 0, op_nop },
    { 0x32, "INDIRECT_BUFFER", 3, 3, 0, 0, op_indirect_buffer },
    { 0x34, "STRMOUT_BUFFER_UPDATE", 4, 4, 0, 0, op_unimp },
    { 0x39, "MEM_SEMAPHORE", 2, 2, 0, 0, op_mem_semaphore },
    { 0x3c, "WAIT_REG_MEM", 6, 6, 0, 0, op_wait_reg_mem },
    { 0x3d, "MEM_WRITE", 4, 4, 0, 0, op_mem_write },
    { 0x40, "CP_INTERRUPT", 1, 1, 0, 0, op_cp_interrupt },
    { 0x41, "CP_DMA", 5, 5, 0, 0, op_cp_dma },
    { 0x42, "PFP_SYNC_ME", 1, 1, 0, 0, op_nop },
    { 0x43, "SURFACE_SYNC", 4, 4, 0, 0, op_surface_sync },
    { 0x44, "ME_INITIALIZE", 6, 6, 0, 0, op_nop },
    { 0x45, "COND_WRITE", 8, 8, 0, 0, op_cond_write },
    { 0x46, "EVENT_WRITE", 1, 3, 0, 0, op_event_write },
    { 0x47, "EVENT_WRITE_EOP", 5, 5, 0, 0, op_event_write_eop },
    { 0x68, "SET_CONFIG_REG", 1, RV770_PM4_MAX_BODY, RV770_CONFIG_REG_START,
      RV770_CONFIG_REG_END, op_set_config },
    STATE(0x69, "SET_CONTEXT_REG", 0x28000, 0x29000),
    STATE(0x6a, "SET_ALU_CONST", 0x30000, 0x32000),
    STATE(0x6b, "SET_BOOL_CONST", 0x3e380, 0x40000),
    STATE(0x6c, "SET_LOOP_CONST", 0x3e200, 0x3e380),
    STATE(0x6d, "SET_RESOURCE", 0x38000, 0x3c000),
    STATE(0x6e, "SET_SAMPLER", 0x3c000, 0x3cff0),
    STATE(0x6f, "SET_CTL_CONST", 0x3cff0, 0x3e200),
};

static const Rv770Pm4Op *pm4_op(uint8_t opcode)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(rv770_pm4_ops); i++) {
        if (rv770_pm4_ops[i].opcode == opcode) {
            return &rv770_pm4_ops[i];
        }
    }
    return NULL;
}

/* One packet of the current source: false when it must wait. */
static bool step(Rv770 *r)
{
    uint32_t hdr, n, avail;
    bool in_ib;
    const Rv770Pm4Op *op;

    leave_ibs(r);
    avail = src_avail(r);
    in_ib = r->cp.ib_depth != 0;
    if (!avail) {
        return true;
    }

    src_read(r, &hdr, 1);
    switch (hdr >> 30) {
    case 2:                                 /* filler */
        consume(r, 1);
        return true;
    case 1:
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: PM4 type-1 packet 0x%08x "
                          "(R6xx has none): skipped", hdr);
        consume(r, 1);
        return true;
    }
    n = ((hdr >> 16) & 0x3fff) + 1;         /* body dwords */
    if (n + 1 > avail) {
        if (in_ib) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: PM4 packet 0x%08x of "
                              "%u dwords runs past its IB (%u left): the IB "
                              "ends", hdr, n + 1, avail);
            consume(r, avail);
            return true;
        }
        if (n + 1 >= ring_dwords(r)) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: PM4 packet 0x%08x of "
                              "%u dwords cannot fit the %u-dword ring: the CP "
                              "waits", hdr, n + 1, ring_dwords(r));
        }
        return false;                       /* the rest is not written yet */
    }
    src_read(r, r->cp.pkt, n + 1);
    if ((hdr >> 30) == 0) {                 /* type 0: consecutive registers */
        uint32_t base = (hdr & 0xffff) << 2;

        for (uint32_t i = 0; i < n; i++) {
            if (base + i * 4 >= RV770_REG_SPACE) {
                HWGPU_GUEST_ERROR(r->host, "radeon-rv770: PM4 type-0 write "
                                  "past the registers (0x%x)", base + i * 4);
                break;
            }
            cp_reg_write(r, base + i * 4, r->cp.pkt[1 + i]);
        }
        consume(r, n + 1);
        r->cp.stats.packets++;
        return true;
    }
    op = pm4_op((hdr >> 8) & 0xff);
    if (!op) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: unknown PM4 opcode 0x%02x "
                          "(header 0x%08x): skipped", (hdr >> 8) & 0xff, hdr);
    } else if (n < op->min_body || n > op->max_body) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: PM4 %s with %u body dwords "
                          "(%u..%u allowed): skipped", op->name, n,
                          op->min_body, op->max_body);
    } else {
        r->cp.pending_ib = false;
        if (!op->exec(r, op, r->cp.pkt + 1, n)) {
            return false;                   /* retried at the idle tick */
        }
        consume(r, n + 1);
        if (r->cp.pending_ib) {             /* runs from the next step */
            r->cp.ib[r->cp.ib_depth++] = r->cp.next_ib;
            r->cp.pending_ib = false;
        }
        r->cp.stats.packets++;
        r->cp.stats.dwords += n + 1;
        return true;
    }
    consume(r, n + 1);
    return true;
}

uint32_t rv770_cp_run(Rv770 *r, uint32_t budget)
{
    return rv770_run_engine(r, budget, rv770_cp_runnable, step,
                            &r->cp.waiting);
}

/* ---- registers ----------------------------------------------------------- */

uint32_t rv770_cp_reg_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                           uint32_t stored)
{
    Rv770 *r = dev;
    uint32_t v;

    switch (offset) {
    case RV770_CP_RB_RPTR:
        return r->cp.rptr;
    case RV770_GRBM_STATUS:
        return rv770_cp_runnable(r) || r->cp.waiting ?
               RV770_GRBM_GUI_ACTIVE | RV770_GRBM_CP_BUSY : 0;
    case RV770_CP_PFP_UCODE_DATA:
        v = r->cp.pfp_ucode[r->cp.pfp_addr];
        r->cp.pfp_addr = (r->cp.pfp_addr + 1) % RV770_PFP_UCODE_DWORDS;
        return v;
    case RV770_CP_ME_RAM_DATA:
        v = r->cp.me_ucode[r->cp.me_raddr];
        r->cp.me_raddr = (r->cp.me_raddr + 1) % RV770_ME_UCODE_DWORDS;
        return v;
    }
    return stored;
}

void rv770_cp_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                        uint32_t old, uint32_t val)
{
    Rv770 *r = dev;

    switch (offset) {
    case RV770_CP_RB_CNTL:
        if (RV770_RB_BUFSZ(val) > RV770_CP_RB_BUFSZ_MAX) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: CP_RB_CNTL RB_BUFSZ %u "
                              "is past the largest ring (%u): clamped",
                              RV770_RB_BUFSZ(val), RV770_CP_RB_BUFSZ_MAX);
        }
        r->cp.rptr &= ring_dwords(r) - 1;       /* a smaller ring */
        break;
    case RV770_CP_RB_RPTR_WR:
        if (hwgpu_reg_get(rf, RV770_CP_RB_CNTL) & RV770_RB_RPTR_WR_ENA) {
            r->cp.rptr = val & (ring_dwords(r) - 1);
        }
        break;
    case RV770_GRBM_SOFT_RESET:
        if (val & RV770_SOFT_RESET_CP) {
            rv770_cp_reset(r);
        }
        break;
    case RV770_CP_INT_STATUS:
        /* radeon's fence without writeback: PACKET0(CP_INT_STATUS) */
        if (val & RV770_RB_INT_STAT) {
            raise_cp_irq(r, RV770_IH_SRC_CP_RB, RV770_RB_INT_ENABLE);
        }
        hwgpu_reg_set(rf, offset, 0);
        return;
    case RV770_CP_PFP_UCODE_ADDR:
        r->cp.pfp_addr = val % RV770_PFP_UCODE_DWORDS;
        break;
    case RV770_CP_PFP_UCODE_DATA:
        r->cp.pfp_ucode[r->cp.pfp_addr] = val;
        r->cp.pfp_addr = (r->cp.pfp_addr + 1) % RV770_PFP_UCODE_DWORDS;
        break;
    case RV770_CP_ME_RAM_WADDR:
        r->cp.me_waddr = val % RV770_ME_UCODE_DWORDS;
        break;
    case RV770_CP_ME_RAM_RADDR:
        r->cp.me_raddr = val % RV770_ME_UCODE_DWORDS;
        break;
    case RV770_CP_ME_RAM_DATA:
        r->cp.me_ucode[r->cp.me_waddr] = val;
        r->cp.me_waddr = (r->cp.me_waddr + 1) % RV770_ME_UCODE_DWORDS;
        break;
    }
    /* CP_RB_WPTR, CP_ME_CNTL and the rest: there may be work now */
    r->cp.waiting = false;
    hwgpu_worker_kick(&r->worker);
}
