/*
 * qtest for the intel-g45 command streamers as a guest driver sees them:
 * rings in the GTT programmed the way i915 does (START/HEAD/TAIL/CTL), a
 * status page (HWS_PGA), stores, user interrupts in IIR, batch buffers and
 * Gen4 batch chaining, ring wraparound, the video (BSD) ring, 2D blits
 * checked against a software reference, and recovery through GDRST from an
 * endless batch and from random garbage.  The engines run on worker
 * threads, so every wait is a bounded poll.
 *
 * Command encodings: docs/g45-cs.md, include/hwgpu/intel/g45/g45-cmd.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "intel-g45-qtest.h"
#include "hwgpu/intel/g45/g45-blt.h"

/* Graphics memory: gfx address A is guest-physical PHYS_BASE + A. */
#define PHYS_BASE       0x1000000u
#define GFX_PAGES       384u            /* 1.5 MiB mapped */
#define GFX_HWS_RCS     0x00000u
#define GFX_HWS_BSD     0x01000u
#define GFX_RING_RCS    0x10000u
#define GFX_RING_BSD    0x20000u
#define GFX_BATCH       0x30000u
#define GFX_DATA        0x40000u
#define GFX_SURF_DST    0x80000u
#define GFX_SURF_SRC    0x100000u
#define PHYS_BATCH      0x3000000u      /* a batch outside the GTT mapping */

#define PCI_GDRST       0xc0
#define GDRST_RENDER    ((1u << 2) | 1u)
#define GDRST_MEDIA     ((3u << 2) | 1u)

#define WAIT_US         G45Q_WAIT_US

/* Command headers (lengths: total dwords - 2 where there is a field). */
#define CMD_NOOP        G45_MI(G45_MI_NOOP)
#define CMD_USER_IRQ    G45_MI(G45_MI_USER_INTERRUPT)
#define CMD_BB_END      G45_MI(G45_MI_BATCH_BUFFER_END)
#define CMD_BB_START_GTT (G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT)
#define CMD_BB_START_PHYS G45_MI(G45_MI_BATCH_BUFFER_START)
#define CMD_SDI         (G45_MI(G45_MI_STORE_DATA_INDEX) | 1)
#define CMD_SDIMM_GTT   (G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2)
#define CMD_SDIMM_GTT64 (G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 3)
#define CMD_SDIMM_PHYS  (G45_MI(G45_MI_STORE_DATA_IMM) | 2)
#define CMD_XY_COLOR    (G45_2D(G45_BLT_XY_COLOR) | 4)
#define CMD_XY_SRC_COPY (G45_2D(G45_BLT_XY_SRC_COPY) | 6)
#define BLT_WRITE_ALL   (G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA)

static uint64_t phys(uint32_t gfx)
{
    return PHYS_BASE + (uint64_t)gfx;
}

/* Linear GTT: page i -> PHYS_BASE + i * 4 KiB; memory starts zeroed. */
static void ctx_start(G45Q *c)
{
    g45q_start(c, "");
    g45q_map_linear(c, PHYS_BASE, GFX_PAGES);
    g45q_wr(c, G45_IMR, ~(G45_IIR_USER | G45_IIR_BSD_USER | G45_IIR_CS_ERROR));
    g45q_wr(c, G45_EMR, ~G45_EIR_INSTRUCTION);
}

static void ctx_stop(G45Q *c)
{
    g45q_stop(c);
}

static void ring_init(G45QRing *r, G45Q *c, bool bsd, uint32_t size)
{
    g45q_ring_init(r, c, bsd ? G45_BSD_BASE : G45_RCS_BASE,
                   bsd ? GFX_RING_BSD : GFX_RING_RCS, size,
                   bsd ? GFX_HWS_BSD : GFX_HWS_RCS);
    g_assert_cmphex(g45q_rd(c, r->base + G45_RING_START), ==, r->gfx);
    g_assert_cmphex(g45q_rd(c, r->base + G45_RING_HEAD) & G45_HEAD_ADDR, ==, 0);
}

/* Wait for IIR bits, then acknowledge them (write 1 to clear). */
static void wait_iir(G45Q *c, uint32_t bits)
{
    g45q_wait_iir(c, bits);
    g45q_wr(c, G45_IIR, bits);
    g_assert_cmphex(g45q_rd(c, G45_IIR) & bits, ==, 0);
}

