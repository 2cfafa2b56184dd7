/*
 * The intel-g45 glue fuzz target's generators (see intel-g45-fuzz.h): the
 * seeded PRNG helpers and the commands it puts on rings and in batches.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hwgpu/intel/g45/g45-regs.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-blt.h"
#include "hwgpu/intel/g45/g45-display.h"
#include "intel-g45-fuzz.h"

uint32_t rnd(Fuzz *f)
{
    return g_rand_int(f->rnd);
}

uint32_t below(Fuzz *f, uint32_t n)
{
    return n ? g_rand_int_range(f->rnd, 0, n) : 0;
}

bool chance(Fuzz *f, uint32_t percent)
{
    return below(f, 100) < percent;
}

uint32_t ivalue(Fuzz *f)
{
    static const uint32_t edge[] = {
        0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 0xffff0000, 0x0000ffff,
        0xffffffff, 0xfffff000, 0x1000, 0x1001, 0x20, 0x3f, 0x1fff1fff,
    };

    switch (below(f, 6)) {
    case 0:
        return edge[below(f, ARRAY_SIZE(edge))];
    case 1:
        return below(f, 0x100);
    case 2:
        return 1u << below(f, 32);
    case 3:
        return below(f, GFX_SIZE) & ~3u;    /* a mapped graphics address */
    case 4:
        return 0xffff0000u | rnd(f);        /* masked-write style */
    default:
        return rnd(f);
    }
}

void gfx_wr(Fuzz *f, uint32_t gfx, uint32_t v)
{
    qtest_writel(f->qts, PHYS_BASE + (gfx % GFX_SIZE), v);
}

/* ---- command generation ------------------------------------------------- */

void put(Buf *b, uint32_t v)
{
    if (b->n < ARRAY_SIZE(b->dw)) {
        b->dw[b->n++] = v;
    }
}

uint32_t ireg(Fuzz *f)
{
    static const uint32_t ring_off[] = {
        G45_RING_TAIL, G45_RING_HEAD, G45_RING_START, G45_RING_CTL,
        G45_RING_IPEIR, G45_RING_IPEHR, G45_RING_ACTHD, G45_RING_HWS_PGA,
        G45_RING_NOPID, G45_RING_HWSTAM, G45_RING_MI_MODE, G45_RING_INSTPM,
        G45_RING_BBSTATE, G45_RING_BBADDR, G45_RING_CCID, G45_RING_CXT_SIZE,
    };
    static const uint32_t disp[] = {
        G45_HTOTAL_A, G45_HBLANK_A, G45_HSYNC_A, G45_VTOTAL_A, G45_VBLANK_A,
        G45_VSYNC_A, G45_PIPEASRC, G45_HTOTAL_B + 0x1c, G45_DPLL_A,
        G45_DPLL_B, G45_FPA0, G45_FPB0, G45_ADPA, G45_PORT_HOTPLUG_EN,
        G45_PORT_HOTPLUG_STAT, G45_PIPEA_DSL, G45_PIPEACONF, G45_PIPEASTAT,
        G45_PIPEA_FRMCOUNT, G45_PIPEBCONF, G45_PIPEBCONF + 0x1c,
        G45_CURACNTR, G45_CURABASE, G45_CURAPOS, G45_CURBCNTR, G45_CURBBASE,
        G45_CURBPOS, G45_DSPACNTR, G45_DSPALINOFF, G45_DSPASTRIDE,
        G45_DSPAPOS, G45_DSPASIZE, G45_DSPASURF, G45_DSPATILEOFF,
        G45_DSPASURFLIVE, G45_DSPBCNTR, G45_DSPBCNTR + 8, G45_DSPBCNTR + 0x1c,
        G45_DSPBCNTR + 4, G45_VGACNTRL, G45_PGETBL_CTL,
    };

    switch (below(f, 10)) {
    case 0: case 1: case 2:
        return (chance(f, 70) ? G45_RCS_BASE : G45_BSD_BASE) +
               ring_off[below(f, ARRAY_SIZE(ring_off))];
    case 3:
        return G45_FENCE0 + 4 * below(f, 32);
    case 4:
        return G45_IER + 4 * below(f, 7);
    case 5:
        return G45_GMBUS0 + 4 * below(f, 9);
    case 6: case 7:
        return disp[below(f, ARRAY_SIZE(disp))];
    case 8:
        return (chance(f, 50) ? 0x60000 : 0x70000) + 4 * below(f, 0x2000 / 4)
               + (chance(f, 30) ? 0x1000 : 0);
    default:
        return 4 * below(f, 0x80000 / 4);
    }
}

/* A rectangle: mostly small, sometimes empty or inverted, rarely huge. */
static void rect(Fuzz *f, uint32_t *tl, uint32_t *br)
{
    uint32_t x1, y1, x2, y2;

    if (chance(f, 2)) {
        x1 = y1 = 0;
        x2 = 4096 + below(f, 4097);
        y2 = 4096 + below(f, 4097);
    } else if (chance(f, 5)) {
        *tl = rnd(f);
        *br = rnd(f);
        return;
    } else {
        x1 = below(f, 300);
        y1 = below(f, 300);
        x2 = x1 + below(f, 200) - (chance(f, 5) ? 50 : 0);
        y2 = y1 + below(f, 200);
    }
    *tl = (y1 & 0xffff) << 16 | (x1 & 0xffff);
    *br = (y2 & 0xffff) << 16 | (x2 & 0xffff);
}

