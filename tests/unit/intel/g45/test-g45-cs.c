/*
 * Unit tests of the G45 command streamer (g45-cs.c, g45-cmd.c): rings,
 * batches, MI commands, hangs and resets, the worker thread, the register
 * list and the disassembler.  Contexts and privilege: test-g45-cs-priv.c;
 * the shared harness: g45-cs-test.[ch].
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "g45-cs-test.h"

static void test_store_data(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    emit_sdi_ggtt(DATA, 0xdeadbeef);
    emit(G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
    emit(0x40 * 4);
    emit(42);
    emit(G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 3);   /* qword */
    emit(0);
    emit(DATA + 8);
    emit(0x11111111);
    emit(0x22222222);
    /* physical address (bit 22 clear): straight to guest RAM */
    emit(G45_MI(G45_MI_STORE_DATA_IMM) | 2);
    emit(0);
    emit(0x1000);
    emit(0xcafef00d);
    submit(&e);
    g_assert_true(g45_engine_busy(&e));
    g_assert_cmpuint(g45_engine_run(&e, 1000), ==, 4);
    g_assert_false(g45_engine_busy(&e));
    g_assert_cmphex(gr32(DATA), ==, 0xdeadbeef);
    g_assert_cmphex(gr32(HWS + 0x100), ==, 42);
    g_assert_cmphex(gr32(DATA + 8), ==, 0x11111111);
    g_assert_cmphex(gr32(DATA + 12), ==, 0x22222222);
    g_assert_cmphex(*(uint32_t *)(ram + 0x1000), ==, 0xcafef00d);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, rd(&e, G45_RING_TAIL));
    g_assert_cmpint(fake_host_nerrors(&fh), ==, 0);
    g45_engine_destroy(&e);
}

static void test_user_irq_order(void)
{
    G45Engine e;

    for (int id = 0; id < 2; id++) {
        setup(&e, id, 4);
        for (uint32_t seq = 1; seq <= 3; seq++) {
            emit(G45_MI(G45_MI_FLUSH));
            emit(G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
            emit(0x40 * 4);
            emit(seq);
            emit(G45_MI(G45_MI_USER_INTERRUPT));
        }
        submit(&e);
        g45_engine_run(&e, 1000);
        g_assert_cmpint(nirqs, ==, 3);
        for (int i = 0; i < 3; i++) {
            g_assert_cmphex(irq_bits[i], ==, id == G45_ENGINE_RCS ?
                            G45_IIR_USER : G45_IIR_BSD_USER);
            g_assert_cmpuint(irq_seen_seqno[i], ==, i + 1);
        }
        g_assert_cmpuint(e.stats.user_irqs, ==, 3);
        g45_engine_destroy(&e);
    }
}

static void test_batch(void)
{
    G45Engine e;
    uint32_t pb[] = {
        G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2, 0, DATA + 4, 7,
        G45_MI(G45_MI_BATCH_BUFFER_END),
    };

    setup(&e, G45_ENGINE_RCS, 4);
    gw32(BATCH, G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2);
    gw32(BATCH + 4, 0);
    gw32(BATCH + 8, DATA);
    gw32(BATCH + 12, 5);
    gw32(BATCH + 16, G45_MI(G45_MI_BATCH_BUFFER_END));
    memcpy(ram + PHYS_BATCH, pb, sizeof(pb));

    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);  /* secure */
    emit(BATCH);
    emit(G45_MI(G45_MI_BATCH_BUFFER_START));      /* physical batch */
    emit(PHYS_BATCH);
    emit_sdi_ggtt(DATA + 8, 9);
    submit(&e);

    /* Two commands: the BB_START retires from the ring (HEAD moves) and
     * the first batch command runs; ACTHD points into the batch. */
    g_assert_cmpuint(g45_engine_run(&e, 2), ==, 2);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, 8);
    g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, BATCH);
    g_assert_cmphex(rd(&e, G45_RING_BBADDR), ==, BATCH + 16);
    g_assert_true(rd(&e, G45_RING_BBSTATE) & G45_BBSTATE_ACTIVE);
    g45_engine_run(&e, 1000);
    g_assert_cmpuint(gr32(DATA), ==, 5);
    g_assert_cmpuint(gr32(DATA + 4), ==, 7);
    g_assert_cmpuint(gr32(DATA + 8), ==, 9);
    g_assert_cmphex(rd(&e, G45_RING_BBSTATE), ==, 0);
    g_assert_cmpuint(e.stats.batches, ==, 2);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, rd(&e, G45_RING_TAIL));
    g45_engine_destroy(&e);
}