static void emit_sdi(G45QRing *r, uint32_t byte_off, uint32_t v)
{
    g45q_emit(r, CMD_SDI);
    g45q_emit(r, byte_off);
    g45q_emit(r, v);
}

static void emit_sdimm(G45QRing *r, uint32_t gfx, uint32_t v)
{
    g45q_emit(r, CMD_SDIMM_GTT);
    g45q_emit(r, 0);
    g45q_emit(r, gfx);
    g45q_emit(r, v);
}

/* ---- 1. stores and the user interrupt -------------------------------- */

/*
 * Stores through the status page, the GTT (one and two dwords) and a
 * physical address, then MI_USER_INTERRUPT: every store is in memory by the
 * time IIR shows the interrupt.
 */
static void check_stores(G45QRing *r, uint32_t hws, uint32_t seed)
{
    G45Q *c = r->c;
    const int n = 64;

    for (int i = 0; i < n; i++) {
        emit_sdi(r, 0x100 + 4 * i, seed + i);
    }
    emit_sdimm(r, GFX_DATA + 0x10, seed ^ 0x11111111);
    g45q_emit(r, CMD_SDIMM_GTT64);
    g45q_emit(r, 0);
    g45q_emit(r, GFX_DATA + 0x18);
    g45q_emit(r, seed ^ 0x22222222);
    g45q_emit(r, seed ^ 0x33333333);
    g45q_emit(r, CMD_SDIMM_PHYS);
    g45q_emit(r, 0);                     /* address bits 35:32 */
    g45q_emit(r, (uint32_t)phys(GFX_DATA + 0x20));
    g45q_emit(r, seed ^ 0x44444444);
    g45q_emit(r, CMD_USER_IRQ);
    g45q_submit(r);

    wait_iir(c, r->irq);
    /* Visible as soon as the interrupt is: no further wait. */
    for (int i = 0; i < n; i++) {
        g_assert_cmphex(g45q_gfx_readl(c, hws + 0x100 + 4 * i), ==, seed + i);
    }
    g_assert_cmphex(g45q_gfx_readl(c, GFX_DATA + 0x10), ==, seed ^ 0x11111111);
    g_assert_cmphex(g45q_gfx_readl(c, GFX_DATA + 0x18), ==, seed ^ 0x22222222);
    g_assert_cmphex(g45q_gfx_readl(c, GFX_DATA + 0x1c), ==, seed ^ 0x33333333);
    g_assert_cmphex(g45q_gfx_readl(c, GFX_DATA + 0x20), ==, seed ^ 0x44444444);
    g45q_wait_idle(r);
    g_assert_cmphex(g45q_rd(c, r->base + G45_RING_MI_MODE) & G45_MI_MODE_IDLE, ==,
                    G45_MI_MODE_IDLE);
    g_assert_cmphex(g45q_rd(c, G45_IIR) & G45_IIR_CS_ERROR, ==, 0);
}

static void test_store_data(void)
{
    G45Q c;
    G45QRing r;

    ctx_start(&c);
    ring_init(&r, &c, false, 16 * 1024);
    g_assert_cmphex(g45q_rd(&c, G45_HWS_PGA), ==, GFX_HWS_RCS);
    check_stores(&r, GFX_HWS_RCS, 0x1000);
    /* G45QRing continues where it stopped; a second stream overwrites. */
    check_stores(&r, GFX_HWS_RCS, 0xabc000);
    /* No user interrupt without MI_USER_INTERRUPT. */
    emit_sdi(&r, 0x40, 0xfeedf00d);
    g45q_submit(&r);
    g45q_wait_idle(&r);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x40), ==, 0xfeedf00d);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_USER, ==, 0);
    /* A masked interrupt does not appear in IIR. */
    g45q_wr(&c, G45_IMR, 0xffffffff);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    g45q_wait_idle(&r);
    g_usleep(20 * 1000);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_USER, ==, 0);
    ctx_stop(&c);
}

/* ---- 2. batch buffers -------------------------------------------------- */

static uint32_t batch_emit(G45Q *c, uint32_t gfx, const uint32_t *dw, int n)
{
    for (int i = 0; i < n; i++) {
        g45q_gfx_writel(c, gfx + 4 * i, dw[i]);
    }
    return gfx + 4 * n;
}

