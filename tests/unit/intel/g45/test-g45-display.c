/*
 * G45 display engine, interrupt bank and GMBUS: the register-level
 * behaviour i915 relies on (intel-i915-probe.md 2.1), driven through the
 * register file with a fake clock.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/g45/g45.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "common/fake-host.h"

#define RAM_SIZE (64u * 4096)
static uint8_t ram[RAM_SIZE];
static FakeHost fh;
static uint32_t ptes[64];
static G45 g;

/* The virtual clock. */
static uint64_t now(void)
{
    return fake_host_now(&fh);
}

#define W(off, v) hwgpu_reg_write(&g.regs, (off), (v))
#define R(off) hwgpu_reg_read(&g.regs, (off))

/* 1024x768: 1344 x 806 total; DPLL 96 MHz * 81 / 3 / (4 * 10) = 64.8 MHz. */
#define FRAME_NS (1344ull * 806 * 1000000 / 64800)

static void setup(void)
{
    fake_host_init(&fh, ram, RAM_SIZE);
    fake_host_set_clock(&fh, 1000);
    g_assert_true(g45_init(&g, &fh.host, ptes, 64));
}

static void program_mode(int p)
{
    uint32_t t = p * 0x1000;

    W(G45_HTOTAL_A + t, (1343u << 16) | 1023);
    W(G45_HBLANK_A + t, (1343u << 16) | 1023);
    W(G45_VTOTAL_A + t, (805u << 16) | 767);
    W(G45_VBLANK_A + t, (805u << 16) | 767);
    W(G45_PIPEASRC + t, (1023u << 16) | 767);
    W(p ? G45_FPB0 : G45_FPA0, (1u << 16) | (13u << 8) | 4);
    W(p ? G45_DPLL_B : G45_DPLL_A, (1u << 31) | (1u << 26) | (1u << 19));
}

static void test_irq_bank(void)
{
    setup();
    /* IMR masks latching, IER masks the line (probe.md 2.1 Interrupts). */
    g45_irq_raise(&g.disp, G45_IRQ_RENDER_USER);
    g_assert_cmphex(R(G45_IIR), ==, 0);
    W(G45_IMR, ~G45_IRQ_RENDER_USER);
    g45_irq_raise(&g.disp, G45_IRQ_RENDER_USER);
    g_assert_cmphex(R(G45_IIR), ==, G45_IRQ_RENDER_USER);
    g_assert_cmpint(fh.irq_level, ==, 0);
    W(G45_IER, G45_IRQ_RENDER_USER);
    g_assert_cmpint(fh.irq_level, ==, 1);
    W(G45_IIR, G45_IRQ_RENDER_USER);
    g_assert_cmphex(R(G45_IIR), ==, 0);
    g_assert_cmpint(fh.irq_level, ==, 0);
    g45_destroy(&g);
}

static void test_pipe_clock(void)
{
    uint32_t f0, dsl, last = 0;
    int moved = 0;

    setup();
    program_mode(0);
    g_assert_cmpuint(g45_pipe_frame_ns(&g.disp, 0), ==, FRAME_NS);
    g_assert_cmphex(R(G45_PIPEA_DSL), ==, 0);
    W(G45_PIPEACONF, G45_PIPECONF_ENABLE);
    g_assert_cmphex(R(G45_PIPEACONF), ==,
                    G45_PIPECONF_ENABLE | G45_PIPECONF_STATE);
    f0 = R(G45_PIPEA_FRMCOUNT);
    fake_host_advance(&fh, 10 * FRAME_NS + 1);
    g_assert_cmpuint(R(G45_PIPEA_FRMCOUNT), ==, f0 + 10);
    /* The scanline moves through the whole frame and stays below vtotal. */
    for (int i = 0; i < 1000; i++) {
        fake_host_advance(&fh, FRAME_NS / 997);
        dsl = R(G45_PIPEA_DSL);
        g_assert_cmpuint(dsl, <, 806);
        moved += dsl != last;
        last = dsl;
    }
    g_assert_cmpint(moved, >, 780);  /* 0.81 lines per step */
    /* Frame boundaries are vblank starts: line 768 right after one. */
    fake_host_set_clock(&fh, 1000 + 20 * FRAME_NS);
    g_assert_cmpuint(R(G45_PIPEA_DSL), ==, 768);
    /* Disabled: the counter freezes and the state bit drops. */
    W(G45_PIPEACONF, 0);
    g_assert_cmphex(R(G45_PIPEACONF), ==, 0);
    f0 = R(G45_PIPEA_FRMCOUNT);
    fake_host_advance(&fh, 5 * FRAME_NS);
    g_assert_cmpuint(R(G45_PIPEA_FRMCOUNT), ==, f0);
    g45_destroy(&g);
}

