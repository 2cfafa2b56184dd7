/*
 * Fuzz target for the intel-g45 QEMU glue: the real device in a real QEMU,
 * driven through qtest by a seeded PRNG with structure-aware operations:
 * register writes and reads biased to the registers that do the most (ring
 * TAIL/HEAD/START/CTL, interrupts, fences, GMBUS, pipes, planes, cursors),
 * PCI config writes (bus mastering, GDRST), GTT PTEs aimed at guest RAM,
 * at other devices, at our own BARs and at nothing, aperture traffic, rings
 * and batches full of valid and broken commands (MI_*, 2D blits with random
 * and huge rectangles, GFXPIPE, random dwords), display modes that make the
 * scanout run, screendumps, virtual clock steps and machine resets.
 *
 * Every case runs in a forked child (libqtest aborts the process when QEMU
 * dies), so a crash or a hang of QEMU is one failing case naming its seed.
 * A liveness check (a device register read through qtest and a QMP
 * query-status) runs every few operations under a watchdog: no answer
 * within HANG_S seconds is a hang.
 *
 * Environment:
 *   HWGPU_FUZZ_SEED     first seed (default: random, printed)
 *   HWGPU_FUZZ_SECONDS  wall-clock budget of the random cases (default 60)
 *   HWGPU_FUZZ_CASES    number of random cases (default: SECONDS / 6)
 *   HWGPU_FUZZ_OPS      operations per case (default: until its time share)
 *   HWGPU_FUZZ_VERBOSE  print every operation (for replaying a finding)
 * Replay a case: HWGPU_FUZZ_SEED=<seed> HWGPU_FUZZ_CASES=1
 * HWGPU_FUZZ_OPS=<ops printed> (timing of the worker threads differs from
 * run to run, the operation sequence does not).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include <sys/wait.h>
#include "tests/qtest/libqtest.h"
#include "tests/qtest/libqos/pci-pc.h"
#include "hw/pci/pci_regs.h"
#include "qemu/bswap.h"
#include "qobject/qdict.h"
#include "hwgpu/intel/g45/g45-regs.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-blt.h"
#include "hwgpu/intel/g45/g45-display.h"
#include "intel-g45-fuzz.h"

/* A sequence that found something: replayed first, by seed. */
typedef struct Regression {
    uint32_t seed;
    uint32_t ops;
    const char *what;
} Regression;

static const Regression regressions[] = {
    { 0, 0, NULL },     /* (none found so far; see the report in git log) */
};

/* ---- device access ------------------------------------------------------ */

static uint32_t rd(Fuzz *f, uint32_t off)
{
    return qtest_readl(f->qts, f->bar0 + off);
}

static void wr(Fuzz *f, uint32_t off, uint32_t v)
{
    if (f->verbose) {
        g_printerr("  wr %06x %08x\n", off, v);
    }
    qtest_writel(f->qts, f->bar0 + off, v);
}