static void test_batch(void)
{
    G45Q c;
    G45QRing r;
    const uint32_t a = GFX_BATCH, b = GFX_BATCH + 0x1000;
    const uint32_t b2 = GFX_BATCH + 0x2000;
    const uint32_t d = GFX_DATA;
    const uint32_t batch_a[] = {
        CMD_SDIMM_GTT, 0, d + 0x00, 0xaaaa0001,
        CMD_SDI, 0x80, 0xaaaa0002,
        CMD_BB_END,
    };
    const uint32_t batch_b[] = {
        CMD_SDIMM_GTT, 0, d + 0x10, 0xbbbb0001,
        CMD_BB_START_GTT, b2,
        /* Gen4 chains without a return: this store never runs */
        CMD_SDIMM_GTT, 0, d + 0x14, 0xdeadbeef,
        CMD_BB_END,
    };
    const uint32_t batch_b2[] = {
        CMD_SDIMM_GTT, 0, d + 0x18, 0xbbbb0002,
        CMD_BB_END,
    };
    const uint32_t batch_p[] = {
        CMD_SDIMM_GTT, 0, d + 0x20, 0xcccc0001,
        CMD_BB_END,
    };

    ctx_start(&c);
    ring_init(&r, &c, false, 16 * 1024);
    batch_emit(&c, a, batch_a, ARRAY_SIZE(batch_a));
    batch_emit(&c, b, batch_b, ARRAY_SIZE(batch_b));
    batch_emit(&c, b2, batch_b2, ARRAY_SIZE(batch_b2));
    for (int i = 0; i < ARRAY_SIZE(batch_p); i++) {
        qtest_writel(c.qts, PHYS_BATCH + 4 * i, batch_p[i]);
    }

    /* ring -> A -> ring: the store after the batch sees it finished */
    g45q_emit(&r, CMD_BB_START_GTT);
    g45q_emit(&r, a);
    emit_sdimm(&r, d + 0x04, 0x11110001);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    wait_iir(&c, G45_IIR_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x00), ==, 0xaaaa0001);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x80), ==, 0xaaaa0002);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x04), ==, 0x11110001);
    g45q_wait_idle(&r);
    g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_BBSTATE) &
                    G45_BBSTATE_ACTIVE, ==, 0);

    /* ring -> B -> B2 -> ring */
    g45q_emit(&r, CMD_BB_START_GTT);
    g45q_emit(&r, b);
    emit_sdimm(&r, d + 0x1c, 0x11110002);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    wait_iir(&c, G45_IIR_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x10), ==, 0xbbbb0001);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x14), ==, 0);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x18), ==, 0xbbbb0002);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x1c), ==, 0x11110002);
    g45q_wait_idle(&r);

    /* a batch at a guest-physical address (bit 7 clear) */
    g45q_emit(&r, CMD_BB_START_PHYS);
    g45q_emit(&r, PHYS_BATCH);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    wait_iir(&c, G45_IIR_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x20), ==, 0xcccc0001);
    g45q_wait_idle(&r);

    /* the same batch twice in one stream, each time from the top */
    g45q_gfx_writel(&c, d + 0x00, 0);
    g45q_emit(&r, CMD_BB_START_GTT);
    g45q_emit(&r, a);
    emit_sdi(&r, 0x84, 0x5555);
    g45q_emit(&r, CMD_BB_START_GTT);
    g45q_emit(&r, a);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    wait_iir(&c, G45_IIR_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, d + 0x00), ==, 0xaaaa0001);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x84), ==, 0x5555);
    g45q_wait_idle(&r);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_CS_ERROR, ==, 0);
    ctx_stop(&c);
}

/* ---- 3. wraparound ------------------------------------------------------ */