static void test_vblank_interrupt(void)
{
    uint64_t next;

    setup();
    program_mode(1);
    W(G45_PIPEBCONF, G45_PIPECONF_ENABLE);
    W(G45_IMR, ~G45_IRQ_PIPE_B_EVENT);
    W(G45_IER, G45_IRQ_PIPE_B_EVENT);
    /* No event without the PIPESTAT enable. */
    g_assert_cmpuint(g45_display_next_event(&g.disp, now()), ==, UINT64_MAX);
    fake_host_advance(&fh, 3 * FRAME_NS);
    g45_display_sync(&g.disp, now());
    g_assert_cmphex(R(G45_IIR), ==, 0);
    W(G45_PIPEASTAT + 0x1000, G45_PIPESTAT_START_VBLANK << 16);
    next = g45_display_next_event(&g.disp, now());
    g_assert_cmpuint(next, >, now());
    g_assert_cmpuint(next - now(), <=, FRAME_NS);
    fake_host_set_clock(&fh, next);
    g45_display_sync(&g.disp, now());
    g_assert_cmphex(R(G45_PIPEASTAT + 0x1000) & 0xffff, ==,
                    G45_PIPESTAT_START_VBLANK);
    g_assert_cmphex(R(G45_IIR), ==, G45_IRQ_PIPE_B_EVENT);
    g_assert_cmpint(fh.irq_level, ==, 1);
    /* i915's order: clear PIPESTAT, then IIR; the line drops. */
    W(G45_PIPEASTAT + 0x1000,
      (G45_PIPESTAT_START_VBLANK << 16) | G45_PIPESTAT_START_VBLANK);
    W(G45_IIR, G45_IRQ_PIPE_B_EVENT);
    g_assert_cmphex(R(G45_IIR), ==, 0);
    g_assert_cmpint(fh.irq_level, ==, 0);
    g45_destroy(&g);
}