/* A graphics address for a blit surface: mapped, unmapped or anything. */
static uint32_t surf_addr(Fuzz *f)
{
    if (chance(f, 80)) {
        return below(f, GFX_SIZE) & ~0xfffu;
    }
    return chance(f, 50) ? rnd(f) : GFX_SIZE + below(f, 0x10000000);
}

static uint32_t br13(Fuzz *f)
{
    uint32_t pitch = chance(f, 80) ? (64 * (1 + below(f, 512))) : rnd(f);

    return (chance(f, 80) ? 3u : below(f, 4)) << 24 |
           (chance(f, 70) ? 0xf0u : 0xccu ^ below(f, 256)) << 16 |
           (chance(f, 10) ? G45_BR13_CLIP_ENABLE : 0) | (pitch & 0xffff);
}

/* A physical address for MI commands that take one. */
static uint32_t phys_addr(Fuzz *f)
{
    switch (below(f, 5)) {
    case 0:
        return (uint32_t)f->bar0 + (ireg(f) & ~3u);   /* our own registers */
    case 1:
        return 0xfee00000u + below(f, 0x1000);          /* the APIC */
    case 2:
        return rnd(f) & ~3u;
    default:
        return PHYS_BASE + (below(f, GFX_SIZE) & ~3u);
    }
}

uint32_t gen_batch(Fuzz *f, int depth)
{
    Buf *b = g_new0(Buf, 1);
    uint32_t gfx = 0x100000 + (below(f, GFX_SIZE - 0x110000) & ~0x3fu);

    if (depth < 2) {
        gen_cmds(f, b, 1 + below(f, 24), gfx, true);
    }
    if (chance(f, 90)) {
        put(b, G45_MI(G45_MI_BATCH_BUFFER_END));
    }
    qtest_memwrite(f->qts, PHYS_BASE + gfx, b->dw, b->n * 4);
    g_free(b);
    return gfx;
}