/* Put the BARs back where they were (after a reset cleared them). */
static void program_bars(Fuzz *f)
{
    qpci_config_writel(f->dev, PCI_BASE_ADDRESS_0, (uint32_t)f->bar0);
    qpci_config_writel(f->dev, PCI_BASE_ADDRESS_1, f->bar0 >> 32);
    qpci_config_writel(f->dev, PCI_BASE_ADDRESS_2, (uint32_t)f->bar2);
    qpci_config_writel(f->dev, PCI_BASE_ADDRESS_3, f->bar2 >> 32);
    qpci_config_writel(f->dev, PCI_BASE_ADDRESS_4, f->bar4 | 1);
    qpci_config_writew(f->dev, PCI_COMMAND, PCI_COMMAND_IO |
                       PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
}

/* Linear GTT over our RAM window, written in bulk through BAR0. */
static void map_linear(Fuzz *f)
{
    g_autofree uint32_t *pte = g_new(uint32_t, GFX_PAGES);

    for (uint32_t i = 0; i < GFX_PAGES; i++) {
        pte[i] = cpu_to_le32((uint32_t)(PHYS_BASE + i * 4096ull) | 1);
    }
    qtest_memwrite(f->qts, f->bar0 + G45_GTT_OFFSET, pte,
                   GFX_PAGES * sizeof(*pte));
}

/* The state a driver would set up: the GTT, unmasked interrupts, rings. */
static void base_setup(Fuzz *f)
{
    map_linear(f);
    wr(f, G45_IMR, 0);
    wr(f, G45_IER, 0xffffffff);
    wr(f, G45_EMR, 0);
    for (int e = 0; e < 2; e++) {
        uint32_t base = e ? G45_BSD_BASE : G45_RCS_BASE;

        f->ring_gfx[e] = 0x10000 + e * 0x20000;
        f->ring_size[e] = 0x10000;
        f->ring_tail[e] = 0;
        wr(f, base + G45_RING_HWS_PGA, 0x1000 * e);
        wr(f, base + G45_RING_CTL, 0);
        wr(f, base + G45_RING_HEAD, 0);
        wr(f, base + G45_RING_TAIL, 0);
        wr(f, base + G45_RING_START, f->ring_gfx[e]);
        wr(f, base + G45_RING_CTL,
           ((f->ring_size[e] - 4096) & G45_CTL_SIZE_MASK) | G45_CTL_VALID);
    }
}

static void fuzz_start(Fuzz *f)
{
    f->qts = qtest_initf("-machine q35 -vga none -nic none -m %d "
                         "-device intel-g45,addr=02.0", RAM_MB);
    f->bus = qpci_new_pc(f->qts, NULL);
    f->dev = qpci_device_find(f->bus, QPCI_DEVFN(2, 0));
    g_assert(f->dev);
    qpci_device_enable(f->dev);
    f->mmio = qpci_iomap(f->dev, 0, NULL);
    f->ap = qpci_iomap(f->dev, 2, NULL);
    f->io = qpci_iomap(f->dev, 4, NULL);
    f->bar0 = f->mmio.addr;
    f->bar2 = f->ap.addr;
    f->bar4 = f->io.addr;
    base_setup(f);
}

/* Reset one engine through GDRST and give it a fresh ring, as i915 does. */
static void recover(Fuzz *f, int e)
{
    uint32_t base = e ? G45_BSD_BASE : G45_RCS_BASE;

    qpci_config_writeb(f->dev, PCI_GDRST, e ? (3u << 2) | 1 : (1u << 2) | 1);
    wr(f, G45_EIR, 0xffffffff);
    wr(f, G45_IIR, 0xffffffff);
    f->ring_gfx[e] = 0x10000 + e * 0x20000;
    f->ring_size[e] = 0x10000;
    f->ring_tail[e] = 0;
    wr(f, base + G45_RING_HWS_PGA, 0x1000 * e);
    wr(f, base + G45_RING_START, f->ring_gfx[e]);
    wr(f, base + G45_RING_CTL,
       ((f->ring_size[e] - 4096) & G45_CTL_SIZE_MASK) | G45_CTL_VALID);
    f->recoveries++;
}

/* Engines that stopped making progress (parser error, endless batch, wait
 * for an event that never comes) get reset now and then. */
static void watch_engines(Fuzz *f)
{
    for (int e = 0; e < 2; e++) {
        uint32_t base = e ? G45_BSD_BASE : G45_RCS_BASE;
        uint32_t head = rd(f, base + G45_RING_HEAD);

        if (head != f->last_head[e]) {
            f->moves++;
            f->stuck[e] = 0;
        } else if ((head & G45_HEAD_ADDR) != f->ring_tail[e] &&
                   ++f->stuck[e] > 2 + below(f, 4)) {
            recover(f, e);
            f->stuck[e] = 0;
        }
        f->last_head[e] = head;
    }
}

/* ---- liveness ------------------------------------------------------------ */

static uint32_t alarm_seed;
static uint64_t alarm_ops;

static void on_alarm(int sig)
{
    char msg[160];
    int n = snprintf(msg, sizeof(msg), "HANG: QEMU did not answer within "
                     "%d s (seed %u, op %" PRIu64 ")\n", HANG_S, alarm_seed,
                     alarm_ops);

    if (write(2, msg, n) < 0) {
        /* nothing more to do */
    }
    _exit(3);       /* QEMU dies with us (PR_SET_PDEATHSIG) */
}

/* A register read through qtest and a QMP round trip, both bounded. */
static void check_alive(Fuzz *f)
{
    int64_t t0 = g_get_monotonic_time(), dt;
    QDict *r;

    alarm_ops = f->ops;
    alarm(HANG_S);
    qpci_config_readw(f->dev, PCI_VENDOR_ID);
    rd(f, G45_RCS_BASE + G45_RING_HEAD);
    r = qtest_qmp(f->qts, "{'execute': 'query-status'}");
    g_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
    alarm(0);
    dt = g_get_monotonic_time() - t0;
    f->worst_us = MAX(f->worst_us, dt);
    f->checks++;
}


/* Append commands to an engine's ring and hand them over with TAIL. */
static void op_ring(Fuzz *f)
{
    int e = chance(f, 75) ? 0 : 1;
    uint32_t base = e ? G45_BSD_BASE : G45_RCS_BASE;
    Buf *b = g_new0(Buf, 1);

    gen_cmds(f, b, 1 + below(f, 16), 0, false);
    if (chance(f, 50)) {
        put(b, G45_MI(G45_MI_USER_INTERRUPT));
    }
    if (b->n & 1) {
        put(b, G45_MI(G45_MI_NOOP));
    }
    for (int i = 0; i < b->n; i++) {
        gfx_wr(f, f->ring_gfx[e] + f->ring_tail[e], b->dw[i]);
        f->ring_tail[e] = (f->ring_tail[e] + 4) % f->ring_size[e];
    }
    g_free(b);
    if (f->verbose) {
        g_printerr("  ring %d tail %x\n", e, f->ring_tail[e]);
    }
    wr(f, base + G45_RING_TAIL, f->ring_tail[e]);
    f->kicks++;
}

/* A ring somewhere else, of another size, maybe half-programmed. */
static void op_ring_setup(Fuzz *f)
{
    int e = below(f, 2);
    uint32_t base = e ? G45_BSD_BASE : G45_RCS_BASE;
    uint32_t pages = 1 + below(f, 32);

    f->ring_gfx[e] = 0x10000 + (below(f, GFX_SIZE - 0x30000) & ~0xfffu);
    f->ring_size[e] = pages * 4096;
    f->ring_tail[e] = 0;
    wr(f, base + G45_RING_CTL, 0);
    wr(f, base + G45_RING_HEAD, 0);
    wr(f, base + G45_RING_TAIL, 0);
    wr(f, base + G45_RING_START, f->ring_gfx[e]);
    if (chance(f, 90)) {
        wr(f, base + G45_RING_CTL, ((pages - 1) << 12) | G45_CTL_VALID |
           (chance(f, 10) ? below(f, 8) : 0));
    }
}

/* A random but coherent mode on pipe A or B so that the scanout runs. */
static void op_mode(Fuzz *f)
{
    uint32_t pipe = chance(f, 80) ? 0 : 0x1000;
    uint32_t w, h, stride, fmt, cpp;

    if (chance(f, 60)) {
        w = 1 + below(f, 800);          /* odd widths included */
        h = 1 + below(f, 600);
    } else {
        w = 1 + below(f, 4096);
        h = 1 + below(f, 4096);
    }
    fmt = chance(f, 80) ? (uint32_t[]){ 2, 3, 5, 6, 7, 8, 10, 14 }[below(f, 8)]
          : below(f, 16);
    cpp = fmt == 2 ? 1 : (fmt == 3 || fmt == 5) ? 2 : 4;
    stride = chance(f, 60) ? ROUND_UP(w * cpp, 64) :
             chance(f, 50) ? w * cpp : ivalue(f);
    wr(f, G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    wr(f, G45_HTOTAL_A + pipe, (w + 100) << 16 | (w - 1));
    wr(f, G45_VTOTAL_A + pipe, (h + 30) << 16 | (h - 1));
    wr(f, G45_VBLANK_A + pipe, (h + 30) << 16 | (h - 1));
    wr(f, G45_PIPEASRC + pipe, (w - 1) << 16 | (h - 1));
    wr(f, G45_FPA0 + (pipe ? 8 : 0), (1u << 16) | (13u << 8) | 4);
    wr(f, G45_DPLL_A + (pipe ? 4 : 0), (1u << 31) | (1u << 26) | (1u << 19));
    wr(f, G45_PIPEACONF + pipe, G45_PIPECONF_ENABLE);
    wr(f, G45_DSPACNTR + pipe, G45_DSPCNTR_ENABLE | fmt << 26 |
       (pipe ? G45_DSPCNTR_PIPE_B : 0) |
       (chance(f, 20) ? G45_DSPCNTR_TILED : 0));
    wr(f, G45_DSPASTRIDE + pipe, stride);
    wr(f, G45_DSPALINOFF + pipe, chance(f, 80) ? 0 : ivalue(f));
    wr(f, G45_DSPATILEOFF + pipe, chance(f, 80) ? 0 : ivalue(f));
    wr(f, G45_DSPASURF + pipe, chance(f, 80) ?
       below(f, GFX_SIZE) & ~0xfffu : ivalue(f));
    if (chance(f, 40)) {
        wr(f, G45_CURACNTR + (pipe ? 0x40 : 0), chance(f, 70) ?
           (uint32_t[]){ 0x27, 0x26, 0x07 }[below(f, 3)] | (pipe ? 1u << 28
           : 0) : ivalue(f));
        wr(f, G45_CURAPOS + (pipe ? 0x40 : 0), chance(f, 70) ?
           below(f, w + 64) << 0 | below(f, h + 64) << 16 : rnd(f));
        wr(f, G45_CURABASE + (pipe ? 0x40 : 0), chance(f, 80) ?
           below(f, GFX_SIZE) & ~0xfffu : ivalue(f));
    }
}

static void op_screendump(Fuzz *f)
{
    g_autofree char *path = g_strdup_printf("%s/g45-fuzz-%d.ppm",
                                            g_get_tmp_dir(), getpid());
    QDict *r;

    r = qtest_qmp(f->qts, "{'execute': 'screendump', 'arguments': "
                  "{'filename': %s}}", path);
    qobject_unref(r);
    unlink(path);
    f->dumps++;
}

static void op_reset(Fuzz *f)
{
    QDict *r;

    r = qtest_qmp(f->qts, "{'execute': 'system_reset'}");
    qobject_unref(r);
    qtest_qmp_eventwait(f->qts, "RESET");
    program_bars(f);
    base_setup(f);
    f->resets++;
}

/* A PTE: guest RAM in or out of our window, other devices, our BARs, junk. */
static void op_pte(Fuzz *f)
{
    uint32_t idx = chance(f, 80) ? below(f, GFX_PAGES) : below(f, GTT_ENTRIES);
    uint64_t a;

    switch (below(f, 7)) {
    case 0:
        a = (uint64_t)below(f, RAM_MB << 8) << 12;
        break;
    case 1:
        a = f->bar0 + (below(f, 1024) << 12);
        break;
    case 2:
        a = f->bar2 + (below(f, 1024) << 12);
        break;
    case 3:
        a = chance(f, 50) ? 0xfee00000 : 0xfed00000;     /* APIC, HPET */
        break;
    case 4:
        a = (uint64_t)rnd(f) << 4;                       /* up to 36 bits */
        break;
    case 5:
        wr(f, G45_GTT_OFFSET + 4 * idx, rnd(f));        /* any bits */
        return;
    default:
        a = PHYS_BASE + ((uint64_t)below(f, GFX_PAGES) << 12);
        break;
    }
    wr(f, G45_GTT_OFFSET + 4 * idx, ((uint32_t)a & ~0xfffu) |
       (uint32_t)((a >> 32) & 0xf) << 4 | (chance(f, 90) ? 1 : 0));
}

static void op_aperture(Fuzz *f)
{
    uint32_t off = chance(f, 80) ? below(f, GFX_SIZE) : below(f, 256u << 20);
    uint8_t buf[4096];
    uint32_t len = chance(f, 70) ? 4 : 1 + below(f, sizeof(buf));

    off &= chance(f, 80) ? ~3u : ~0u;
    switch (below(f, 4)) {
    case 0:
        qtest_readl(f->qts, f->bar2 + (off & ~3u));
        break;
    case 1:
        qtest_writel(f->qts, f->bar2 + (off & ~3u), rnd(f));
        break;
    case 2:
        for (uint32_t i = 0; i < len; i++) {
            buf[i] = rnd(f);
        }
        qtest_memwrite(f->qts, f->bar2 + off, buf, len);
        break;
    default:
        qtest_memread(f->qts, f->bar2 + off, buf, len);
        break;
    }
}

/* A coherent fence (X or Y tiled, valid pitch) over part of the window. */
static void op_fence(Fuzz *f)
{
    uint32_t n = below(f, 16);
    uint32_t start = below(f, GFX_SIZE) & ~0xfffu;
    uint32_t end = start + (below(f, 64) << 12);
    bool y = chance(f, 40);
    uint32_t pitch = y ? below(f, 64) : 4 * below(f, 16) + 3;

    if (chance(f, 10)) {
        wr(f, G45_FENCE0 + 8 * n, 0);
        return;
    }
    wr(f, G45_FENCE0 + 8 * n + 4, end);
    wr(f, G45_FENCE0 + 8 * n, start | pitch << 2 | (y ? 2 : 0) | 1);
}

/*
 * One aperture page, hot: accessed until the glue maps it straight onto
 * RAM, then its PTE changes (to RAM, our BARs, the aperture itself, other
 * devices, nothing) or a fence covers it, and it is accessed again, also
 * with accesses that straddle into the next page.
 */
static void op_aperture_hot(Fuzz *f)
{
    uint32_t page = below(f, 256);
    uint64_t a = f->bar2 + page * 4096ull;
    uint8_t buf[256];
    int n = 2 + below(f, 12);

    for (int i = 0; i < n; i++) {
        if (chance(f, 50)) {
            qtest_writel(f->qts, a + 4 * below(f, 1024), rnd(f));
        } else {
            qtest_readl(f->qts, a + 4 * below(f, 1024));
        }
    }
    if (chance(f, 30)) {
        op_fence(f);
    }
    switch (below(f, 5)) {
    case 0:
        wr(f, G45_GTT_OFFSET + 4 * page,
           ((uint32_t)f->bar2 + (below(f, 256) << 12)) | 1);
        break;
    case 1:
        wr(f, G45_GTT_OFFSET + 4 * page,
           ((uint32_t)f->bar0 + (below(f, 1024) << 12)) | 1);
        break;
    case 2:
        wr(f, G45_GTT_OFFSET + 4 * page, rnd(f));
        break;
    default:
        wr(f, G45_GTT_OFFSET + 4 * page,
           (uint32_t)(PHYS_BASE + below(f, GFX_PAGES) * 4096ull) | 1);
        break;
    }
    for (int i = 0; i < n; i++) {
        uint32_t off = below(f, 4096 + 128);
        uint32_t len = 1 + below(f, sizeof(buf));

        if (chance(f, 50)) {
            for (uint32_t k = 0; k < len; k++) {
                buf[k] = rnd(f);
            }
            qtest_memwrite(f->qts, a + off, buf, len);
        } else {
            qtest_memread(f->qts, a + off, buf, len);
        }
    }
}

static void op_pci(Fuzz *f)
{
    switch (below(f, 6)) {
    case 0:
        /* bus mastering and memory decode on and off */
        qpci_config_writew(f->dev, PCI_COMMAND, PCI_COMMAND_IO |
                           (chance(f, 70) ? PCI_COMMAND_MEMORY : 0) |
                           (chance(f, 60) ? PCI_COMMAND_MASTER : 0));
        break;
    case 1: case 2:
        qpci_config_writeb(f->dev, PCI_GDRST, chance(f, 80) ?
                           (below(f, 4) << 2) | 1 : rnd(f));
        qpci_config_readb(f->dev, PCI_GDRST);
        break;
    case 3:
        /* device-specific config space (not the BARs) */
        qpci_config_writel(f->dev, 0x40 + 4 * below(f, 48), ivalue(f));
        break;
    case 4:
        qpci_config_readl(f->dev, 4 * below(f, 64));
        break;
    default:
        program_bars(f);
        break;
    }
}

static void op_io(Fuzz *f)
{
    qpci_io_writel(f->dev, f->io, G45_IO_INDEX, ireg(f));
    if (chance(f, 50)) {
        qpci_io_writel(f->dev, f->io, G45_IO_DATA, ivalue(f));
    } else {
        qpci_io_readl(f->dev, f->io, G45_IO_DATA);
    }
}

static void one_op(Fuzz *f)
{
    uint32_t k = below(f, 1000);

    if (k < 300) {
        wr(f, ireg(f), ivalue(f));
    } else if (k < 400) {
        rd(f, ireg(f));
    } else if (k < 430) {
        wr(f, 4 * below(f, 0x80000 / 4), rnd(f));
    } else if (k < 480) {
        op_pci(f);
    } else if (k < 560) {
        op_pte(f);
    } else if (k < 640) {
        op_aperture(f);
    } else if (k < 780) {
        op_ring(f);
    } else if (k < 810) {
        op_ring_setup(f);
    } else if (k < 850) {
        op_mode(f);
    } else if (k < 870) {
        op_screendump(f);
    } else if (k < 900) {
        qtest_clock_step(f->qts, 1000 * (1 + below(f, 50000)));
    } else if (k < 930) {
        g_usleep(below(f, 3000));       /* let the engines run */
    } else if (k < 940) {
        op_io(f);
    } else if (k < 950) {
        if (chance(f, 70)) {
            op_aperture_hot(f);
        } else {
            op_fence(f);
        }
    } else if (k < 960) {
        base_setup(f);
    } else if (k < 961 && chance(f, 30)) {
        op_reset(f);
    } else {
        /* random guest RAM inside the window (batches, surfaces, PTE
         * targets) */
        uint32_t v = rnd(f);

        qtest_memset(f->qts, PHYS_BASE + (below(f, GFX_SIZE) & ~0xfffu),
                     v & 0xff, 1 + below(f, 0x4000));
    }
    f->ops++;
}

/*
 * One case, in the forked child: `ops` operations (0: until `secs`
 * elapsed) from seed `seed`.  Exits 0 if QEMU stayed alive and answered.
 */
static void run_case(uint32_t seed, uint64_t ops, double secs, bool verbose)
{
    Fuzz f = { .seed = seed, .verbose = verbose };
    int64_t t0 = g_get_monotonic_time();
    int64_t end = t0 + (int64_t)(secs * 1e6);

    signal(SIGALRM, on_alarm);
    alarm_seed = seed;
    f.rnd = g_rand_new_with_seed(seed);
    alarm(HANG_S * 4);              /* start-up included */
    fuzz_start(&f);
    alarm(0);
    while (ops ? f.ops < ops : g_get_monotonic_time() < end) {
        if (verbose) {
            g_printerr("op %" PRIu64 "\n", f.ops);
        }
        one_op(&f);
        if (f.ops % CHECK_EVERY == 0) {
            check_alive(&f);
            watch_engines(&f);
        }
    }
    check_alive(&f);
    alarm(HANG_S * 4);
    qtest_quit(f.qts);              /* fails on a crashed QEMU */
    alarm(0);
    g_free(f.dev);
    g_rand_free(f.rnd);
    printf("# seed %u: %" PRIu64 " ops (%" PRIu64 " ring kicks, %" PRIu64
           " seen moving, %" PRIu64 " engine resets, %" PRIu64
           " screendumps, %" PRIu64 " machine resets) in %.1f s, %.0f ops/s, "
           "worst liveness check %.1f ms\n", seed, f.ops, f.kicks, f.moves,
           f.recoveries, f.dumps, f.resets, (g_get_monotonic_time() - t0) / 1e6,
           f.ops / ((g_get_monotonic_time() - t0) / 1e6),
           f.worst_us / 1000.0);
    fflush(stdout);
}

typedef struct Case {
    uint32_t seed;
    uint64_t ops;
    double secs;
} Case;

static bool verbose_env(void)
{
    return g_getenv("HWGPU_FUZZ_VERBOSE") != NULL;
}

/* Fork, run the case, judge how the child ended. */
static void test_case(const void *data)
{
    const Case *c = data;
    int64_t limit = (int64_t)((c->ops ? 600 : c->secs) * 1e6) +
                    60 * 1000000ll;
    int64_t t0 = g_get_monotonic_time();
    int status = 0;
    pid_t pid;

    fflush(stdout);
    fflush(stderr);
    pid = fork();
    g_assert(pid >= 0);
    if (pid == 0) {
        run_case(c->seed, c->ops, c->secs, verbose_env());
        _exit(0);
    }
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (g_get_monotonic_time() - t0 > limit) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            g_test_message("seed %u: case did not end within %" PRId64 " s",
                           c->seed, limit / 1000000);
            break;
        }
        g_usleep(20 * 1000);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        g_test_message("FOUND: seed %u: %s %d (3: hang, SIGABRT: QEMU died "
                       "or an assertion failed; see above). Replay: "
                       "HWGPU_FUZZ_SEED=%u HWGPU_FUZZ_CASES=1 "
                       "HWGPU_FUZZ_OPS=<ops> HWGPU_FUZZ_VERBOSE=1",
                       c->seed, WIFEXITED(status) ? "exit status" : "signal",
                       WIFEXITED(status) ? WEXITSTATUS(status) :
                       WTERMSIG(status), c->seed);
        g_test_fail();
    }
}

