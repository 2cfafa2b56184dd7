/*
 * Latency qtest for the intel-g45: whatever the guest puts on a ring, QEMU's
 * monitor and the device's registers must keep answering.  The largest
 * commands a guest can build run on the render ring (8192x8192 32bpp
 * XY_COLOR_BLT and XY_SRC_COPY_BLT, 256 MiB of guest RAM each through the
 * GTT, a batch of such blits, a batch that chains to itself, a
 * long batch of small commands), and while they run the test measures the
 * worst time of a ring register read (HEAD, ACTHD) and of a QMP
 * query-status, and of the GDRST that stops an endless batch.  The worst
 * must stay below LIMIT_MS.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include <sys/socket.h>
#include <sys/un.h>
#include "tests/qtest/libqtest.h"
#include "tests/qtest/libqos/pci-pc.h"
#include "qemu/bswap.h"
#include "qemu/atomic.h"
#include "qemu/thread.h"
#include "qobject/qdict.h"
#include "hwgpu/intel/g45/g45-regs.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-blt.h"

#define LIMIT_MS        50

#define PHYS_LOW        0x1000000ull    /* ring, status page, batches */
#define LOW_PAGES       1024u           /* gfx [0, 4 MiB) linear */
#define PHYS_DST        0x10000000ull   /* 256 MiB of guest RAM each */
#define PHYS_SRC        0x20000000ull
#define GFX_RING        0x10000u
#define RING_SIZE       0x10000u
#define GFX_BATCH       0x100000u       /* up to 3 MiB of batches */
#define GFX_DST         0x01000000u     /* 256 MiB, window repeated */
#define GFX_SRC         0x11000000u     /* 256 MiB, window repeated */
#define SURF_BYTES      0x10000000u
#define BLT_DIM         8192
#define BLT_PITCH       0x7fc0          /* the largest positive 16-bit pitch */
#define PCI_GDRST       0xc0

/*
 * A second monitor, polled from a thread of its own with query-status: it
 * sees the main loop stall while the test's own thread is blocked in a
 * register read.
 */
typedef struct Mon {
    char *path;
    int fd;
    QemuThread thread;
    bool stop;
    int64_t since;      /* count only queries sent after this time */
    int64_t worst_us;
    uint64_t n;
    char buf[4096];
    size_t len;
} Mon;

typedef struct Ctx {
    Mon mon;
    QTestState *qts;
    QPCIBus *bus;
    QPCIDevice *dev;
    QPCIBar mmio;
    uint32_t tail;
} Ctx;

typedef struct Worst {
    int64_t reg_us, qmp_us, reset_us, mon_us;
    uint64_t reg_n, qmp_n, mon_n;
} Worst;

static uint32_t rd(Ctx *c, uint32_t off)
{
    return qpci_io_readl(c->dev, c->mmio, off);
}

static void wr(Ctx *c, uint32_t off, uint32_t v)
{
    qpci_io_writel(c->dev, c->mmio, off, v);
}

/*
 * PTEs in bulk through BAR0: gfx pages [first, first+n) onto guest RAM at
 * `phys`, repeating after `win` pages.
 */
static void map(Ctx *c, uint32_t first, uint32_t n, uint64_t phys,
                uint32_t win)
{
    g_autofree uint32_t *pte = g_new(uint32_t, n);

    for (uint32_t i = 0; i < n; i++) {
        pte[i] = cpu_to_le32((uint32_t)(phys + (i % win) * 4096ull) | 1);
    }
    qtest_memwrite(c->qts, c->mmio.addr + G45_GTT_OFFSET + 4ull * first, pte,
                   4ull * n);
}

/* Read up to a line containing `key`; false on EOF. */
static bool mon_wait(Mon *m, const char *key)
{
    for (;;) {
        char *nl;
        ssize_t r;

        while ((nl = memchr(m->buf, '\n', m->len))) {
            bool hit;

            *nl = 0;
            hit = strstr(m->buf, key) != NULL;
            m->len -= nl + 1 - m->buf;
            memmove(m->buf, nl + 1, m->len);
            if (hit) {
                return true;
            }
        }
        if (m->len == sizeof(m->buf)) {
            m->len = 0;
        }
        r = read(m->fd, m->buf + m->len, sizeof(m->buf) - m->len);
        if (r <= 0) {
            return false;
        }
        m->len += r;
    }
}

