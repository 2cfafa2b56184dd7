/*
 * The intel-g45 qtest harness shared by the device's qtests: start a q35
 * machine with the device at 00:02.0 (each test adds its own options),
 * register access through BAR0, a linear GTT onto guest RAM, a ring on
 * either engine; screendumps come from hwgpu-qtest.h.
 *
 * Command encodings: docs/g45-cs.md, include/hwgpu/intel/g45/g45-cmd.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_INTEL_G45_QTEST_H
#define HWGPU_TESTS_INTEL_G45_QTEST_H

#include "qemu/osdep.h"
#include "tests/qtest/libqtest.h"
#include "tests/qtest/libqos/pci-pc.h"
#include "qemu/bswap.h"
#include "qobject/qdict.h"
#include "standard-headers/linux/pci_regs.h"
#include "hwgpu/intel/g45/g45-regs.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-display.h"
#include "hwgpu-qtest.h"

#define G45Q_WAIT_US    (5 * 1000 * 1000)
#define G45Q_QEMU_ARGS  "-machine %s -vga none -nic none -m 256 " \
                        "-device intel-g45,addr=02.0%s"

/* The mode g45q_pipe_a() sets: 1344x806 total, DPLL 96 MHz * 81 / 3 /
 * (4 * 10) = 64.8 MHz dot clock, so one frame takes FRAME_NS. */
#define G45Q_FRAME_NS   (1344ull * 806 * 1000000 / 64800)

typedef struct G45Q {
    QTestState *qts;
    QPCIBus *bus;
    QPCIDevice *dev;
    QPCIBar mmio;
    uint64_t gtt_phys;          /* guest RAM behind graphics address 0 */
} G45Q;

typedef struct G45QRing {
    G45Q *c;
    uint32_t base;      /* MMIO base of the engine: 0x2000 or 0x4000 */
    uint32_t irq;       /* IIR bit of its user interrupt */
    uint32_t gfx;       /* graphics address of the ring */
    uint32_t size;      /* bytes */
    uint32_t tail;      /* next byte to write */
} G45QRing;

/*
 * Start `-machine machine` with the device at 00:02.0; `extra` follows the
 * device's own options directly (",xres=1280" adds a device property,
 * " -d unimp" a QEMU option).
 * With `enable`, bus mastering and decoding are on and BAR0 is mapped
 * (c->mmio); without, the device is as firmware-less QEMU leaves it.
 */
static inline void g45q_start_on(G45Q *c, const char *machine, bool enable,
                                 const char *extra)
{
    c->qts = qtest_initf(G45Q_QEMU_ARGS, machine, extra);
    c->bus = qpci_new_pc(c->qts, NULL);
    c->dev = qpci_device_find(c->bus, QPCI_DEVFN(2, 0));
    g_assert(c->dev);
    if (enable) {
        qpci_device_enable(c->dev);
        c->mmio = qpci_iomap(c->dev, 0, NULL);
    }
    c->gtt_phys = 0;
}

/* q35, device enabled, BAR0 mapped. */
static inline void g45q_start(G45Q *c, const char *extra)
{
    g45q_start_on(c, "q35", true, extra);
}

static inline void g45q_stop(G45Q *c)
{
    g_free(c->dev);
    qpci_free_pc(c->bus);
    qtest_quit(c->qts);
}

/* Poll query-migrate until `qts`'s migration is no longer under way. */
static inline char *g45q_migration_wait(QTestState *qts)
{
    for (int us = 0;; us += 10000) {
        QDict *rsp = qtest_qmp(qts, "{'execute':'query-migrate'}");
        QDict *ret = qdict_get_qdict(rsp, "return");
        const char *st = ret && qdict_haskey(ret, "status") ?
                         qdict_get_str(ret, "status") : "none";
        char *status = NULL;

        if (!strcmp(st, "completed") || !strcmp(st, "failed")) {
            status = g_strdup(st);
        }
        qobject_unref(rsp);
        if (status) {
            return status;
        }
        g_assert_cmpint(us, <, 4 * G45Q_WAIT_US);
        g_usleep(10000);
    }
}