/* Gen4 has no return stack: a BB_START inside a batch chains to the
 * second batch, whose BB_END returns to the ring. */
static void test_batch_chain(void)
{
    G45Engine e;
    uint32_t a = BATCH, b = BATCH + 0x1000;

    setup(&e, G45_ENGINE_RCS, 4);
    gw32(a, G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2);
    gw32(a + 4, 0);
    gw32(a + 8, DATA);
    gw32(a + 12, 1);
    gw32(a + 16, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    gw32(a + 20, b);
    gw32(a + 24, G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2);
    gw32(a + 28, 0);
    gw32(a + 32, DATA);
    gw32(a + 36, 2);                /* never executed */
    gw32(a + 40, G45_MI(G45_MI_BATCH_BUFFER_END));
    gw32(b, G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2);
    gw32(b + 4, 0);
    gw32(b + 8, DATA + 4);
    gw32(b + 12, 3);
    gw32(b + 16, G45_MI(G45_MI_BATCH_BUFFER_END));
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(a);
    emit_sdi_ggtt(DATA + 8, 4);
    submit(&e);
    g45_engine_run(&e, 1000);
    g_assert_cmpuint(gr32(DATA), ==, 1);
    g_assert_cmpuint(gr32(DATA + 4), ==, 3);
    g_assert_cmpuint(gr32(DATA + 8), ==, 4);
    g_assert_cmpuint(e.chain, ==, 1);
    g_assert_false(g45_engine_busy(&e));
    g45_engine_destroy(&e);
}

static void test_ring_wrap(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 1);
    /* Start near the end so that a STORE_DATA_IMM straddles it. */
    g45_engine_mmio_write(&e, G45_RING_HEAD, 0xff8);
    g45_engine_mmio_write(&e, G45_RING_TAIL, 0xff8);
    rtail = 0xff8;
    emit_sdi_ggtt(DATA, 0xa5a5a5a5);
    emit_sdi_ggtt(DATA + 4, 0x5a5a5a5a);
    submit(&e);
    g_assert_cmphex(rtail, ==, 0x18);
    g45_engine_run(&e, 100);
    g_assert_cmphex(gr32(DATA), ==, 0xa5a5a5a5);
    g_assert_cmphex(gr32(DATA + 4), ==, 0x5a5a5a5a);
    /* HEAD offset wrapped to 0x18 and the wrap count (31:21) is 1. */
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==,
                    (1u << G45_HEAD_WRAP_SHIFT) | 0x18);

    /* An incomplete command (TAIL cuts it) waits for the rest. */
    emit(G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2);
    emit(0);
    g45_engine_mmio_write(&e, G45_RING_TAIL, rtail);
    g_assert_cmpuint(g45_engine_run(&e, 100), ==, 0);
    g_assert_false(g45_engine_busy(&e));    /* nothing to spin on */
    emit(DATA + 8);
    emit(77);
    submit(&e);
    g_assert_cmpuint(g45_engine_run(&e, 100), ==, 1);
    g_assert_cmpuint(gr32(DATA + 8), ==, 77);

    /* A command longer than the whole ring can never complete. */
    emit(0x7100ffff);               /* MEDIA_OBJECT, 65537 dwords */
    emit(0);
    submit(&e);
    g_assert_cmpuint(g45_engine_run(&e, 100), ==, 0);
    g_assert_cmpuint(e.stats.errors, ==, 1);
    g_assert_cmphex(rd(&e, G45_RING_IPEHR), ==, 0x7100ffff);
    g_assert_false(g45_engine_busy(&e));
    g45_engine_destroy(&e);
}