static void mon_send(Mon *m, const char *cmd)
{
    g_assert_cmpint(write(m->fd, cmd, strlen(cmd)), ==, strlen(cmd));
}

static void *mon_thread(void *opaque)
{
    Mon *m = opaque;

    while (!qatomic_read(&m->stop)) {
        int64_t t0 = g_get_monotonic_time(), dt;

        mon_send(m, "{\"execute\": \"query-status\"}\n");
        if (!mon_wait(m, "\"return\"")) {
            break;
        }
        dt = g_get_monotonic_time() - t0;
        if (t0 >= qatomic_read(&m->since)) {
            qatomic_set(&m->worst_us, MAX(m->worst_us, dt));
            qatomic_set(&m->n, m->n + 1);
        }
        g_usleep(1000);
    }
    return NULL;
}

static void mon_start(Mon *m)
{
    struct sockaddr_un a = { .sun_family = AF_UNIX };

    m->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    g_assert(m->fd >= 0);
    g_strlcpy(a.sun_path, m->path, sizeof(a.sun_path));
    g_assert_cmpint(connect(m->fd, (struct sockaddr *)&a, sizeof(a)), ==, 0);
    m->len = 0;
    g_assert_true(mon_wait(m, "QMP"));
    mon_send(m, "{\"execute\": \"qmp_capabilities\"}\n");
    g_assert_true(mon_wait(m, "\"return\""));
    m->stop = false;
    m->since = INT64_MAX;
    m->worst_us = 0;
    m->n = 0;
    qemu_thread_create(&m->thread, "qmp-probe", mon_thread, m,
                       QEMU_THREAD_JOINABLE);
}

static void mon_stop(Mon *m)
{
    qatomic_set(&m->stop, true);
    qemu_thread_join(&m->thread);
    close(m->fd);
    unlink(m->path);
    g_free(m->path);
}

static void ctx_start(Ctx *c)
{
    c->mon.path = g_strdup_printf("%s/g45-lat-%d.qmp", g_get_tmp_dir(),
                                  getpid());
    c->qts = qtest_initf("-machine q35 -vga none -nic none -m 1G "
                         "-device intel-g45,addr=02.0 "
                         "-qmp unix:%s,server=on,wait=off", c->mon.path);
    c->bus = qpci_new_pc(c->qts, NULL);
    c->dev = qpci_device_find(c->bus, QPCI_DEVFN(2, 0));
    g_assert(c->dev);
    qpci_device_enable(c->dev);
    c->mmio = qpci_iomap(c->dev, 0, NULL);
    map(c, 0, LOW_PAGES, PHYS_LOW, LOW_PAGES);
    qtest_memset(c->qts, PHYS_LOW, 0, LOW_PAGES * 4096ull);
    map(c, GFX_DST / 4096, SURF_BYTES / 4096, PHYS_DST, SURF_BYTES / 4096);
    map(c, GFX_SRC / 4096, SURF_BYTES / 4096, PHYS_SRC, SURF_BYTES / 4096);
    c->tail = 0;
    wr(c, G45_RCS_BASE + G45_RING_HWS_PGA, 0);
    wr(c, G45_RCS_BASE + G45_RING_CTL, 0);
    wr(c, G45_RCS_BASE + G45_RING_HEAD, 0);
    wr(c, G45_RCS_BASE + G45_RING_TAIL, 0);
    wr(c, G45_RCS_BASE + G45_RING_START, GFX_RING);
    wr(c, G45_RCS_BASE + G45_RING_CTL,
       ((RING_SIZE - 4096) & G45_CTL_SIZE_MASK) | G45_CTL_VALID);
    mon_start(&c->mon);
}