void gen_cmds(Fuzz *f, Buf *b, int count, uint32_t self_gfx, bool batch)
{
    for (int i = 0; i < count && b->n < ARRAY_SIZE(b->dw) - 64; i++) {
        uint32_t tl, br, n;

        switch (below(f, 24)) {
        case 0:
            put(b, G45_MI(G45_MI_NOOP) | (chance(f, 30) ?
                G45_MI_NOOP_ID_WRITE | below(f, 0x400000) : 0));
            break;
        case 1:
            put(b, G45_MI(G45_MI_USER_INTERRUPT));
            break;
        case 2:
            put(b, G45_MI(G45_MI_FLUSH) | below(f, 64));
            break;
        case 3:
            put(b, G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT |
                (chance(f, 80) ? 2 : 3));
            put(b, 0);
            put(b, chance(f, 80) ? below(f, GFX_SIZE) & ~3u : rnd(f));
            put(b, rnd(f));
            if ((b->dw[b->n - 4] & 0xff) == 3) {
                put(b, rnd(f));
            }
            break;
        case 4:
            put(b, G45_MI(G45_MI_STORE_DATA_IMM) | 2);
            put(b, 0);
            put(b, phys_addr(f));
            put(b, rnd(f));
            break;
        case 5:
            put(b, G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
            put(b, chance(f, 90) ? below(f, 4096) & ~3u : rnd(f));
            put(b, rnd(f));
            break;
        case 6:
            n = 1 + below(f, 4);
            put(b, G45_MI(G45_MI_LOAD_REGISTER_IMM) | (2 * n - 1));
            for (uint32_t k = 0; k < n; k++) {
                put(b, ireg(f));
                put(b, ivalue(f));
            }
            break;
        case 7:
            put(b, G45_MI(G45_MI_STORE_REGISTER_MEM) | G45_MI_USE_GGTT | 1);
            put(b, ireg(f));
            put(b, chance(f, 80) ? below(f, GFX_SIZE) & ~3u : rnd(f));
            break;
        case 8:
            if (chance(f, 20) && self_gfx) {
                /* chains to itself: runs until reset or the hang check */
                put(b, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
                put(b, self_gfx);
            } else if (chance(f, 70)) {
                uint32_t tgt = gen_batch(f, batch ? 1 : 0);

                put(b, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT |
                    (chance(f, 30) ? G45_MI_BB_NON_SECURE : 0));
                put(b, tgt);
            } else {
                put(b, G45_MI(G45_MI_BATCH_BUFFER_START) |
                    (chance(f, 50) ? G45_MI_BB_GTT : 0) | below(f, 0x200));
                put(b, chance(f, 50) ? phys_addr(f) : rnd(f));
            }
            break;
        case 9:
            put(b, G45_MI(G45_MI_BATCH_BUFFER_END));
            break;
        case 10:
            put(b, G45_MI(G45_MI_DISPLAY_FLIP) | below(f, 4) << 20 | 2);
            put(b, 64 * below(f, 256));
            put(b, surf_addr(f));
            put(b, rnd(f));
            break;
        case 11:
            put(b, G45_MI(G45_MI_SET_CONTEXT));
            put(b, surf_addr(f) | below(f, 0x200));
            break;
        case 12:
            if (chance(f, 20)) {
                put(b, G45_MI(G45_MI_WAIT_FOR_EVENT) | below(f, 0x400000));
            } else {
                put(b, G45_MI(chance(f, 50) ? G45_MI_LOAD_SCAN_LINES_INCL :
                              G45_MI_REPORT_HEAD) | below(f, 0x400000));
                put(b, rnd(f));
            }
            break;
        case 13: case 14:
            rect(f, &tl, &br);
            put(b, G45_2D(G45_BLT_XY_COLOR) | 4 |
                (chance(f, 90) ? G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA : 0)
                | (chance(f, 10) ? G45_BLT_DST_TILED : 0));
            put(b, br13(f));
            put(b, tl);
            put(b, br);
            put(b, surf_addr(f));
            put(b, rnd(f));
            break;
        case 15: case 16:
            rect(f, &tl, &br);
            put(b, G45_2D(G45_BLT_XY_SRC_COPY) | 6 |
                (chance(f, 90) ? G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA : 0)
                | (chance(f, 10) ? G45_BLT_DST_TILED : 0)
                | (chance(f, 10) ? G45_BLT_SRC_TILED : 0));
            put(b, br13(f));
            put(b, tl);
            put(b, br);
            put(b, surf_addr(f));
            put(b, chance(f, 80) ? below(f, 200) << 16 | below(f, 200) :
                rnd(f));
            put(b, chance(f, 80) ? 64 * (1 + below(f, 512)) : rnd(f));
            put(b, surf_addr(f));
            break;
        case 17: {
            /* any 2D opcode with a plausible or random length */
            static const uint8_t op[] = {
                G45_BLT_XY_SETUP, G45_BLT_XY_SETUP_CLIP,
                G45_BLT_XY_SETUP_MONO_PAT_SL, G45_BLT_XY_PIXEL,
                G45_BLT_XY_SCANLINES, G45_BLT_XY_TEXT, G45_BLT_XY_TEXT_IMM,
                G45_BLT_COLOR, G45_BLT_SRC_COPY, G45_BLT_XY_PAT,
                G45_BLT_XY_MONO_PAT, G45_BLT_XY_MONO_SRC_COPY,
                G45_BLT_XY_FULL, G45_BLT_XY_FULL_MONO_SRC,
                G45_BLT_XY_FULL_MONO_PAT, G45_BLT_XY_FULL_MONO_PAT_MONO_SRC,
                G45_BLT_XY_MONO_PAT_FIXED, G45_BLT_XY_MONO_SRC_COPY_IMM,
                G45_BLT_XY_PAT_IMM, G45_BLT_XY_SRC_COPY_CHROMA,
                G45_BLT_XY_FULL_IMM_PAT, G45_BLT_XY_FULL_MONO_SRC_IMM_PAT,
                G45_BLT_XY_PAT_CHROMA, G45_BLT_XY_PAT_CHROMA_IMM,
            };
            uint32_t len = chance(f, 70) ? 4 + below(f, 8) : below(f, 64);

            put(b, G45_2D(op[below(f, ARRAY_SIZE(op))]) | (rnd(f) & 0x3ff700)
                | len);
            put(b, br13(f));
            rect(f, &tl, &br);
            put(b, tl);
            put(b, br);
            put(b, surf_addr(f));
            for (uint32_t k = 4; k < len + 2; k++) {
                put(b, chance(f, 50) ? surf_addr(f) : rnd(f));
            }
            break;
        }
        case 18:
            /* GFXPIPE: PIPE_CONTROL, 3DPRIMITIVE, anything */
            n = below(f, 8);
            put(b, (chance(f, 30) ? G45_GFX_PIPE_CONTROL :
                    chance(f, 30) ? G45_GFX_3DPRIMITIVE :
                    (0x6000 | below(f, 0x2000))) << 16 | (rnd(f) & 0xff00) |
                n);
            for (uint32_t k = 0; k < n + 1; k++) {
                put(b, chance(f, 50) ? surf_addr(f) : rnd(f));
            }
            break;
        case 19:
            /* rarely: an MI opcode with a random length field, or a
             * header of any client (the parser stops there) */
            if (chance(f, 25)) {
                put(b, chance(f, 50) ? rnd(f) & 0x1fffffff : rnd(f));
                break;
            }
            /* fall through */
        case 20:
            put(b, G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
            put(b, 4 * below(f, 256));
            put(b, rnd(f));
            break;
        default:
            put(b, G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
            put(b, 4 * below(f, 256));
            put(b, rnd(f));
            break;
        }
    }
}