static void test_surface_latch(void)
{
    G45Scanout so;

    setup();
    program_mode(0);
    /* Pipe off: the surface updates at once. */
    W(G45_DSPASURF, 0x100000);
    g_assert_cmphex(R(G45_DSPASURFLIVE), ==, 0x100000);
    W(G45_PIPEACONF, G45_PIPECONF_ENABLE);
    fake_host_advance(&fh, FRAME_NS / 3);
    W(G45_DSPASURF, 0x200000);
    g_assert_cmphex(R(G45_DSPASURFLIVE), ==, 0x100000);
    fake_host_advance(&fh, FRAME_NS);
    g_assert_cmphex(R(G45_DSPASURFLIVE), ==, 0x200000);
    /* The scanout descriptor follows the live address. */
    W(G45_DSPACNTR, G45_DSPCNTR_ENABLE | (G45_FMT_XRGB8888 << 26));
    W(G45_DSPASTRIDE, 4096);
    W(G45_DSPALINOFF, 8192);
    g_assert_false(g45_display_scanout(&g.disp, 0, &so));   /* VGA on */
    W(G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    g_assert_true(g45_display_scanout(&g.disp, 0, &so));
    g_assert_cmpuint(so.width, ==, 1024);
    g_assert_cmpuint(so.height, ==, 768);
    g_assert_cmpuint(so.bpp, ==, 4);
    g_assert_cmpuint(so.stride, ==, 4096);
    g_assert_cmphex(so.base, ==, 0x200000 + 8192);
    g45_destroy(&g);
}

static void test_crt_hotplug(void)
{
    setup();
    W(G45_PORT_HOTPLUG_EN, G45_HOTPLUG_CRT_FORCE_DETECT);
    g_assert_cmphex(R(G45_PORT_HOTPLUG_EN) & G45_HOTPLUG_CRT_FORCE_DETECT,
                    ==, 0);
    g_assert_cmphex(R(G45_PORT_HOTPLUG_STAT) & (3u << 8), ==, 3u << 8);
    /* Detection alone is no hotplug event (no interrupt storm). */
    g_assert_cmphex(R(G45_PORT_HOTPLUG_STAT) & G45_HOTPLUG_CRT_INT_STATUS,
                    ==, 0);
    /* Unplug: the event raises the port interrupt when enabled. */
    W(G45_PORT_HOTPLUG_EN, G45_HOTPLUG_CRT_INT_EN);
    W(G45_IMR, ~G45_IRQ_PORT);
    W(G45_IER, G45_IRQ_PORT);
    g45_display_set_edid(&g.disp, NULL, 0);
    g_assert_cmphex(R(G45_IIR), ==, G45_IRQ_PORT);
    g_assert_cmpint(fh.irq_level, ==, 1);
    W(G45_PORT_HOTPLUG_STAT, G45_HOTPLUG_CRT_INT_STATUS);
    W(G45_IIR, G45_IRQ_PORT);
    g_assert_cmpint(fh.irq_level, ==, 0);
    /* No monitor: force-detect reports none. */
    W(G45_PORT_HOTPLUG_EN, G45_HOTPLUG_CRT_FORCE_DETECT);
    g_assert_cmphex(R(G45_PORT_HOTPLUG_STAT) & (3u << 8), ==, 0);
    g45_destroy(&g);
}

/* GMBUS, the way i915 drives it: GMBUS1 bits per probe.md 2.1. */
#define SW_RDY (1u << 30)
#define SW_CLR (1u << 31)
#define CYC_WAIT (1u << 25)
#define CYC_INDEX (1u << 26)
#define CYC_STOP (1u << 27)
#define HW_RDY (1u << 11)
#define NAK (1u << 10)
#define ACTIVE (1u << 9)
#define WAIT_PHASE (1u << 14)

static void set_edid(uint8_t *edid, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        edid[i] = (uint8_t)(i * 7 + 3);
    }
    g45_display_set_edid(&g.disp, edid, n);
}

static void gmbus_read(uint8_t addr, uint8_t index, uint8_t *buf,
                       uint32_t len)
{
    W(G45_GMBUS1, SW_RDY | CYC_WAIT | CYC_INDEX | (len << 16) |
                  ((uint32_t)index << 8) | (addr << 1) | 1);
    for (uint32_t i = 0; i < len;) {
        uint32_t v;

        g_assert_cmphex(R(G45_GMBUS2) & (HW_RDY | NAK), ==, HW_RDY);
        v = R(G45_GMBUS3);
        for (int k = 0; k < 4 && i < len; k++, i++) {
            buf[i] = v >> (8 * k);
        }
    }
    g_assert_cmphex(R(G45_GMBUS2) & WAIT_PHASE, ==, WAIT_PHASE);
    W(G45_GMBUS1, SW_RDY | CYC_STOP);
    g_assert_cmphex(R(G45_GMBUS2) & ACTIVE, ==, 0);
}

static void test_gmbus_edid(void)
{
    uint8_t edid[256], buf[256];

    setup();
    set_edid(edid, sizeof(edid));
    W(G45_GMBUS0, 2);                       /* analog DDC pins */
    gmbus_read(0x50, 0, buf, 128);
    g_assert_cmpmem(buf, 128, edid, 128);
    /* An indexed read of the extension block, odd length. */
    gmbus_read(0x50, 128, buf, 127);
    g_assert_cmpmem(buf, 127, edid + 128, 127);
    /* A separate offset write then a plain read. */
    W(G45_GMBUS3, 0x10);
    W(G45_GMBUS1, SW_RDY | CYC_WAIT | (1u << 16) | (0x50 << 1));
    g_assert_cmphex(R(G45_GMBUS2) & WAIT_PHASE, ==, WAIT_PHASE);
    W(G45_GMBUS1, SW_RDY | CYC_WAIT | (8u << 16) | (0x50 << 1) | 1);
    for (int i = 0; i < 8; i += 4) {
        uint32_t v;

        g_assert_cmphex(R(G45_GMBUS2) & HW_RDY, ==, HW_RDY);
        v = R(G45_GMBUS3);
        memcpy(buf + i, &v, 4);
    }
    g_assert_cmpmem(buf, 8, edid + 0x10, 8);
    W(G45_GMBUS1, SW_RDY | CYC_STOP);
    g_assert_cmpuint(g.disp.gmbus.naks, ==, 0);
    g45_destroy(&g);
}