static void test_wrap(void)
{
    G45Q c;
    G45QRing r;
    uint32_t head;

    ctx_start(&c);
    ring_init(&r, &c, false, 4096);
    /* Move HEAD and TAIL to 24 bytes before the end with MI_NOOPs. */
    while (r.tail != 4096 - 24) {
        g45q_emit(&r, CMD_NOOP);
    }
    g45q_submit(&r);
    g45q_wait_idle(&r);
    g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD) &
                    G45_HEAD_ADDR, ==, 4096 - 24);
    /* STORE_DATA_IMM ends 8 bytes before the end; STORE_DATA_INDEX then
     * straddles it (two dwords at the end, one at the start). */
    emit_sdimm(&r, GFX_DATA, 0x12345678);
    emit_sdi(&r, 0x200, 0x9abcdef0);
    g_assert_cmpuint(r.tail, ==, 4);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    g_assert_cmpuint(r.tail, ==, 8);
    wait_iir(&c, G45_IIR_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_DATA), ==, 0x12345678);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x200), ==, 0x9abcdef0);
    g45q_wait_idle(&r);
    head = g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD);
    g_assert_cmphex(head & G45_HEAD_ADDR, ==, 8);
    g_assert_cmphex(head >> G45_HEAD_WRAP_SHIFT, ==, 1);

    /* Several more laps in submissions of various sizes. */
    for (int round = 0; round < 12; round++) {
        int n = 17 + round * 7;

        for (int i = 0; i < n; i++) {
            emit_sdi(&r, 0x400 + 4 * (i % 64), round << 16 | i);
        }
        g45q_emit(&r, CMD_USER_IRQ);
        g45q_submit(&r);
        wait_iir(&c, G45_IIR_USER);
        for (int i = n - 64 > 0 ? n - 64 : 0; i < n; i++) {
            g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x400 + 4 * (i % 64)),
                            ==, round << 16 | i);
        }
        g45q_wait_idle(&r);
    }
    head = g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD);
    g_assert_cmpuint(head >> G45_HEAD_WRAP_SHIFT, >, 1);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_CS_ERROR, ==, 0);
    ctx_stop(&c);
}

/* ---- 4. the video ring -------------------------------------------------- */

static void test_bsd(void)
{
    G45Q c;
    G45QRing rcs, bsd;
    uint32_t hdr;

    ctx_start(&c);
    ring_init(&bsd, &c, true, 8192);
    g_assert_cmphex(g45q_rd(&c, G45_BSD_BASE + G45_RING_HWS_PGA), ==, GFX_HWS_BSD);
    check_stores(&bsd, GFX_HWS_BSD, 0x5000);
    /* Only the BSD bit, and the render status page untouched. */
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_USER, ==, 0);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x100), ==, 0);

    /* Both rings at once, each with its own status page and interrupt. */
    ring_init(&rcs, &c, false, 8192);
    for (int i = 0; i < 200; i++) {
        emit_sdi(&rcs, 0x100 + 4 * (i % 64), 0x70000 + i);
        emit_sdi(&bsd, 0x100 + 4 * (i % 64), 0x90000 + i);
    }
    g45q_emit(&rcs, CMD_USER_IRQ);
    g45q_emit(&bsd, CMD_USER_IRQ);
    g45q_submit(&rcs);
    g45q_submit(&bsd);
    wait_iir(&c, G45_IIR_USER | G45_IIR_BSD_USER);
    for (int i = 200 - 64; i < 200; i++) {
        g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x100 + 4 * (i % 64)), ==,
                        0x70000 + i);
        g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_BSD + 0x100 + 4 * (i % 64)), ==,
                        0x90000 + i);
    }
    g45q_wait_idle(&rcs);
    g45q_wait_idle(&bsd);

    /* Batches run on the BSD ring too. */
    g45q_gfx_writel(&c, GFX_BATCH, CMD_SDI);
    g45q_gfx_writel(&c, GFX_BATCH + 4, 0x48);
    g45q_gfx_writel(&c, GFX_BATCH + 8, 0xb5db5d);
    g45q_gfx_writel(&c, GFX_BATCH + 12, CMD_BB_END);
    g45q_emit(&bsd, CMD_BB_START_GTT);
    g45q_emit(&bsd, GFX_BATCH);
    g45q_emit(&bsd, CMD_USER_IRQ);
    g45q_submit(&bsd);
    wait_iir(&c, G45_IIR_BSD_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_BSD + 0x48), ==, 0xb5db5d);
    g45q_wait_idle(&bsd);

    /* A 2D command is a parser error on the BSD ring: it halts there. */
    hdr = CMD_XY_COLOR | BLT_WRITE_ALL;
    g45q_emit(&bsd, hdr);
    for (int i = 0; i < 5; i++) {
        g45q_emit(&bsd, 0);
    }
    emit_sdi(&bsd, 0x4c, 0x1);
    g45q_emit(&bsd, CMD_USER_IRQ);
    g45q_submit(&bsd);
    wait_iir(&c, G45_IIR_CS_ERROR);
    g_assert_cmphex(g45q_rd(&c, G45_EIR) & G45_EIR_INSTRUCTION, ==,
                    G45_EIR_INSTRUCTION);
    g_assert_cmphex(g45q_rd(&c, G45_BSD_BASE + G45_RING_IPEHR), ==, hdr);
    g_usleep(20 * 1000);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_BSD + 0x4c), ==, 0);
    g_assert_false(g45q_ring_idle(&bsd));
    /* The render ring is not affected. */
    check_stores(&rcs, GFX_HWS_RCS, 0x7700);
    /* A media-domain reset brings the BSD back. */
    qpci_config_writeb(c.dev, PCI_GDRST, GDRST_MEDIA);
    g_assert_cmphex(qpci_config_readb(c.dev, PCI_GDRST) & 1, ==, 0);
    g_assert_cmphex(g45q_rd(&c, G45_BSD_BASE + G45_RING_CTL), ==, 0);
    g45q_wr(&c, G45_EIR, G45_EIR_INSTRUCTION);
    ring_init(&bsd, &c, true, 8192);
    check_stores(&bsd, GFX_HWS_BSD, 0x5500);
    ctx_stop(&c);
}