static void test_head_progress(void)
{
    G45Engine e;
    uint32_t head = 0;

    setup(&e, G45_ENGINE_RCS, 4);
    for (int i = 0; i < 4; i++) {
        emit_sdi_ggtt(DATA + 4 * i, i + 100);
    }
    emit(G45_MI(G45_MI_NOOP));
    emit(G45_MI(G45_MI_NOOP) | G45_MI_NOOP_ID_WRITE | 0x1234);
    submit(&e);
    for (int i = 0; i < 4; i++) {
        g_assert_cmpuint(g45_engine_run(&e, 1), ==, 1);
        g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, RING + head);
        head += 16;
        g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, head);
        g_assert_cmpuint(gr32(DATA + 4 * i), ==, i + 100);
        g_assert_cmpuint(gr32(DATA + 4 * i + 4), ==, 0);
    }
    g45_engine_run(&e, 10);
    g_assert_cmphex(rd(&e, G45_RING_NOPID), ==, 0x1234);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, head + 8);
    g_assert_cmpuint(e.stats.cmds, ==, 6);
    g45_engine_destroy(&e);
}

/* CTL bits 2:1 = 1: HEAD is written to status dword 4 every 64 KiB. */
static void test_auto_head_report(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 32);
    g45_engine_mmio_write(&e, G45_RING_CTL, (31 << 12) | (1 << 1) |
                          G45_CTL_VALID);
    for (uint32_t i = 0; i < 0x10000 / 4 - 2; i++) {
        emit(G45_MI(G45_MI_NOOP));
    }
    submit(&e);
    g45_engine_run(&e, 100000);
    g_assert_cmphex(gr32(HWS + 16), ==, 0);
    emit(G45_MI(G45_MI_NOOP));
    emit(G45_MI(G45_MI_NOOP));
    emit(G45_MI(G45_MI_NOOP));
    submit(&e);
    g45_engine_run(&e, 100000);
    g_assert_cmphex(gr32(HWS + 16), ==, 0x10000);
    g45_engine_destroy(&e);
}

static void test_mi_mode(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    g_assert_true(rd(&e, G45_RING_MI_MODE) & G45_MI_MODE_IDLE);
    /* Masked: without the mask bit nothing changes. */
    g45_engine_mmio_write(&e, G45_RING_MI_MODE, G45_MI_MODE_STOP_RING);
    g_assert_false(rd(&e, G45_RING_MI_MODE) & G45_MI_MODE_STOP_RING);
    g45_engine_mmio_write(&e, G45_RING_MI_MODE,
                          G45_MI_MODE_STOP_RING << 16 |
                          G45_MI_MODE_STOP_RING);
    g_assert_true(rd(&e, G45_RING_MI_MODE) & G45_MI_MODE_STOP_RING);
    emit_sdi_ggtt(DATA, 1);
    submit(&e);
    /* Stopped: idle, nothing runs even though HEAD != TAIL. */
    g_assert_true(rd(&e, G45_RING_MI_MODE) & G45_MI_MODE_IDLE);
    g_assert_cmpuint(g45_engine_run(&e, 100), ==, 0);
    g_assert_cmpuint(gr32(DATA), ==, 0);
    /* MODE_IDLE is read-only; clearing STOP_RING restarts. */
    g45_engine_mmio_write(&e, G45_RING_MI_MODE,
                          (G45_MI_MODE_STOP_RING | G45_MI_MODE_IDLE) << 16);
    g_assert_cmphex(rd(&e, G45_RING_MI_MODE) & 0xffff, ==, 0);
    g_assert_true(g45_engine_busy(&e));
    g45_engine_run(&e, 100);
    g_assert_cmpuint(gr32(DATA), ==, 1);
    /* INSTPM is masked too; SYNC_FLUSH completes at once. */
    g45_engine_mmio_write(&e, G45_RING_INSTPM, 0x00a000a0 | 0x0001);
    g_assert_cmphex(rd(&e, G45_RING_INSTPM), ==, 0x80);
    g45_engine_destroy(&e);
}