static void test_gmbus_nak(void)
{
    uint8_t edid[128];

    setup();
    set_edid(edid, sizeof(edid));
    /* Absent address on the right pins: NAK, cleared by SW_CLR_INT. */
    W(G45_GMBUS0, 2);
    W(G45_GMBUS1, SW_RDY | CYC_WAIT | (1u << 16) | (0x37 << 1) | 1);
    g_assert_cmphex(R(G45_GMBUS2) & (NAK | HW_RDY), ==, NAK);
    W(G45_GMBUS1, SW_CLR);
    W(G45_GMBUS1, 0);
    g_assert_cmphex(R(G45_GMBUS2) & (NAK | ACTIVE), ==, 0);
    /* The EDID address on another pin pair (SDVO/DP): NAK. */
    W(G45_GMBUS0, 5);
    W(G45_GMBUS1, SW_RDY | CYC_WAIT | CYC_INDEX | (128u << 16) |
                  (0x50 << 1) | 1);
    g_assert_cmphex(R(G45_GMBUS2) & NAK, ==, NAK);
    W(G45_GMBUS1, SW_CLR);
    /* No monitor at all: NAK on the analog pins too. */
    g45_display_set_edid(&g.disp, NULL, 0);
    W(G45_GMBUS0, 2);
    W(G45_GMBUS1, SW_RDY | CYC_WAIT | (1u << 16) | (0x50 << 1) | 1);
    g_assert_cmphex(R(G45_GMBUS2) & NAK, ==, NAK);
    g_assert_cmpuint(g.disp.gmbus.naks, ==, 3);
    g45_destroy(&g);
}

static void test_bad_mode(void)
{
    setup();
    /* A dot clock giving 2000 Hz falls back to 60 Hz. */
    W(G45_HTOTAL_A, (9u << 16) | 7);
    W(G45_VTOTAL_A, (9u << 16) | 7);
    W(G45_FPA0, (1u << 16) | (13u << 8) | 4);
    W(G45_DPLL_A, (1u << 31) | (1u << 26) | (1u << 19));
    g_assert_cmpuint(g45_pipe_frame_ns(&g.disp, 0), ==, 16666667);
    W(G45_DPLL_A, 0);
    g_assert_cmpuint(g45_pipe_frame_ns(&g.disp, 0), ==, 16666667);
    g45_destroy(&g);
}


/*
 * MI_WAIT_FOR_EVENT on the ring: the engine waits, the display's timer
 * wakes for the vblank it waits for, and the vblank retires the wait so
 * the ring goes on.
 */
static void test_wait_for_vblank(void)
{
    const uint32_t ring[4] = {
        G45_MI(G45_MI_WAIT_FOR_EVENT) | G45_WAIT_PIPE_A_VBLANK,
        G45_MI(G45_MI_USER_INTERRUPT), 0, 0,
    };
    uint32_t head;

    setup();
    for (uint32_t i = 0; i < 64; i++) {
        ptes[i] = i * 4096 | G45_PTE_VALID;
    }
    memcpy(ram, ring, sizeof(ring));
    program_mode(0);
    W(G45_PIPEACONF, G45_PIPECONF_ENABLE);
    W(G45_RCS_START, 0);
    W(G45_RCS_CTL, G45_CTL_VALID);
    W(G45_RCS_TAIL, sizeof(ring));
    g_assert_cmpuint(g45_engine_run(&g.rcs, 10), ==, 1);
    g_assert_cmphex(R(G45_RCS_CTL) & G45_CTL_WAIT, ==, G45_CTL_WAIT);
    g45_service(&g);
    g_assert_cmpuint(g45_display_next_event(&g.disp, now()), <=,
                     now() + FRAME_NS);
    fake_host_advance(&fh, FRAME_NS / 2);
    g45_display_sync(&g.disp, now());
    g_assert_cmphex(R(G45_RCS_CTL) & G45_CTL_WAIT, ==, G45_CTL_WAIT);
    fake_host_advance(&fh, FRAME_NS);
    g45_display_sync(&g.disp, now());
    g_assert_cmphex(R(G45_RCS_CTL) & G45_CTL_WAIT, ==, 0);
    g45_engine_run(&g.rcs, 10);
    head = R(G45_RCS_HEAD);
    g_assert_cmphex(head, ==, sizeof(ring));
    g45_service(&g);
    g_assert_cmphex(R(G45_IIR) & G45_IIR_USER, ==, 0);   /* masked in IMR */
    g_assert_cmpuint(g.rcs.stats.user_irqs, ==, 1);
    g45_destroy(&g);
}