/* ---- 5. blits ------------------------------------------------------------ */

/* ROP3 on whole words: bit i of the code is the result for (P, S, D) = i. */
static uint32_t rop3(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
    uint32_t r = 0;

    for (int i = 0; i < 8; i++) {
        if (rop & (1u << i)) {
            r |= (i & 4 ? p : ~p) & (i & 2 ? s : ~s) & (i & 1 ? d : ~d);
        }
    }
    return r;
}

typedef struct Surf {
    uint32_t gfx;
    int w, h, cpp, pitch;
    uint8_t *ref;           /* software copy */
} Surf;

static uint32_t px_get(const Surf *s, int x, int y)
{
    const uint8_t *p = s->ref + y * s->pitch + x * s->cpp;

    return s->cpp == 4 ? ldl_le_p(p) : lduw_le_p(p);
}

static void px_set(Surf *s, int x, int y, uint32_t v)
{
    uint8_t *p = s->ref + y * s->pitch + x * s->cpp;

    if (s->cpp == 4) {
        stl_le_p(p, v);
    } else {
        stw_le_p(p, v);
    }
}

static void surf_init(G45Q *c, Surf *s, uint32_t gfx, int w, int h, int cpp,
                      uint32_t seed)
{
    GRand *rnd = g_rand_new_with_seed(seed);

    s->gfx = gfx;
    s->w = w;
    s->h = h;
    s->cpp = cpp;
    s->pitch = w * cpp + 64;        /* some slack past the right edge */
    s->ref = g_malloc(s->pitch * h);
    for (int i = 0; i < s->pitch * h; i++) {
        s->ref[i] = g_rand_int(rnd);
    }
    g_rand_free(rnd);
    qtest_memwrite(c->qts, phys(gfx), s->ref, s->pitch * h);
}

static void surf_check(G45Q *c, const Surf *s)
{
    g_autofree uint8_t *got = g_malloc(s->pitch * s->h);

    qtest_memread(c->qts, phys(s->gfx), got, s->pitch * s->h);
    for (int y = 0; y < s->h; y++) {
        for (int x = 0; x < s->pitch / s->cpp; x++) {
            const uint8_t *p = got + y * s->pitch + x * s->cpp;
            uint32_t v = s->cpp == 4 ? ldl_le_p(p) : lduw_le_p(p);

            if (v != px_get(s, x, y)) {
                g_test_message("pixel (%d,%d): got 0x%x want 0x%x", x, y, v,
                               px_get(s, x, y));
            }
            g_assert_cmphex(v, ==, px_get(s, x, y));
        }
    }
}

static uint32_t br13(const Surf *s, uint8_t rop)
{
    return (s->cpp == 4 ? 3u : 1u) << G45_BR13_DEPTH_SHIFT |
           (uint32_t)rop << G45_BR13_ROP_SHIFT | s->pitch;
}