static void test_hang_and_reset(void)
{
    G45Engine e;
    uint32_t acthd, head;

    setup(&e, G45_ENGINE_RCS, 4);
    e.hang_cmds = 5000;
    /* A batch that jumps to itself forever. */
    gw32(BATCH, G45_MI(G45_MI_NOOP));
    gw32(BATCH + 4, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    gw32(BATCH + 8, BATCH);
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(BATCH);
    emit_sdi_ggtt(DATA, 1);
    submit(&e);
    g_assert_cmpuint(g45_engine_run(&e, 1000), ==, 1000);   /* budget */
    g_assert_true(g45_engine_busy(&e));
    g_assert_cmpint(nhangs, ==, 0);
    g45_engine_run(&e, 1000000);
    g_assert_cmpint(nhangs, ==, 1);
    g_assert_true(e.hung);
    g_assert_false(g45_engine_busy(&e));
    /* No HEAD progress, ACTHD stuck in the batch. */
    head = rd(&e, G45_RING_HEAD);
    acthd = rd(&e, G45_RING_ACTHD);
    g_assert_cmphex(head, ==, 8);
    g_assert_cmphex(acthd & ~0xfu, ==, BATCH);
    g_assert_cmpuint(g45_engine_run(&e, 1000), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, acthd);
    g_assert_cmpuint(gr32(DATA), ==, 0);
    g_assert_cmpint(fake_host_nerrors(&fh), >=, 1);

    /* GDRST: idle, ring registers cleared; the status page stays. */
    g45_engine_reset(&e);
    g_assert_false(e.hung);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_TAIL), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_CTL), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_BBSTATE), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_HWS_PGA), ==, HWS);
    g_assert_true(rd(&e, G45_RING_MI_MODE) & G45_MI_MODE_IDLE);
    /* The driver re-initialises the ring and it works again. */
    g45_engine_mmio_write(&e, G45_RING_START, RING);
    g45_engine_mmio_write(&e, G45_RING_CTL, (3 << 12) | G45_CTL_VALID);
    rtail = 0;
    emit_sdi_ggtt(DATA, 2);
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmpuint(gr32(DATA), ==, 2);
    g45_engine_destroy(&e);
}

static void test_wait_event(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    emit(G45_MI(G45_MI_WAIT_FOR_EVENT) | G45_WAIT_PLANE_A_FLIP);
    emit_sdi_ggtt(DATA, 1);
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_true(rd(&e, G45_RING_CTL) & G45_CTL_WAIT);
    g_assert_false(rd(&e, G45_RING_MI_MODE) & G45_MI_MODE_IDLE);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, 0);
    g45_engine_event(&e, G45_WAIT_PLANE_B_FLIP);      /* not waited for */
    g45_engine_run(&e, 100);
    g_assert_cmpuint(gr32(DATA), ==, 0);
    g45_engine_event(&e, G45_WAIT_PLANE_A_FLIP);
    g_assert_false(rd(&e, G45_RING_CTL) & G45_CTL_WAIT);
    g45_engine_run(&e, 100);
    g_assert_cmpuint(gr32(DATA), ==, 1);

    /* A wait that never ends is a hang once hang_ns passes. */
    e.hang_ns = 1000000;
    emit(G45_MI(G45_MI_WAIT_FOR_EVENT) | G45_WAIT_PIPE_B_VBLANK);
    emit_sdi_ggtt(DATA, 2);
    submit(&e);
    g45_engine_run(&e, 100);
    fake_host_advance(&fh, 500000);
    g45_engine_run(&e, 100);
    g_assert_cmpint(nhangs, ==, 0);
    fake_host_advance(&fh, 600000);
    g45_engine_run(&e, 100);
    g_assert_cmpint(nhangs, ==, 1);
    g45_engine_reset(&e);
    g_assert_false(rd(&e, G45_RING_CTL) & G45_CTL_WAIT);
    g45_engine_destroy(&e);
}