static void ctx_stop(Ctx *c)
{
    mon_stop(&c->mon);
    g_free(c->dev);
    qpci_free_pc(c->bus);
    qtest_quit(c->qts);
}

static void emit(Ctx *c, uint32_t dw)
{
    qtest_writel(c->qts, PHYS_LOW + GFX_RING + c->tail, dw);
    c->tail = (c->tail + 4) % RING_SIZE;
}

/* Hand the ring over; the second monitor's figures start here. */
static void submit(Ctx *c)
{
    if (c->tail & 7) {
        emit(c, G45_MI(G45_MI_NOOP));
    }
    qatomic_set(&c->mon.since, g_get_monotonic_time());
    wr(c, G45_RCS_BASE + G45_RING_TAIL, c->tail);
}

/* The commands, as dwords (for the ring or a batch). */
static int xy_color(uint32_t *dw, uint32_t color)
{
    dw[0] = G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
            G45_BLT_WRITE_ALPHA;
    dw[1] = 3u << 24 | 0xf0u << 16 | BLT_PITCH;
    dw[2] = 0;
    dw[3] = BLT_DIM << 16 | BLT_DIM;
    dw[4] = GFX_DST;
    dw[5] = color;
    return 6;
}

static int xy_src_copy(uint32_t *dw)
{
    dw[0] = G45_2D(G45_BLT_XY_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
            G45_BLT_WRITE_ALPHA;
    dw[1] = 3u << 24 | 0xccu << 16 | BLT_PITCH;
    dw[2] = 0;
    dw[3] = BLT_DIM << 16 | BLT_DIM;
    dw[4] = GFX_DST;
    dw[5] = 0;
    dw[6] = BLT_PITCH;
    dw[7] = GFX_SRC;
    return 8;
}

static void emit_dw(Ctx *c, const uint32_t *dw, int n)
{
    for (int i = 0; i < n; i++) {
        emit(c, dw[i]);
    }
}

static void write_batch(Ctx *c, uint32_t gfx, const uint32_t *dw, size_t n)
{
    g_autofree uint32_t *le = g_new(uint32_t, n);

    for (size_t i = 0; i < n; i++) {
        le[i] = cpu_to_le32(dw[i]);
    }
    qtest_memwrite(c->qts, PHYS_LOW + gfx, le, n * 4);
}

/* HEAD moves past MI_BATCH_BUFFER_START at once: a batch may still run. */
static bool idle(Ctx *c)
{
    return (rd(c, G45_RCS_BASE + G45_RING_HEAD) & G45_HEAD_ADDR) == c->tail &&
           !(rd(c, G45_RCS_BASE + G45_RING_BBSTATE) & G45_BBSTATE_ACTIVE);
}

/*
 * Probe while the ring runs: register reads and QMP round trips, each timed,
 * until the ring is idle (or `max_ms` passed).  Returns the elapsed ms.
 */
static double probe(Ctx *c, Worst *w, int max_ms, bool until_idle,
                    bool qmp_first)
{
    int64_t start = g_get_monotonic_time(), t0, dt;
    static const uint32_t regs[] = {
        G45_RCS_BASE + G45_RING_HEAD, G45_RCS_BASE + G45_RING_ACTHD,
        G45_RCS_BASE + G45_RING_BBSTATE, G45_IIR,
    };
    uint32_t head = ~0u, bbstate = ~0u;

    for (int i = 0;; i++) {
        uint32_t v;
        QDict *r;

        if (!qmp_first || i) {
            t0 = g_get_monotonic_time();
            v = rd(c, regs[i % ARRAY_SIZE(regs)]);
            dt = g_get_monotonic_time() - t0;
            w->reg_us = MAX(w->reg_us, dt);
            w->reg_n++;
            if (i % ARRAY_SIZE(regs) == 0) {
                head = v;
            } else if (i % ARRAY_SIZE(regs) == 2) {
                bbstate = v;
            }
        }
        if (i % 4 == 1 || (qmp_first && !i)) {
            t0 = g_get_monotonic_time();
            r = qtest_qmp(c->qts, "{'execute': 'query-status'}");
            dt = g_get_monotonic_time() - t0;
            g_assert(qdict_haskey(r, "return"));
            qobject_unref(r);
            w->qmp_us = MAX(w->qmp_us, dt);
            w->qmp_n++;
        }
        if (until_idle && i % ARRAY_SIZE(regs) == 2 &&
            (head & G45_HEAD_ADDR) == c->tail &&
            !(bbstate & G45_BBSTATE_ACTIVE)) {
            break;
        }
        if (g_get_monotonic_time() - start > max_ms * 1000ll) {
            break;
        }
        g_usleep(500);
    }
    return (g_get_monotonic_time() - start) / 1000.0;
}

/* GDRST of the render domain, timed, and a fresh ring. */
static void timed_reset(Ctx *c, Worst *w)
{
    int64_t t0 = g_get_monotonic_time();

    qpci_config_writeb(c->dev, PCI_GDRST, (1u << 2) | 1);
    g_assert_cmphex(qpci_config_readb(c->dev, PCI_GDRST) & 1, ==, 0);
    w->reset_us = MAX(w->reset_us, g_get_monotonic_time() - t0);
    c->tail = 0;
    wr(c, G45_RCS_BASE + G45_RING_START, GFX_RING);
    wr(c, G45_RCS_BASE + G45_RING_CTL,
       ((RING_SIZE - 4096) & G45_CTL_SIZE_MASK) | G45_CTL_VALID);
}

/* Take the second monitor's figures (it keeps running until ctx_stop). */
static void collect(Ctx *c, Worst *w)
{
    w->mon_us = qatomic_read(&c->mon.worst_us);
    w->mon_n = qatomic_read(&c->mon.n);
}

static void report(const char *what, Worst *w, double ms)
{
    g_autofree char *rst = w->reset_us ?
        g_strdup_printf(", GDRST %.1f ms", w->reset_us / 1000.0) :
        g_strdup("");

    printf("# %s: ran %.0f ms; worst register read %.1f ms (%" PRIu64
           " reads), worst query-status %.1f ms (%" PRIu64 " in line, "
           "%.1f ms of %" PRIu64 " from a second monitor)%s\n",
           what, ms, w->reg_us / 1000.0, w->reg_n, w->qmp_us / 1000.0,
           w->qmp_n, w->mon_us / 1000.0, w->mon_n, rst);
    fflush(stdout);
}

/* Fail the case (not the process: the other cases still run and report). */
static void check(Worst *w)
{
    int64_t worst = MAX(MAX(w->reg_us, w->qmp_us),
                        MAX(w->reset_us, w->mon_us));

    if (worst >= LIMIT_MS * 1000) {
        g_test_message("the monitor or the device's registers were "
                       "unresponsive for %.1f ms (limit %d ms)",
                       worst / 1000.0, LIMIT_MS);
        g_test_fail();
    }
}

/* One 8192x8192 XY_COLOR_BLT on the ring; the first probe is a register
 * read or (data != NULL) a QMP command. */
static void test_color(const void *data)
{
    Ctx c;
    Worst w = { 0 };
    uint32_t dw[8];
    double ms;

    ctx_start(&c);
    emit_dw(&c, dw, xy_color(dw, 0x11223344));
    submit(&c);
    ms = probe(&c, &w, 30000, true, data != NULL);
    g_assert_true(idle(&c));
    /* It did draw (its first pixel is the window's first word). */
    g_assert_cmphex(qtest_readl(c.qts, PHYS_DST), ==, 0x11223344);
    collect(&c, &w);
    report(data ? "XY_COLOR_BLT 8192x8192x32, QMP first" :
           "XY_COLOR_BLT 8192x8192x32, register read first", &w, ms);
    ctx_stop(&c);
    check(&w);
}

/* One 8192x8192 XY_SRC_COPY_BLT on the ring. */
static void test_copy(const void *data)
{
    Ctx c;
    Worst w = { 0 };
    uint32_t dw[8];
    double ms;

    ctx_start(&c);
    emit_dw(&c, dw, xy_src_copy(dw));
    submit(&c);
    ms = probe(&c, &w, 30000, true, data != NULL);
    g_assert_true(idle(&c));
    collect(&c, &w);
    report(data ? "XY_SRC_COPY_BLT 8192x8192x32, QMP first" :
           "XY_SRC_COPY_BLT 8192x8192x32, register read first", &w, ms);
    ctx_stop(&c);
    check(&w);
}

/* A batch of four big fills then four big copies. */
static void test_blit_batch(void)
{
    Ctx c;
    Worst w = { 0 };
    uint32_t dw[128];
    int n = 0;
    double ms;

    ctx_start(&c);
    for (int i = 0; i < 4; i++) {
        n += xy_color(dw + n, 0x01010101 * i);
    }
    for (int i = 0; i < 4; i++) {
        n += xy_src_copy(dw + n);
    }
    dw[n++] = G45_MI(G45_MI_BATCH_BUFFER_END);
    write_batch(&c, GFX_BATCH, dw, n);
    emit(&c, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(&c, GFX_BATCH);
    submit(&c);
    ms = probe(&c, &w, 60000, true, false);
    collect(&c, &w);
    report("batch of 4 fills + 4 copies at 8192x8192x32", &w, ms);
    ctx_stop(&c);
    check(&w);
}

/* A batch that chains to itself after a big fill: endless until GDRST. */
static void test_self_chain(void)
{
    Ctx c;
    Worst w = { 0 };
    uint32_t dw[16];
    int n;
    double ms;

    ctx_start(&c);
    n = xy_color(dw, 0xcafe0000);
    dw[n++] = G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT;
    dw[n++] = GFX_BATCH;
    write_batch(&c, GFX_BATCH, dw, n);
    emit(&c, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(&c, GFX_BATCH);
    submit(&c);
    ms = probe(&c, &w, 3000, false, false);
    g_assert_false(idle(&c));
    timed_reset(&c, &w);
    collect(&c, &w);
    report("self-chaining batch with an 8192x8192 fill, then GDRST", &w, ms);
    ctx_stop(&c);
    check(&w);
}

/* A 3 MiB batch of small commands (stores and no-ops), chained 16 times. */
static void test_long_batch(void)
{
    Ctx c;
    Worst w = { 0 };
    size_t n = 0, max = (3u << 20) / 4;
    g_autofree uint32_t *dw = g_new(uint32_t, max);
    double ms;

    ctx_start(&c);
    while (n + 8 < max) {
        dw[n] = G45_MI(G45_MI_STORE_DATA_INDEX) | 1;
        dw[n + 1] = 4 * (n / 4 % 512);
        dw[n + 2] = n;
        dw[n + 3] = G45_MI(G45_MI_NOOP);
        n += 4;
    }
    dw[n++] = G45_MI(G45_MI_BATCH_BUFFER_END);
    write_batch(&c, GFX_BATCH, dw, n);
    for (int i = 0; i < 16; i++) {
        emit(&c, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
        emit(&c, GFX_BATCH);
    }
    submit(&c);
    ms = probe(&c, &w, 60000, true, false);
    collect(&c, &w);
    report("16 x 3 MiB batch of MI_STORE_DATA_INDEX/MI_NOOP", &w, ms);
    ctx_stop(&c);
    check(&w);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_data_func("/intel-g45/latency/xy-color-8192/reg", NULL,
                        test_color);
    qtest_add_data_func("/intel-g45/latency/xy-color-8192/qmp", "qmp",
                        test_color);
    qtest_add_data_func("/intel-g45/latency/xy-src-copy-8192/reg", NULL,
                        test_copy);
    qtest_add_data_func("/intel-g45/latency/xy-src-copy-8192/qmp", "qmp",
                        test_copy);
    qtest_add_func("/intel-g45/latency/blit-batch", test_blit_batch);
    qtest_add_func("/intel-g45/latency/self-chain", test_self_chain);
    qtest_add_func("/intel-g45/latency/long-batch", test_long_batch);
    return g_test_run();
}