/*
 * Save the machine to a file: the stream a live migration sends (the
 * source ends stopped, as after a migration).  Returns the file's path
 * (g_free it, unlink it).
 */
static inline char *g45q_save(G45Q *c)
{
    char *path = g_strdup_printf("/tmp/g45q-mig-%d-%p", getpid(), c);
    g_autofree char *uri = g_strdup_printf("file:%s", path);
    g_autofree char *st = NULL;

    qtest_qmp_assert_success(c->qts, "{'execute':'migrate', 'arguments':"
                             "{'uri': %s}}", uri);
    st = g45q_migration_wait(c->qts);
    g_assert_cmpstr(st, ==, "completed");
    return path;
}

/*
 * Start a QEMU with the options of g45q_start(extra) that loads `path`;
 * returns the migration's final status ("completed" or "failed").  The
 * destination stays up either way (stop it with g45q_stop).  The qtest accelerator's clock does
 * not travel with the stream (TCG's and KVM's do): the destination's is
 * set to `clock_ns`, the source's.
 */
static inline char *g45q_load(G45Q *c, const char *extra, const char *path,
                              int64_t clock_ns)
{
    g_autofree char *uri = g_strdup_printf("file:%s", path);
    char *st;

    c->qts = qtest_initf(G45Q_QEMU_ARGS " -incoming defer", "q35", extra);
    qtest_qmp_assert_success(c->qts, "{'execute':'migrate-incoming', "
                             "'arguments':{'uri': %s, "
                             "'exit-on-error': false}}", uri);
    st = g45q_migration_wait(c->qts);
    if (!strcmp(st, "completed")) {
        qtest_clock_set(c->qts, clock_ns);
    }
    c->bus = qpci_new_pc(c->qts, NULL);
    c->dev = qpci_device_find(c->bus, QPCI_DEVFN(2, 0));
    g_assert(c->dev);
    /* BAR0 where the loaded config space puts it (64-bit memory BAR). */
    c->mmio.addr = (qpci_config_readl(c->dev, PCI_BASE_ADDRESS_0) &
                    ~0xfull) |
                   (uint64_t)qpci_config_readl(c->dev,
                                               PCI_BASE_ADDRESS_0 + 4) << 32;
    c->mmio.is_io = false;
    return st;
}

/* Migrate c (started with g45q_start(c, extra)) to a fresh QEMU. */
static inline void g45q_migrate(G45Q *c, const char *extra)
{
    /* qtest reads the clock only by moving it: by 1 ns here. */
    int64_t now = qtest_clock_step(c->qts, 1);
    g_autofree char *path = g45q_save(c);
    g_autofree char *st = NULL;

    g_free(c->dev);
    qpci_free_pc(c->bus);
    qtest_quit(c->qts);
    st = g45q_load(c, extra, path, now);
    unlink(path);
    g_assert_cmpstr(st, ==, "completed");
}

static inline uint32_t g45q_rd(G45Q *c, uint32_t off)
{
    return qpci_io_readl(c->dev, c->mmio, off);
}

static inline void g45q_wr(G45Q *c, uint32_t off, uint32_t v)
{
    qpci_io_writel(c->dev, c->mmio, off, v);
}

static inline void g45q_pte(G45Q *c, uint32_t page, uint64_t phys)
{
    g45q_wr(c, G45_GTT_OFFSET + 4 * page, (uint32_t)phys |
            (uint32_t)((phys >> 32) & 0xf) << 4 | 1);
}

/* Pipe A on, w x h visible in a 1344x806 frame (see G45Q_FRAME_NS). */
static inline void g45q_pipe_a(G45Q *c, uint32_t w, uint32_t h)
{
    g45q_wr(c, G45_HTOTAL_A, (1343u << 16) | (w - 1));
    g45q_wr(c, G45_VTOTAL_A, (805u << 16) | (h - 1));
    g45q_wr(c, G45_VBLANK_A, (805u << 16) | (h - 1));
    g45q_wr(c, G45_PIPEASRC, ((w - 1) << 16) | (h - 1));
    g45q_wr(c, G45_FPA0, (1u << 16) | (13u << 8) | 4);
    g45q_wr(c, G45_DPLL_A, (1u << 31) | (1u << 26) | (1u << 19));
    g45q_wr(c, G45_PIPEACONF, G45_PIPECONF_ENABLE);
}