static void xy_color(G45QRing *r, Surf *s, uint32_t wmask_bits, uint8_t rop,
                     int x1, int y1, int x2, int y2, uint32_t color)
{
    uint32_t wmask = s->cpp == 4 ?
        (wmask_bits & G45_BLT_WRITE_RGB ? 0x00ffffffu : 0) |
        (wmask_bits & G45_BLT_WRITE_ALPHA ? 0xff000000u : 0) : 0xffffu;

    g45q_emit(r, CMD_XY_COLOR | wmask_bits);
    g45q_emit(r, br13(s, rop));
    g45q_emit(r, y1 << 16 | x1);
    g45q_emit(r, y2 << 16 | x2);
    g45q_emit(r, s->gfx);
    g45q_emit(r, color);
    for (int y = y1; y < y2; y++) {
        for (int x = x1; x < x2; x++) {
            uint32_t d = px_get(s, x, y);
            uint32_t v = rop3(rop, color, 0, d);

            px_set(s, x, y, (d & ~wmask) | (v & wmask));
        }
    }
}

static void xy_src_copy(G45QRing *r, Surf *dst, const Surf *src, uint8_t rop,
                        int x1, int y1, int x2, int y2, int sx, int sy)
{
    g45q_emit(r, CMD_XY_SRC_COPY | (dst->cpp == 4 ? BLT_WRITE_ALL : 0));
    g45q_emit(r, br13(dst, rop));
    g45q_emit(r, y1 << 16 | x1);
    g45q_emit(r, y2 << 16 | x2);
    g45q_emit(r, dst->gfx);
    g45q_emit(r, sy << 16 | sx);
    g45q_emit(r, src->pitch);
    g45q_emit(r, src->gfx);
    for (int y = y1; y < y2; y++) {
        for (int x = x1; x < x2; x++) {
            uint32_t v = rop3(rop, 0, px_get(src, sx + x - x1, sy + y - y1),
                              px_get(dst, x, y));

            px_set(dst, x, y, dst->cpp == 4 ? v : (v & 0xffff));
        }
    }
}

static void blit_done(G45Q *c, G45QRing *r)
{
    g45q_emit(r, CMD_USER_IRQ);
    g45q_submit(r);
    wait_iir(c, G45_IIR_USER);
    g45q_wait_idle(r);
    g_assert_cmphex(g45q_rd(c, G45_IIR) & G45_IIR_CS_ERROR, ==, 0);
}

static void test_blit(void)
{
    G45Q c;
    G45QRing r;
    Surf dst, src;

    ctx_start(&c);
    ring_init(&r, &c, false, 16 * 1024);

    /* 32 bpp */
    surf_init(&c, &dst, GFX_SURF_DST, 80, 60, 4, 1);
    surf_init(&c, &src, GFX_SURF_SRC, 64, 64, 4, 2);
    xy_color(&r, &dst, BLT_WRITE_ALL, 0xf0, 3, 5, 50, 40, 0x80ff4020);
    blit_done(&c, &r);
    surf_check(&c, &dst);
    /* RGB only: alpha stays; P xor D */
    xy_color(&r, &dst, G45_BLT_WRITE_RGB, 0x5a, 10, 0, 80, 20, 0x12345678);
    /* plain copy, then S xor D, S and D, NOT S */
    xy_src_copy(&r, &dst, &src, 0xcc, 20, 30, 70, 59, 7, 3);
    xy_src_copy(&r, &dst, &src, 0x66, 0, 0, 33, 17, 30, 40);
    xy_src_copy(&r, &dst, &src, 0x88, 40, 10, 64, 50, 0, 0);
    xy_src_copy(&r, &dst, &src, 0x33, 1, 50, 9, 60, 55, 50);
    blit_done(&c, &r);
    surf_check(&c, &dst);
    /* an empty rectangle draws nothing */
    xy_color(&r, &dst, BLT_WRITE_ALL, 0xf0, 30, 30, 30, 40, 0);
    blit_done(&c, &r);
    surf_check(&c, &src);
    surf_check(&c, &dst);
    g_free(dst.ref);
    g_free(src.ref);

    /* 16 bpp (565) */
    surf_init(&c, &dst, GFX_SURF_DST, 100, 40, 2, 3);
    surf_init(&c, &src, GFX_SURF_SRC, 50, 50, 2, 4);
    xy_color(&r, &dst, 0, 0xf0, 2, 2, 97, 30, 0xf81f);
    xy_src_copy(&r, &dst, &src, 0xcc, 60, 10, 100, 40, 5, 5);
    xy_src_copy(&r, &dst, &src, 0x66, 0, 20, 25, 35, 20, 0);
    blit_done(&c, &r);
    surf_check(&c, &dst);
    surf_check(&c, &src);
    g_free(dst.ref);
    g_free(src.ref);

    /* Blits from a batch buffer, 32 bpp again, into a fresh surface. */
    surf_init(&c, &dst, GFX_SURF_DST, 32, 32, 4, 5);
    {
        G45QRing br = r;            /* write the batch with the ring helpers */

        br.gfx = GFX_BATCH;
        br.size = 0x10000;
        br.tail = 0;
        xy_color(&br, &dst, BLT_WRITE_ALL, 0xf0, 0, 0, 16, 16, 0xff00ff00);
        xy_color(&br, &dst, BLT_WRITE_ALL, 0x55, 8, 8, 32, 32, 0);
        g45q_emit(&br, CMD_BB_END);
    }
    g45q_emit(&r, CMD_BB_START_GTT);
    g45q_emit(&r, GFX_BATCH);
    blit_done(&c, &r);
    surf_check(&c, &dst);
    g_free(dst.ref);
    ctx_stop(&c);
}