static uint64_t env_u64(const char *name, uint64_t dflt)
{
    const char *s = g_getenv(name);

    return s && *s ? g_ascii_strtoull(s, NULL, 0) : dflt;
}

int main(int argc, char **argv)
{
    uint32_t seed = env_u64("HWGPU_FUZZ_SEED", g_random_int() >> 1);
    double secs = env_u64("HWGPU_FUZZ_SECONDS", 60);
    uint64_t ncases = env_u64("HWGPU_FUZZ_CASES", MAX(1, secs / CASE_S));
    uint64_t ops = env_u64("HWGPU_FUZZ_OPS", 0);

    g_test_init(&argc, &argv, NULL);
    printf("# intel-g45 glue fuzz: HWGPU_FUZZ_SEED=%u HWGPU_FUZZ_SECONDS=%.0f "
           "HWGPU_FUZZ_CASES=%" PRIu64 " HWGPU_FUZZ_OPS=%" PRIu64 "\n",
           seed, secs, ncases, ops);
    for (int i = 0; i < ARRAY_SIZE(regressions); i++) {
        Case *c;
        g_autofree char *path = NULL;

        if (!regressions[i].what) {
            continue;
        }
        c = g_new0(Case, 1);
        c->seed = regressions[i].seed;
        c->ops = regressions[i].ops;
        path = g_strdup_printf("/intel-g45/fuzz/regression/seed-%u", c->seed);
        qtest_add_data_func(path, c, test_case);
    }
    for (uint64_t i = 0; i < ncases; i++) {
        Case *c = g_new0(Case, 1);
        g_autofree char *path = NULL;

        c->seed = seed + i;
        c->ops = ops;
        c->secs = secs / ncases;
        path = g_strdup_printf("/intel-g45/fuzz/random/seed-%u", c->seed);
        qtest_add_data_func(path, c, test_case);
    }
    return g_test_run();
}