static void test_unknown_command(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    emit_sdi_ggtt(DATA, 1);
    emit(G45_MI(0x29) | 1);         /* MI_LOAD_REGISTER_MEM: not on Gen4 */
    emit(0x2358);
    emit(DATA);
    emit_sdi_ggtt(DATA + 4, 2);
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmpuint(gr32(DATA), ==, 1);
    g_assert_cmpuint(gr32(DATA + 4), ==, 0);      /* parser halted */
    g_assert_cmphex(eir_bits, ==, G45_EIR_INSTRUCTION);
    g_assert_cmphex(rd(&e, G45_RING_IPEHR), ==, G45_MI(0x29) | 1);
    g_assert_cmphex(rd(&e, G45_RING_IPEIR), ==, 0);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, 16);   /* on the command */
    g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, RING + 16);
    g_assert_cmpuint(e.stats.errors, ==, 1);
    g_assert_cmpint(fake_host_nerrors(&fh), ==, 1);

    /* In a batch: IPEIR says so; the write-back clears it. */
    setup(&e, G45_ENGINE_RCS, 4);
    gw32(BATCH, 0x3f800000);        /* client 1: reserved */
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(BATCH);
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmphex(rd(&e, G45_RING_IPEIR), ==, G45_IPEIR_BATCH);
    g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, BATCH);
    g45_engine_mmio_write(&e, G45_RING_IPEIR, G45_IPEIR_BATCH);
    g_assert_cmphex(rd(&e, G45_RING_IPEIR), ==, 0);
    g_assert_false(g45_engine_busy(&e));

    /* A length field below the command's minimum is an error too, and a
     * 2D command on the video ring. */
    setup(&e, G45_ENGINE_BSD, 4);
    emit(G45_2D(G45_BLT_XY_COLOR) | 4);
    for (int i = 0; i < 5; i++) {
        emit(0);
    }
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmpuint(e.stats.errors, ==, 1);
    g45_engine_destroy(&e);
}

static void test_lri_srm(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    emit(G45_MI(G45_MI_LOAD_REGISTER_IMM) | 3);
    emit(0x7000);
    emit(0x12345678);
    emit(G45_RCS_BASE + G45_RING_INSTPM);   /* own register, masked */
    emit(0x00400040);
    /* byte write disables: bytes 1 and 3 keep the old (read) value */
    emit(G45_MI(G45_MI_LOAD_REGISTER_IMM) | (0xa << 8) | 1);
    emit(0x7004);
    emit(0xaabbccdd);
    emit(G45_MI(G45_MI_STORE_REGISTER_MEM) | G45_MI_USE_GGTT | 1);
    emit(0x9000);
    emit(DATA);
    emit(G45_MI(G45_MI_STORE_REGISTER_MEM) | G45_MI_USE_GGTT | 1);
    emit(G45_RCS_BASE + G45_RING_NOPID);
    emit(DATA + 4);
    emit(G45_MI(G45_MI_REPORT_HEAD));
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmpint(nreg_w, ==, 2);
    g_assert_cmphex(reg_w_off[0], ==, 0x7000);
    g_assert_cmphex(reg_w_val[0], ==, 0x12345678);
    g_assert_cmphex(reg_w_off[1], ==, 0x7004);
    g_assert_cmphex(reg_w_val[1], ==, (0x5a5a7004u & 0xff00ff00u) |
                    0x00bb00ddu);
    g_assert_cmphex(rd(&e, G45_RING_INSTPM), ==, 0x40);
    g_assert_cmphex(gr32(DATA), ==, 0x5a5a9000);
    g_assert_cmphex(gr32(DATA + 4), ==, 0);
    /* MI_REPORT_HEAD: HEAD (at the command) in status page dword 4 */
    g_assert_cmphex(gr32(HWS + 16), ==, 0x38);
    g_assert_cmpint(fake_host_nerrors(&fh), ==, 0);
    g45_engine_destroy(&e);

    /* From the video ring: the render ring's registers are unreachable
     * (logged, dropped, read 0); global registers go to the glue. */
    setup(&e, G45_ENGINE_BSD, 4);
    emit(G45_MI(G45_MI_LOAD_REGISTER_IMM) | 3);
    emit(G45_RCS_BASE + G45_RING_TAIL);
    emit(0x100);
    emit(0x20a8);                   /* IMR: global, the glue's */
    emit(0xffff);
    emit(G45_MI(G45_MI_STORE_REGISTER_MEM) | G45_MI_USE_GGTT | 1);
    emit(G45_RCS_BASE + G45_RING_HEAD);
    emit(DATA);
    submit(&e);
    gw32(DATA, 0x77);
    g45_engine_run(&e, 100);
    g_assert_cmpint(nreg_w, ==, 1);
    g_assert_cmphex(reg_w_off[0], ==, 0x20a8);
    g_assert_cmphex(gr32(DATA), ==, 0);
    g_assert_cmpint(fake_host_nerrors(&fh), ==, 2);
    g45_engine_destroy(&e);
}