/* ---- 6. hang and reset --------------------------------------------------- */

/* After a render reset the engine registers read 0 (docs/g45-cs.md). */
static void check_reset_state(G45Q *c, uint32_t base)
{
    static const uint32_t zero[] = {
        G45_RING_TAIL, G45_RING_HEAD, G45_RING_START, G45_RING_CTL,
        G45_RING_ACTHD, G45_RING_BBADDR, G45_RING_BBSTATE, G45_RING_IPEHR,
    };

    for (int i = 0; i < ARRAY_SIZE(zero); i++) {
        g_assert_cmphex(g45q_rd(c, base + zero[i]), ==, 0);
    }
}

static void test_hang_reset(void)
{
    G45Q c;
    G45QRing r, bsd;
    uint32_t head, acthd;

    ctx_start(&c);
    ring_init(&r, &c, false, 16 * 1024);
    ring_init(&bsd, &c, true, 4096);
    /* A batch that jumps to itself. */
    g45q_gfx_writel(&c, GFX_BATCH, CMD_BB_START_GTT);
    g45q_gfx_writel(&c, GFX_BATCH + 4, GFX_BATCH);
    g45q_emit(&r, CMD_BB_START_GTT);
    g45q_emit(&r, GFX_BATCH);
    emit_sdi(&r, 0x60, 0xbad);          /* never reached */
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);

    g_usleep(50 * 1000);
    head = g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD);
    acthd = g45q_rd(&c, G45_RCS_BASE + G45_RING_ACTHD);
    /* HEAD moved past the BB_START and stays; ACTHD is in the batch. */
    g_assert_cmphex(head & G45_HEAD_ADDR, ==, 8);
    g_assert_cmphex(acthd, ==, GFX_BATCH);
    for (int i = 0; i < 5; i++) {
        int64_t t0;

        g_usleep(10 * 1000);
        /* MMIO answers while the engine spins (it must not hold its lock
         * for anything like the hang timer's 10 s). */
        t0 = g_get_monotonic_time();
        g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD), ==, head);
        g_assert_cmpint(g_get_monotonic_time() - t0, <, 2 * 1000 * 1000);
        g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_ACTHD), ==, acthd);
        /* A batch chaining to itself never returns to the ring: once it
         * has chained G45_BB_MAX_CHAIN times the engine is declared hung,
         * its parser halted (idle) until the guest resets it. */
        g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_MI_MODE) &
                        G45_MI_MODE_IDLE, ==, G45_MI_MODE_IDLE);
        g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_USER, ==, 0);
    }
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x60), ==, 0);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & (G45_IIR_USER | G45_IIR_CS_ERROR), ==,
                    0);
    /* The video ring is independent of the stuck render ring. */
    check_stores(&bsd, GFX_HWS_BSD, 0x600);

    /* Render-domain reset, as i915 does through GDRST. */
    qpci_config_writeb(c.dev, PCI_GDRST, GDRST_RENDER);
    g_assert_cmphex(qpci_config_readb(c.dev, PCI_GDRST) & 1, ==, 0);
    check_reset_state(&c, G45_RCS_BASE);
    g_assert_cmphex(g45q_rd(&c, G45_HWS_PGA), ==, GFX_HWS_RCS);
    g_usleep(20 * 1000);
    check_reset_state(&c, G45_RCS_BASE);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS_RCS + 0x60), ==, 0);
    /* The BSD was not reset. */
    g_assert_cmphex(g45q_rd(&c, G45_BSD_BASE + G45_RING_START), ==, GFX_RING_BSD);

    ring_init(&r, &c, false, 16 * 1024);
    check_stores(&r, GFX_HWS_RCS, 0x6000);
    check_stores(&bsd, GFX_HWS_BSD, 0x6600);
    ctx_stop(&c);
}

