/*
 * The harness of the G45 blitter tests (g45-blt-test.h): graphics memory
 * on the fake host behind a scrambled GTT, snapshots and byte-exact
 * comparison, and the independent software model every blit is checked
 * against.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "g45-blt-test.h"

uint8_t ram[RAM_SIZE];
uint32_t ptes[NPTES];
G45Gtt gtt;
G45Blt blt;
uint8_t snap[REGION_SIZE], want[REGION_SIZE], got[REGION_SIZE];
GRand *rnd;
FakeHost fh;

void setup(void)
{
    /* A scrambled mapping so that rows cross discontiguous pages. */
    for (uint32_t i = 0; i < NPTES; i++) {
        ptes[i] = ((i * 7 + 3) % NPTES) * 4096 | G45_PTE_VALID;
    }
    fake_host_init(&fh, ram, RAM_SIZE);
    g45_gtt_init(&gtt, ptes, NPTES, &fh.host);
    g45_blt_init(&blt, &gtt, &fh.host);
    for (uint32_t i = 0; i < RAM_SIZE; i++) {
        ram[i] = g_rand_int(rnd);
    }
}

void snapshot(void)
{
    g_assert_true(g45_gtt_read(&gtt, REGION, snap, REGION_SIZE));
    memcpy(want, snap, REGION_SIZE);
}

void compare(void)
{
    g_assert_true(g45_gtt_read(&gtt, REGION, got, REGION_SIZE));
    for (uint32_t i = 0; i < REGION_SIZE; i++) {
        if (got[i] != want[i]) {
            g_error("byte at graphics 0x%x: got %02x want %02x (was %02x)",
                    REGION + i, got[i], want[i], snap[i]);
        }
    }
}

/* ---- the reference model ------------------------------------------------ */

static uint32_t ref_addr(const RefSurf *s, int x, int y)
{
    uint32_t bx = x * s->cpp;

    if (!s->tiled) {
        return s->base + y * s->pitch + bx;
    }
    return s->base + (((y >> 3) * (s->pitch >> 9) + (bx >> 9)) << 12) +
           ((y & 7) << 9) + (bx & 511);
}

static uint32_t ref_get(const uint8_t *m, const RefSurf *s, int x, int y)
{
    uint32_t a = ref_addr(s, x, y) - REGION, v = 0;

    for (unsigned i = 0; i < s->cpp; i++) {
        v |= (uint32_t)m[a + i] << (8 * i);
    }
    return v;
}

static void ref_put(uint8_t *m, const RefSurf *s, int x, int y, uint32_t v)
{
    uint32_t a = ref_addr(s, x, y) - REGION;

    for (unsigned i = 0; i < s->cpp; i++) {
        m[a + i] = v >> (8 * i);
    }
}

/* ROP3 bit by bit: result bit = rop bit number (P << 2 | S << 1 | D). */
static uint32_t ref_rop(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
    uint32_t r = 0;

    for (int b = 0; b < 32; b++) {
        unsigned idx = (p >> b & 1) << 2 | (s >> b & 1) << 1 | (d >> b & 1);
        r |= (uint32_t)(rop >> idx & 1) << b;
    }
    return r;
}

uint32_t cpp_mask(unsigned cpp)
{
    return cpp == 4 ? 0xffffffffu : (1u << (8 * cpp)) - 1;
}

static unsigned depth_of(unsigned cpp)
{
    return cpp == 1 ? 0 : cpp == 2 ? 1 : 3;
}

uint32_t br13(unsigned cpp, uint8_t rop, uint32_t pitch_field)
{
    return depth_of(cpp) << 24 | (uint32_t)rop << 16 | (pitch_field & 0xffff);
}

uint32_t xy(int x, int y)
{
    return (uint32_t)(y & 0xffff) << 16 | (x & 0xffff);
}

void ref_blit(const RefBlit *r)
{
    int mw = r->x2 - r->x1;

    for (int y = r->y1; y < r->y2; y++) {
        for (int x = r->x1; x < r->x2; x++) {
            if (r->clip && (x < r->cx1 || x >= r->cx2 || y < r->cy1 ||
                            y >= r->cy2)) {
                continue;
            }
            uint32_t d = ref_get(snap, &r->dst, x, y), s = 0, p = r->color;
            uint32_t m = cpp_mask(r->dst.cpp), v;
            bool keep = false;

            if (r->has_src) {
                s = ref_get(snap, &r->src, r->sx + x - r->x1,
                            r->sy + y - r->y1);
            } else if (r->mono_src) {
                int row = r->bitpacked ? mw : (mw + 7) / 8 * 8;
                int i = (y - r->y1) * row + (x - r->x1);
                int bit = r->mono_src[i / 8] >> (7 - i % 8) & 1;

                /* note: rows are byte padded, so i counts padded bits */
                s = bit ? r->fg : r->bg;
                keep = !bit && r->mono_transp;
            }
            if (r->pat == RP_COLOR) {
                RefSurf ps = { PAT, 8 * r->dst.cpp, false, r->dst.cpp };
                p = ref_get(snap, &ps, x & 7, y & 7);
            } else if (r->pat == RP_MONO) {
                uint8_t row = r->mono[(y & 7) / 4] >> ((y & 3) * 8);
                int bit = row >> (7 - (x & 7)) & 1;

                p = bit ? r->fg : r->bg;
                keep |= !bit && r->pat_transp;
            }
            v = keep ? d : ref_rop(r->rop, p, s, d) & m;
            v = (v & r->wmask) | (d & ~r->wmask);
            ref_put(want, &r->dst, x, y, v);
        }
    }
}

void rand_rect(int w, int h, int *x1, int *y1, int *x2, int *y2)
{
    *x1 = g_rand_int_range(rnd, 0, w - 1);
    *y1 = g_rand_int_range(rnd, 0, h - 1);
    *x2 = g_rand_int_range(rnd, *x1 + 1, w + 1);
    *y2 = g_rand_int_range(rnd, *y1 + 1, h + 1);
}