static void test_pipe_control(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    fake_host_set_clock(&fh, 1000000000ull);  /* 1 s: 12.5M ticks of 80 ns */
    emit(0x7a000002 | (1u << 14) | (1u << 8));  /* imm write + notify */
    emit(DATA | 4);
    emit(0x01020304);
    emit(0x05060708);
    emit(0x7a000002 | (3u << 14));              /* timestamp */
    emit(DATA + 8);
    emit(0);
    emit(0);
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmphex(gr32(DATA), ==, 0x01020304);
    g_assert_cmphex(gr32(DATA + 4), ==, 0x05060708);
    g_assert_cmpuint(gr32(DATA + 8), ==, 12500000);
    g_assert_cmpuint(gr32(DATA + 12), ==, 0);
    g_assert_cmpint(nirqs, ==, 1);
    g_assert_cmphex(irq_bits[0], ==, G45_IIR_USER);
    g_assert_cmpint(nhooks, ==, 2);         /* the 3D pipe sees the syncs */
    g45_engine_destroy(&e);
}

static void test_3d_hook_and_flip(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    emit(0x7b000004);               /* 3DPRIMITIVE, 6 dwords */
    for (int i = 0; i < 5; i++) {
        emit(i);
    }
    emit(0x69040000);               /* PIPELINE_SELECT, single dword */
    emit(0x7c100001);               /* not in the table: by length */
    emit(1);
    emit(2);
    emit(G45_MI(G45_MI_DISPLAY_FLIP) | 2);
    emit(0x1000);
    emit(0x200000);
    emit(0);
    submit(&e);
    fake_host_clear_log(&fh);
    g45_engine_run(&e, 100);
    g_assert_cmpint(nhooks, ==, 3);
    g_assert_cmpuint(hook_len[0], ==, 6);
    g_assert_cmpuint(hook_len[1], ==, 1);
    g_assert_cmpuint(hook_len[2], ==, 3);
    g_assert_cmpuint(e.stats.cmds_3d, ==, 3);
    g_assert_cmpuint(e.stats.cmds_3d_unknown, ==, 1);
    g_assert_cmpint(fake_host_nunimp(&fh), ==, 1);
    g_assert_cmpint(nflips, ==, 1);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, rd(&e, G45_RING_TAIL));
    g45_engine_destroy(&e);
}

/*
 * The instruction cache: invalidated by MI_FLUSH with its State/
 * Instruction Cache Invalidate bit (not without), and as each batch starts
 * from the ring (not a chained one).
 */