/* ---- 7. garbage ---------------------------------------------------------- */

static void garbage_round(G45Q *c, bool bsd, uint32_t seed)
{
    GRand *rnd = g_rand_new_with_seed(seed);
    G45QRing r, other;
    uint32_t base = bsd ? G45_BSD_BASE : G45_RCS_BASE;
    uint32_t words[1022];

    ring_init(&r, c, bsd, 4096);
    for (int i = 0; i < ARRAY_SIZE(words); i++) {
        words[i] = g_rand_int(rnd);
    }
    /* Some rounds bias towards MI commands, which do the most. */
    if (seed & 1) {
        for (int i = 0; i < ARRAY_SIZE(words); i++) {
            words[i] &= 0x1fffffff;
        }
    }
    g_rand_free(rnd);
    qtest_memwrite(c->qts, phys(r.gfx), words, sizeof(words));
    r.tail = sizeof(words);
    g45q_wr(c, base + G45_RING_TAIL, r.tail);
    g_usleep(30 * 1000);
    /* QEMU answers. */
    g_assert_cmphex(g45q_rd(c, base + G45_RING_START), ==, r.gfx);
    /* The parser did look at it (HEAD moved or a header was latched). */
    g_assert_cmphex(g45q_rd(c, base + G45_RING_HEAD) |
                    g45q_rd(c, base + G45_RING_IPEHR), !=, 0);
    g45q_rd(c, G45_IIR);

    qpci_config_writeb(c->dev, PCI_GDRST, bsd ? GDRST_MEDIA : GDRST_RENDER);
    g_assert_cmphex(qpci_config_readb(c->dev, PCI_GDRST) & 1, ==, 0);
    check_reset_state(c, base);
    /* The garbage may have written anywhere: restore our set-up. */
    for (uint32_t i = 0; i < GFX_PAGES; i++) {
        g45q_wr(c, G45_GTT_OFFSET + 4 * i, (PHYS_BASE + i * 4096) | 1);
    }
    g45q_wr(c, G45_IMR, ~(G45_IIR_USER | G45_IIR_BSD_USER | G45_IIR_CS_ERROR));
    g45q_wr(c, G45_EMR, ~G45_EIR_INSTRUCTION);
    g45q_wr(c, G45_EIR, 0xffffffff);
    g45q_wr(c, G45_IIR, 0xffffffff);
    qtest_memset(c->qts, phys(bsd ? GFX_HWS_BSD : GFX_HWS_RCS), 0, 4096);
    ring_init(&r, c, bsd, 4096);
    check_stores(&r, bsd ? GFX_HWS_BSD : GFX_HWS_RCS, seed << 8);
    /* The other ring may have been poked by LRI; reset and check it too. */
    qpci_config_writeb(c->dev, PCI_GDRST, bsd ? GDRST_RENDER : GDRST_MEDIA);
    ring_init(&other, c, !bsd, 4096);
    check_stores(&other, bsd ? GFX_HWS_RCS : GFX_HWS_BSD, seed << 12);
}

static void test_garbage(void)
{
    G45Q c;

    ctx_start(&c);
    for (uint32_t seed = 1; seed <= 8; seed++) {
        garbage_round(&c, seed > 5, seed);
    }
    ctx_stop(&c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/intel-g45/cs/store-data", test_store_data);
    qtest_add_func("/intel-g45/cs/batch", test_batch);
    qtest_add_func("/intel-g45/cs/wrap", test_wrap);
    qtest_add_func("/intel-g45/cs/bsd", test_bsd);
    qtest_add_func("/intel-g45/cs/blit", test_blit);
    qtest_add_func("/intel-g45/cs/hang-reset", test_hang_reset);
    qtest_add_func("/intel-g45/cs/garbage", test_garbage);
    return g_test_run();
}
