/*
 * qtest for what intel-g45 tells the user: trace-events (`-trace
 * 'hwgpu_*'`: register accesses by name, GTT writes, device events) and the
 * guest-error/unimplemented log policy (a guest looping on a bad command
 * gets a bounded log, and new errors still appear after a device reset).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "intel-g45-qtest.h"

static char *log_path(const char *what)
{
    return g_strdup_printf("/tmp/g45-%s-%d.log", what, getpid());
}

static char *read_log(const char *path)
{
    char *text = NULL;

    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    return text;
}

static int count(const char *text, const char *needle)
{
    int n = 0;

    for (const char *p = text; (p = strstr(p, needle)); p++) {
        n++;
    }
    return n;
}

/* Register accesses are traced with the register's name. */
static void test_trace_regs(void)
{
    g_autofree char *path = log_path("trace");
    g_autofree char *args = g_strdup_printf(" -trace enable=hwgpu_g45_*,"
                                            "file=%s", path);
    g_autofree char *text = NULL;
    G45Q c;

    g45q_start(&c, args);
    g45q_wr(&c, G45_PIPEASRC, (1023u << 16) | 767);
    g45q_rd(&c, G45_PIPEASRC);
    g45q_pte(&c, 5, 0x123000);
    g45q_stop(&c);
    text = read_log(path);
    unlink(path);
    g_assert_nonnull(strstr(text, "hwgpu_g45_reg_write PIPESRC_A [0x6001c] "
                            "<- 0x03ff02ff"));
    g_assert_nonnull(strstr(text, "hwgpu_g45_reg_read PIPESRC_A"));
    g_assert_nonnull(strstr(text, "hwgpu_g45_gtt_write PTE 5 <- 0x00123001"));
}

/*
 * Display events are traced (`-trace hwgpu_event`): an interrupt raised
 * and cleared, with IIR before and after, a surface address written and
 * its flip when it is latched at vblank.
 */
static void test_trace_display(void)
{
    g_autofree char *path = log_path("display");
    g_autofree char *args = g_strdup_printf(" -trace enable=hwgpu_event,"
                                            "file=%s", path);
    g_autofree char *text = NULL;
    G45Q c;

    g45q_start(&c, args);
    g45q_pipe_a(&c, 1024, 768);
    g45q_wr(&c, G45_IMR, ~G45_IRQ_PIPE_A_EVENT);
    g45q_wr(&c, G45_IER, G45_IRQ_PIPE_A_EVENT);
    g45q_wr(&c, G45_PIPEASTAT, G45_PIPESTAT_START_VBLANK << 16);
    g45q_wr(&c, G45_DSPASURF, 0x20000);
    qtest_clock_step(c.qts, G45Q_FRAME_NS + 1000);
    g_assert_cmphex(g45q_rd(&c, G45_IIR), ==, G45_IRQ_PIPE_A_EVENT);
    g45q_wr(&c, G45_PIPEASTAT, (G45_PIPESTAT_START_VBLANK << 16) |
            G45_PIPESTAT_START_VBLANK);
    g45q_wr(&c, G45_IIR, G45_IRQ_PIPE_A_EVENT);
    g45q_stop(&c);
    text = read_log(path);
    unlink(path);
    g_assert_nonnull(strstr(text, "hwgpu_event intel-g45 surface: plane A "
                            "<- 0x00020000 in frame "));
    g_assert_nonnull(strstr(text, "hwgpu_event intel-g45 flip: plane A: "
                            "surface 0x00000000 -> 0x00020000"));
    g_assert_nonnull(strstr(text, "hwgpu_event intel-g45 irq: IIR 0x00000000 "
                            "-> 0x00000040"));
    g_assert_nonnull(strstr(text, "line up"));
    g_assert_nonnull(strstr(text, "-> 0x00000000 (IER 0x00000040, "));
    g_assert_nonnull(strstr(text, "line down"));
}

/*
 * A secure ring loops on a batch that writes an unknown register (logged
 * as unimplemented) for a second: a handful of lines, not one per
 * command.  After a device reset the same error is reported again.
 */