/*
 * Migration: g45_check accepts the state of a running device and refuses
 * each field out of the range its block could reach (a corrupted stream).
 */
static void test_migration_check(void)
{
#define REFUSED(stmt) do {                                      \
        G45 *saved = g_memdup2(&g, sizeof(g));                  \
        stmt;                                                   \
        g_assert_nonnull(g45_check(&g));                        \
        memcpy(&g, saved, sizeof(g));                           \
        g_free(saved);                                          \
        g_assert_null(g45_check(&g));                           \
    } while (0)

    setup();
    program_mode(0);
    W(G45_PIPEACONF, G45_PIPECONF_ENABLE);
    fake_host_set_clock(&fh, now() + 3 * FRAME_NS);
    g45_display_sync(&g.disp, now());
    g_assert_null(g45_check(&g));

    REFUSED(g.rcs.reg[G45_ER_TAIL] = 0xffffffff);
    REFUSED(g.rcs.reg[G45_ER_MI_MODE] = 0x10000);
    REFUSED(g.bsd.reg[G45_ER_CCID] = 0x1000 | G45_CCID_VALID);
    REFUSED(g.rcs.ctx_len = G45_CTX_STATE_DWORDS + 1);
    REFUSED(g.bsd.chain = G45_BB_MAX_CHAIN + 2);
    REFUSED(g.rcs.fetch_n = G45_FETCH_DWORDS + 1);
    REFUSED(g.disp.pipe[0].frame_ns = 0);
    REFUSED(g.disp.pipe[1].frame_ns = 1000000000ull);
    REFUSED(g.disp.pipe[0].vtotal = 0x2001);
    REFUSED(g.disp.pipe[0].vblank_start = g.disp.pipe[0].vtotal);
    REFUSED(g.disp.gmbus.remaining = 0x200);
    REFUSED(g.disp.gmbus.pin = 8);
    REFUSED(g.gen4.pkt_len[3] = GEN4_PKT_MAX + 1);
    REFUSED(g.reg_q_len = G45_REG_QUEUE + 1);
    REFUSED(g.reg_q_len = 1; g.reg_q[0][0] = G45_MMIO_SIZE);
    REFUSED(g.reg_q_len = 1; g.reg_q[0][0] = 0x2002);

    /* Loaded: the interrupt line follows the registers. */
    W(G45_IMR, ~G45_IRQ_RENDER_USER);
    W(G45_IER, G45_IRQ_RENDER_USER);
    hwgpu_reg_set(&g.regs, G45_IIR, G45_IRQ_RENDER_USER);
    fh.irq_level = 0;
    g45_loaded(&g);
    g_assert_cmpint(fh.irq_level, ==, 1);
    g45_destroy(&g);
#undef REFUSED
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g45-display/irq-bank", test_irq_bank);
    g_test_add_func("/g45-display/pipe-clock", test_pipe_clock);
    g_test_add_func("/g45-display/vblank-interrupt", test_vblank_interrupt);
    g_test_add_func("/g45-display/surface-latch", test_surface_latch);
    g_test_add_func("/g45-display/crt-hotplug", test_crt_hotplug);
    g_test_add_func("/g45-display/gmbus-edid", test_gmbus_edid);
    g_test_add_func("/g45-display/gmbus-nak", test_gmbus_nak);
    g_test_add_func("/g45-display/bad-mode", test_bad_mode);
    g_test_add_func("/g45-display/wait-for-vblank", test_wait_for_vblank);
    g_test_add_func("/g45-display/migration-check", test_migration_check);
    return g_test_run();
}