static void test_icache_invalidate(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    gw32(BATCH, G45_MI(G45_MI_FLUSH));
    gw32(BATCH + 4, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    gw32(BATCH + 8, BATCH + 0x100);
    gw32(BATCH + 0x100, G45_MI(G45_MI_BATCH_BUFFER_END));
    emit(G45_MI(G45_MI_FLUSH));
    emit(G45_MI(G45_MI_FLUSH) | 2);     /* bit 1: invalidate */
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(BATCH);
    submit(&e);
    g_assert_cmpuint(g45_engine_run(&e, 2), ==, 2);
    g_assert_cmpint(ninvalidates, ==, 1);
    g45_engine_run(&e, 100);
    g_assert_cmpint(ninvalidates, ==, 2);   /* the batch; not its chain */
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, rd(&e, G45_RING_TAIL));
    g45_engine_destroy(&e);
}

static void test_worker(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    g_assert_true(g45_engine_start_worker(&e));
    for (uint32_t round = 1; round <= 50; round++) {
        emit_sdi_ggtt(DATA + 4 * (round % 16), round);
        emit(G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
        emit(0x40 * 4);
        emit(round);
        emit(G45_MI(G45_MI_USER_INTERRUPT));
        submit(&e);
        if (round % 10 == 0) {
            g45_engine_wait_idle(&e);
            g_assert_cmpuint(gr32(HWS + 0x100), ==, round);
        }
    }
    g45_engine_wait_idle(&e);
    g45_engine_stop_worker(&e);
    g_assert_cmpint(nirqs, ==, 50);
    for (int i = 0; i < 50; i++) {
        g_assert_cmpuint(irq_seen_seqno[i], ==, i + 1);
    }
    g45_engine_destroy(&e);
}

/* A paused worker runs nothing (the VM is stopped for a snapshot); work
 * submitted meanwhile runs after the resume, all of it. */
static void test_worker_pause(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    g_assert_true(g45_engine_start_worker(&e));
    g45_engine_pause(&e);
    emit(G45_MI(G45_MI_STORE_DATA_INDEX) | 1);
    emit(0x40 * 4);
    emit(0x1234);
    emit(G45_MI(G45_MI_USER_INTERRUPT));
    submit(&e);
    g45_engine_wait_idle(&e);           /* returns at once: paused */
    g_usleep(50 * 1000);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, 0);
    g_assert_cmpuint(gr32(HWS + 0x100), ==, 0);
    g_assert_true(g45_engine_busy(&e));
    g45_engine_resume(&e);
    g45_engine_wait_idle(&e);
    g_assert_cmpuint(gr32(HWS + 0x100), ==, 0x1234);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, rd(&e, G45_RING_TAIL));
    g_assert_cmpint(nirqs, ==, 1);
    g45_engine_stop_worker(&e);
    g45_engine_destroy(&e);
}

/* The worker spins on an endless batch while MMIO reads go on; the hang
 * check stops it and a reset from this thread recovers the ring. */
static void test_worker_hang_reset(void)
{
    G45Engine e;
    uint32_t acthd = 0;

    setup(&e, G45_ENGINE_RCS, 4);
    e.hang_cmds = 200000;
    gw32(BATCH, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    gw32(BATCH + 4, BATCH);
    g_assert_true(g45_engine_start_worker(&e));
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(BATCH);
    submit(&e);
    /* Concurrent reads see a consistent ACTHD: never torn. */
    for (int i = 0; i < 1000; i++) {
        acthd = rd(&e, G45_RING_ACTHD);
        g_assert_true(acthd == 0 || acthd == RING || acthd == BATCH);
    }
    g45_engine_wait_idle(&e);
    g_assert_cmpint(nhangs, ==, 1);
    g_assert_cmphex(rd(&e, G45_RING_ACTHD), ==, BATCH);
    g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, 8);
    g45_engine_reset(&e);
    g45_engine_mmio_write(&e, G45_RING_START, RING);
    g45_engine_mmio_write(&e, G45_RING_CTL, (3 << 12) | G45_CTL_VALID);
    rtail = 0;
    emit_sdi_ggtt(DATA, 99);
    submit(&e);
    g45_engine_wait_idle(&e);
    g45_engine_stop_worker(&e);
    g_assert_cmpuint(gr32(DATA), ==, 99);
    g45_engine_destroy(&e);
}