static void test_log_bounded(void)
{
    g_autofree char *path = log_path("errors");
    g_autofree char *args = g_strdup_printf(" -d guest_errors,unimp -D %s",
                                            path);
    g_autofree char *text = NULL;
    const uint32_t b = 0x30000;
    G45QRing r;
    G45Q c;
    int before;
    QDict *rsp;

    g45q_start(&c, args);
    g45q_map_linear(&c, 0x1000000, 64);
    g45q_gfx_writel(&c, b, G45_MI(G45_MI_LOAD_REGISTER_IMM) | 1);
    g45q_gfx_writel(&c, b + 4, 0x7fff0);    /* no register there */
    g45q_gfx_writel(&c, b + 8, 1);
    g45q_gfx_writel(&c, b + 12, G45_MI(G45_MI_NOOP));
    g45q_gfx_writel(&c, b + 16, G45_MI(G45_MI_BATCH_BUFFER_START) |
                    G45_MI_BB_GTT);
    g45q_gfx_writel(&c, b + 20, b);
    g45q_ring_init(&r, &c, G45_RCS_BASE, 0x10000, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    g45q_emit(&r, b);
    g45q_submit(&r);
    g_usleep(1500 * 1000);
    /* The loop really ran: ACTHD is inside the batch. */
    g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_ACTHD) & ~0xfffu, ==,
                    b);
    text = read_log(path);
    before = count(text, "0x7fff0");
    g_test_message("lines about the bad register in 1.5 s: %d", before);
    g_assert_cmpint(before, >=, 1);
    g_assert_cmpint(before, <=, 4 * HWGPU_LOG_BURST);
    g_free(text);

    /* A reset stops the loop; the same error is reported again at once. */
    rsp = qtest_qmp(c.qts, "{'execute':'system_reset'}");
    qobject_unref(rsp);
    qpci_device_enable(c.dev);
    c.mmio = qpci_iomap(c.dev, 0, NULL);    /* BARs were reset too */
    g45q_map_linear(&c, 0x1000000, 64);
    g45q_gfx_writel(&c, b, G45_MI(G45_MI_LOAD_REGISTER_IMM) | 1);
    g45q_gfx_writel(&c, b + 4, 0x7fff0);
    g45q_gfx_writel(&c, b + 8, 1);
    g45q_gfx_writel(&c, b + 12, G45_MI(G45_MI_BATCH_BUFFER_END));
    g45q_ring_init(&r, &c, G45_RCS_BASE, 0x10000, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    g45q_emit(&r, b);
    g45q_submit(&r);
    g45q_wait_idle(&r);
    g45q_stop(&c);
    text = read_log(path);
    unlink(path);
    g_assert_cmpint(count(text, "0x7fff0"), >, before);
}


/*
 * The command stream is traced with its disassembly (`-trace
 * hwgpu_cmd`): each command the ring executes, with engine and address,
 * batches included; ring pointer writes and batch start/end are
 * `hwgpu_event`s.
 */
static void test_trace_commands(void)
{
    g_autofree char *path = log_path("cmds");
    g_autofree char *args = g_strdup_printf(" -trace hwgpu_cmd -trace "
                                            "enable=hwgpu_event,file=%s",
                                            path);
    g_autofree char *text = NULL;
    const uint32_t b = 0x30000;
    G45QRing r;
    G45Q c;

    g45q_start(&c, args);
    g45q_map_linear(&c, 0x1000000, 64);
    g45q_gfx_writel(&c, b, G45_MI(G45_MI_NOOP));
    g45q_gfx_writel(&c, b + 4, G45_MI(G45_MI_BATCH_BUFFER_END));
    g45q_ring_init(&r, &c, G45_RCS_BASE, 0x10000, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    g45q_emit(&r, b);
    g45q_emit(&r, G45_MI(G45_MI_USER_INTERRUPT));
    g45q_submit(&r);
    g45q_wait_idle(&r);
    g45q_stop(&c);
    text = read_log(path);
    unlink(path);
    g_assert_nonnull(strstr(text, "hwgpu_cmd intel-g45 cmd: RCS 0x00010000: "
                            "MI_BATCH_BUFFER_START len=2 gtt=1 "
                            "non_secure=0 address=0x00030000"));
    /* Ring head/tail and batch start/end are events of their own. */
    g_assert_nonnull(strstr(text, "hwgpu_event intel-g45 ring: RCS TAIL <- "));
    g_assert_nonnull(strstr(text, "hwgpu_event intel-g45 batch: RCS: start "
                            "0x00030000 (GTT, secure)"));
    g_assert_nonnull(strstr(text, "hwgpu_event intel-g45 batch: RCS: end at "
                            "0x00030004"));
    g_assert_nonnull(strstr(text, "RCS 0x00030004 (batch): "
                            "MI_BATCH_BUFFER_END"));
    g_assert_nonnull(strstr(text, "RCS 0x00010008: MI_USER_INTERRUPT"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/intel-g45/log/trace-regs", test_trace_regs);
    qtest_add_func("/intel-g45/log/bounded", test_log_bounded);
    qtest_add_func("/intel-g45/log/trace-display", test_trace_display);
    qtest_add_func("/intel-g45/log/trace-commands", test_trace_commands);
    return g_test_run();
}
