/*
 * The harness of the G45 command-streamer tests (g45-cs-test.h): a GTT
 * over the fake host's RAM, engine callbacks that record what they see,
 * ring emission and engine set-up.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "g45-cs-test.h"

uint8_t ram[RAM_SIZE];
uint32_t ptes[NPTES];
G45Gtt gtt;
FakeHost fh;

uint32_t irq_bits[64], irq_seen_seqno[64];
int nirqs;
uint32_t eir_bits;
int nhangs, nflips;
uint32_t reg_w_off[16], reg_w_val[16];
int nreg_w;
uint32_t hook_hdr[64], hook_len[64];
bool hook_restore[64];
int nhooks, nrestores;
int ninvalidates;

uint32_t gr32(uint32_t a)
{
    uint32_t v;

    g45_gtt_read(&gtt, a, &v, 4);
    return v;
}

void gw32(uint32_t a, uint32_t v)
{
    g45_gtt_write(&gtt, a, &v, 4);
}

static void op_raise(void *o, uint32_t bits)
{
    g_assert_cmpint(nirqs, <, 64);
    irq_bits[nirqs] = bits;
    /* Completion writes must be visible when the interrupt arrives. */
    irq_seen_seqno[nirqs] = gr32(HWS + 0x40 * 4);
    nirqs++;
}

static void op_error(void *o, uint32_t bits)
{
    eir_bits |= bits;
}

static void op_hang(void *o)
{
    nhangs++;
}

static void op_flip(void *o, const uint32_t *dw, uint32_t n)
{
    g_assert_cmpint(n, ==, 4);
    nflips++;
}

static void op_3d(void *o, const uint32_t *dw, uint32_t n, bool restore)
{
    if (!n) {
        g_assert_true(restore);
        g_assert_null(dw);
        nrestores++;            /* a context image's replay begins */
        return;
    }
    if (nhooks < 64) {
        hook_hdr[nhooks] = dw[0];
        hook_len[nhooks] = n;
        hook_restore[nhooks] = restore;
    }
    nhooks++;
}

static uint32_t op_reg_read(void *o, uint32_t off)
{
    return off ^ 0x5a5a0000u;
}

static void op_reg_write(void *o, uint32_t off, uint32_t val)
{
    if (nreg_w < 16) {
        reg_w_off[nreg_w] = off;
        reg_w_val[nreg_w] = val;
    }
    nreg_w++;
}

static void op_icache_invalidate(void *o)
{
    ninvalidates++;
}

static const G45EngineOps ops = {
    .raise = op_raise, .error = op_error, .hang = op_hang,
    .display_flip = op_flip, .on_3d = op_3d,
    .reg_read = op_reg_read, .reg_write = op_reg_write,
    .icache_invalidate = op_icache_invalidate,
};

/* Ring emission */
uint32_t rtail, rsize;

void emit(uint32_t v)
{
    gw32(RING + rtail, v);
    rtail = (rtail + 4) % rsize;
}

void submit(G45Engine *e)
{
    while (rtail & 7) {
        emit(0);                /* TAIL is qword aligned */
    }
    g_assert_true(g45_engine_mmio_write(e, G45_RING_TAIL, rtail));
}

uint32_t rd(G45Engine *e, uint32_t off)
{
    uint32_t v = 0xcccccccc;

    g_assert_true(g45_engine_mmio_read(e, off, &v));
    return v;
}

void setup(G45Engine *e, G45EngineId id, uint32_t pages)
{
    memset(ram, 0, sizeof(ram));
    /* graphics page i -> physical page (i + 256) % 1024: not identity */
    for (uint32_t i = 0; i < NPTES; i++) {
        ptes[i] = ((i + 256) % 1024) * 4096 | G45_PTE_VALID;
    }
    fake_host_init(&fh, ram, RAM_SIZE);
    fake_host_set_clock(&fh, 1000);
    g45_gtt_init(&gtt, ptes, NPTES, &fh.host);
    nirqs = nhangs = nflips = nreg_w = nhooks = nrestores = 0;
    ninvalidates = 0;
    eir_bits = 0;
    g45_engine_init(e, id, &gtt, &fh.host, &ops, NULL);
    rsize = pages * 4096;
    rtail = 0;
    g45_engine_mmio_write(e, G45_RING_HWS_PGA, HWS);
    g45_engine_mmio_write(e, G45_RING_START, RING);
    g45_engine_mmio_write(e, G45_RING_HEAD, 0);
    g45_engine_mmio_write(e, G45_RING_TAIL, 0);
    g45_engine_mmio_write(e, G45_RING_CTL, ((pages - 1) << 12) |
                          G45_CTL_VALID);
}

void emit_sdi_ggtt(uint32_t addr, uint32_t v)
{
    emit(G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2);
    emit(0);
    emit(addr);
    emit(v);
}