/* Every listed register is handled by the MMIO functions, nothing else. */
static void test_reg_list(void)
{
    G45Engine e;

    for (int id = 0; id < 2; id++) {
        setup(&e, id, 4);
        for (uint32_t off = 0; off < G45_RING_SPAN; off += 4) {
            bool listed = false;
            uint32_t v;

            for (unsigned i = 0; i < g45_engine_nregs; i++) {
                listed |= g45_engine_regs[i].off == off &&
                          !(g45_engine_regs[i].flags & G45_ER_FILE) &&
                          (id == G45_ENGINE_RCS ||
                           !g45_engine_regs[i].rcs_only);
            }
            g_assert_cmpint(g45_engine_mmio_read(&e, off, &v), ==, listed);
        }
        g45_engine_destroy(&e);
    }
}

static void test_disasm(void)
{
    uint32_t sdi[] = { G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2,
                       0, 0x1000, 5 };
    uint32_t blt = G45_2D(G45_BLT_XY_SRC_COPY) | 6;
    uint32_t bad = G45_MI(0x3e);
    char line[128];

    g_assert_cmpuint(g45_cmd_disasm(sdi, 4, line, sizeof(line)), ==, 4);
    g_assert_nonnull(strstr(line, "MI_STORE_DATA_IMM len=4"));
    g_assert_nonnull(strstr(line, "use_ggtt=1"));
    g_assert_nonnull(strstr(line, "address=0x00001000 data=0x00000005"));
    g_assert_cmpuint(g45_cmd_disasm(&blt, 1, line, sizeof(line)), ==, 8);
    g_assert_nonnull(strstr(line, "XY_SRC_COPY_BLT"));
    g_assert_nonnull(strstr(line, "truncated"));
    g_assert_cmpuint(g45_cmd_disasm(&bad, 1, line, sizeof(line)), ==, 1);
    g_assert_nonnull(strstr(line, "INVALID"));
    g_assert_cmpint(g45_cmd_lookup(0x7a000002)->op, ==, G45_OP_PIPE_CONTROL);
    g_assert_cmpint(g45_cmd_lookup(G45_MI(0x29))->op, ==, G45_OP_INVALID);
    g_assert_cmpuint(g45_cmd_length(g45_cmd_lookup(0x71000010), 0x71000010),
                     ==, 0x12);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g45-cs/store-data", test_store_data);
    g_test_add_func("/g45-cs/user-irq-order", test_user_irq_order);
    g_test_add_func("/g45-cs/batch", test_batch);
    g_test_add_func("/g45-cs/batch-chain", test_batch_chain);
    g_test_add_func("/g45-cs/ring-wrap", test_ring_wrap);
    g_test_add_func("/g45-cs/head-progress", test_head_progress);
    g_test_add_func("/g45-cs/auto-head-report", test_auto_head_report);
    g_test_add_func("/g45-cs/mi-mode", test_mi_mode);
    g_test_add_func("/g45-cs/hang-and-reset", test_hang_and_reset);
    g_test_add_func("/g45-cs/wait-event", test_wait_event);
    g_test_add_func("/g45-cs/unknown-command", test_unknown_command);
    g_test_add_func("/g45-cs/lri-srm", test_lri_srm);
    g_test_add_func("/g45-cs/pipe-control", test_pipe_control);
    g_test_add_func("/g45-cs/3d-hook-and-flip", test_3d_hook_and_flip);
    g_test_add_func("/g45-cs/icache-invalidate", test_icache_invalidate);
    g_test_add_func("/g45-cs/worker", test_worker);
    g_test_add_func("/g45-cs/worker-hang-reset", test_worker_hang_reset);
    g_test_add_func("/g45-cs/worker-pause", test_worker_pause);
    g_test_add_func("/g45-cs/reg-list", test_reg_list);
    g_test_add_func("/g45-cs/disasm", test_disasm);
    return g_test_run();
}