/* Graphics pages [0, pages) onto guest RAM at `phys`, zeroed. */
static inline void g45q_map_linear(G45Q *c, uint64_t phys, uint32_t pages)
{
    for (uint32_t i = 0; i < pages; i++) {
        g45q_pte(c, i, phys + i * 4096ull);
    }
    qtest_memset(c->qts, phys, 0, pages * 4096ull);
    c->gtt_phys = phys;
}

static inline uint32_t g45q_gfx_readl(G45Q *c, uint32_t gfx)
{
    return qtest_readl(c->qts, c->gtt_phys + gfx);
}

static inline void g45q_gfx_writel(G45Q *c, uint32_t gfx, uint32_t v)
{
    qtest_writel(c->qts, c->gtt_phys + gfx, v);
}

/* Ring set-up in i915's order: stop, zero HEAD/TAIL, START, then CTL. */
static inline void g45q_ring_init(G45QRing *r, G45Q *c, uint32_t base,
                                  uint32_t gfx, uint32_t size, uint32_t hws)
{
    r->c = c;
    r->base = base;
    r->irq = base == G45_BSD_BASE ? G45_IIR_BSD_USER : G45_IIR_USER;
    r->gfx = gfx;
    r->size = size;
    r->tail = 0;
    qtest_memset(c->qts, c->gtt_phys + gfx, 0, size);
    g45q_wr(c, base + G45_RING_HWS_PGA, hws);
    g45q_wr(c, base + G45_RING_CTL, 0);
    g45q_wr(c, base + G45_RING_HEAD, 0);
    g45q_wr(c, base + G45_RING_TAIL, 0);
    g45q_wr(c, base + G45_RING_START, gfx);
    g45q_wr(c, base + G45_RING_CTL,
            ((size - 4096) & G45_CTL_SIZE_MASK) | G45_CTL_VALID);
}

static inline void g45q_emit(G45QRing *r, uint32_t dw)
{
    g45q_gfx_writel(r->c, r->gfx + r->tail, dw);
    r->tail = (r->tail + 4) % r->size;
}

/* Pad to a qword (TAIL bits 2:0 are reserved) and hand over to the GPU. */
static inline void g45q_submit(G45QRing *r)
{
    if (r->tail & 7) {
        g45q_emit(r, G45_MI(G45_MI_NOOP));
    }
    g45q_wr(r->c, r->base + G45_RING_TAIL, r->tail);
}

static inline bool g45q_ring_idle(G45QRing *r)
{
    return (g45q_rd(r->c, r->base + G45_RING_HEAD) & G45_HEAD_ADDR) ==
           r->tail;
}

static inline void g45q_wait_idle(G45QRing *r)
{
    for (int us = 0; !g45q_ring_idle(r); us += 1000) {
        g_assert_cmpint(us, <, G45Q_WAIT_US);
        g_usleep(1000);
    }
}

/* Wait until all of `bits` show in IIR (without acknowledging them). */
static inline void g45q_wait_iir(G45Q *c, uint32_t bits)
{
    for (int us = 0; (g45q_rd(c, G45_IIR) & bits) != bits; us += 1000) {
        g_assert_cmpint(us, <, G45Q_WAIT_US);
        g_usleep(1000);
    }
}

/*
 * Submit what was emitted and wait until the engine has finished it: a
 * batch the ring started keeps running after HEAD reached TAIL (HEAD is
 * past MI_BATCH_BUFFER_START as soon as the batch begins), so the ring's
 * user interrupt, after everything, is the sign (then acknowledged).
 */
static inline void g45q_submit_wait(G45QRing *r)
{
    g45q_wr(r->c, G45_IMR, g45q_rd(r->c, G45_IMR) & ~r->irq);
    g45q_emit(r, G45_MI(G45_MI_USER_INTERRUPT));
    g45q_submit(r);
    g45q_wait_iir(r->c, r->irq);
    g45q_wr(r->c, G45_IIR, r->irq);
    g45q_wait_idle(r);
}

#endif
