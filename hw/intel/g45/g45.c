/*
 * The G45 device core: register file, GTT, display engine and the two
 * command streamers wired together, independent of QEMU.
 *
 * Threads: the register file belongs to one thread (QEMU: the vCPU/main
 * loop under the BQL).  The engines run on their own workers; what they
 * report is collected atomically here and applied by g45_service() on the
 * register file's thread (HwgpuHost.kick asks for that).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/g45/g45.h"
#include "g45-cmd-gen.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"

/* GDRST (PCI config 0xc0, intel-i915-probe.md 2.1): domain in bits 3:2. */
#define GDRST_ENABLE        0x01
#define GDRST_DOMAIN(v)     (((v) >> 2) & 3)
#define GDRST_FULL          0
#define GDRST_RENDER        1
#define GDRST_MEDIA         3

static void kick(G45 *g)
{
    if (g->host->kick) {
        g->host->kick(g->host->opaque);
    }
}

static void eng_raise(void *opaque, uint32_t bits)
{
    G45 *g = opaque;

    g_atomic_int_or(&g->pending_iir, bits);
    kick(g);
}

static void eng_error(void *opaque, uint32_t eir)
{
    G45 *g = opaque;

    g_atomic_int_or(&g->pending_eir, eir);
    kick(g);
}

static void eng_hang(void *opaque)
{
    G45 *g = opaque;

    g_atomic_int_inc((gint *)&g->hangs);
    hwgpu_log(g->host, HWGPU_LOG_GUEST_ERROR,
              "intel-g45: a ring made no progress; its parser is halted "
              "until the guest resets it");
}

/* MI_DISPLAY_FLIP (fields: g45-commands.xml): the plane's next base. */
static void eng_flip(void *opaque, const uint32_t *dw, uint32_t n)
{
    G45 *g = opaque;
    int plane = g45_mi_display_flip_plane(dw);

    if (n >= 3) {
        g_atomic_int_set(&g->pending_flip[plane],
                         g45_mi_display_flip_base(dw) + 1);
        kick(g);
    }
}

/* Dump each draw's state and kernels when the "draw" trace is wanted. */
#define G45_DRAW_DUMP_SIZE  (256 * 1024)

static void eng_3d(void *opaque, const uint32_t *dw, uint32_t n,
                   bool restore)
{
    G45 *g = opaque;

    /* PS_DEPTH_COUNT as the pipeline left it, for PIPE_CONTROL's write */
    g->rcs.ps_depth_count = g->gen4.ps_depth_count;
    gen4_capture_command(&g->capture, dw, n, restore);
    if (!gen4_state_command(&g->gen4, dw, n, restore)) {
        g45_gtt_unmap_all(&g->gtt3d);
        return;
    }
    /* A 3DPRIMITIVE: its snapshot, then the pipeline draws it. */
    gen4_capture_draw_begin(&g->capture, &g->gtt3d);
    gen4_draw_snapshot(&g->gen4, dw, g->draw);
    if (hwgpu_trace_on(g->host, "draw")) {
        char *text = g_malloc(G45_DRAW_DUMP_SIZE);

        gen4_draw_dump(&g->gen4, g->draw, true, text, G45_DRAW_DUMP_SIZE);
        /* One event per line: a trace line has a bounded length. */
        for (char *line = text, *nl; *line; line = nl + 1) {
            nl = strchr(line, '\n');
            if (!nl) {
                hwgpu_trace(g->host, "draw", "%s", line);
                break;
            }
            hwgpu_trace(g->host, "draw", "%.*s", (int)(nl - line), line);
        }
        g_free(text);
    }
    gen4_draw(&g->gen4, g->draw, &g->draw_stats);
    /* The draw's pages go back: the host learns of its writes now. */
    g45_gtt_unmap_all(&g->gtt3d);
    gen4_capture_draw_end(&g->capture);
}

/*
 * LRI/SRM from a ring to registers outside the engines.  Reads see the
 * register as the guest would (hooks included for plain storage only: a
 * read hook may belong to another thread's state).  Writes take one path
 * whoever writes: plain storage is written at once (a later SRM in the same
 * batch sees it), and every write is also handed to g45_service(), which
 * applies it through the register file exactly as an MMIO write (hooks,
 * write masks, write-1-to-clear) or, for plain storage, lets the glue see
 * the change (fences and their aperture mappings).
 */
static uint32_t eng_reg_read(void *opaque, uint32_t off)
{
    G45 *g = opaque;
    const HwgpuRegDesc *d = hwgpu_reg_desc(&g->regs, off & ~3u);

    if (!d || d->read) {
        return 0;
    }
    return g_atomic_int_get((gint *)&g->regs.values[(off & ~3u) / 4]);
}

static bool reg_plain(const HwgpuRegDesc *d)
{
    return !d->read && !d->write && !d->w1c && !(d->flags & HWGPU_REG_MASKED);
}

static void eng_reg_write(void *opaque, uint32_t off, uint32_t val)
{
    G45 *g = opaque;
    const HwgpuRegDesc *d = hwgpu_reg_desc(&g->regs, off & ~3u);
    bool queued = false;

    off &= ~3u;
    if (!d) {
        HWGPU_UNIMP(g->host, "intel-g45: ring write to unknown register "
                    "0x%05x dropped", off);
        return;
    }
    if (reg_plain(d)) {
        uint32_t *p = &g->regs.values[off / 4];

        g_atomic_int_set((gint *)p, (*p & ~d->wmask) | (val & d->wmask));
    }
    hwgpu_mutex_lock(&g->reg_q_lock);
    if (g->reg_q_len < G45_REG_QUEUE) {
        g->reg_q[g->reg_q_len][0] = off;
        g->reg_q[g->reg_q_len][1] = val;
        g->reg_q_len++;
        queued = true;
    }
    hwgpu_mutex_unlock(&g->reg_q_lock);
    if (!queued && !reg_plain(d)) {
        HWGPU_GUEST_ERROR(g->host, "intel-g45: more than %u ring register "
                          "writes pending, 0x%05x dropped", G45_REG_QUEUE,
                          off);
    }
    kick(g);
}

/* Apply the ring register writes queued by eng_reg_write(). */
static void apply_reg_queue(G45 *g)
{
    uint32_t q[G45_REG_QUEUE][2], n;

    hwgpu_mutex_lock(&g->reg_q_lock);
    n = g->reg_q_len;
    memcpy(q, g->reg_q, n * sizeof(q[0]));
    g->reg_q_len = 0;
    hwgpu_mutex_unlock(&g->reg_q_lock);
    for (uint32_t i = 0; i < n; i++) {
        const HwgpuRegDesc *d = hwgpu_reg_desc(&g->regs, q[i][0]);

        if (d && !reg_plain(d)) {
            hwgpu_reg_write(&g->regs, q[i][0], q[i][1]);
        }
    }
}

/* An engine waits in MI_WAIT_FOR_EVENT: the display must wake for it. */
static void eng_wait(void *opaque, uint32_t events)
{
    kick(opaque);
}

/* What the engines wait for, for the display's timer. */
static void update_wanted_events(G45 *g)
{
    g->disp.want_events = g45_engine_waiting(&g->rcs) |
                          g45_engine_waiting(&g->bsd);
}

/* A vblank or flip happened (the display's sync, this thread). */
static void display_event(void *opaque, uint32_t events)
{
    G45 *g = opaque;

    if (g->disp.want_events & events) {
        g45_engine_event(&g->rcs, events);
        g45_engine_event(&g->bsd, events);
        update_wanted_events(g);
    }
}

/* One disassembled command (only asked for while tracing is on). */
static void eng_trace(void *opaque, const char *line)
{
    G45 *g = opaque;

    hwgpu_trace(g->host, "cmd", "%s", line);
}

static void eng_icache_invalidate(void *opaque)
{
    G45 *g = opaque;

    gen4_kernels_invalidate(g->gen4.kernels);
}

static const G45EngineOps engine_ops = {
    .raise = eng_raise,
    .error = eng_error,
    .hang = eng_hang,
    .display_flip = eng_flip,
    .on_3d = eng_3d,
    .reg_read = eng_reg_read,
    .reg_write = eng_reg_write,
    .wait = eng_wait,
    .trace = eng_trace,
    .icache_invalidate = eng_icache_invalidate,
};

bool g45_init(G45 *g, const HwgpuHost *host, const uint32_t *ptes,
              uint32_t nentries)
{
    memset(g, 0, sizeof(*g));
    hwgpu_mutex_init(&g->reg_q_lock);
    g->host = host;
    if (!hwgpu_regfile_init(&g->regs, "intel-g45", g45_reg_table,
                            g45_reg_table_len, G45_MMIO_SIZE, host, g)) {
        return false;
    }
    g45_gtt_init(&g->gtt, ptes, nentries, host);
    g45_display_init(&g->disp, &g->regs, host);
    g->disp.event = display_event;
    g->disp.event_opaque = g;
    g45_engine_init(&g->rcs, G45_ENGINE_RCS, &g->gtt, host, &engine_ops, g);
    g45_engine_init(&g->bsd, G45_ENGINE_BSD, &g->gtt, host, &engine_ops, g);
    g45_gtt_init(&g->gtt3d, ptes, nentries, host);
    /* Only the render engine's thread uses it, command by command. */
    g45_gtt_direct(&g->gtt3d, true);
    g45_gtt_follow_ptes(&g->gtt3d, &g->pte_epoch);
    gen4_state_init(&g->gen4, host, &g->gtt3d);
    g->gen4.kernels = gen4_kernels_new();
    g->gen4.bufs = gen4_bufs_new();
    g->draw = g_new0(Gen4Draw, 1);
    g45_reset(g);
    return true;
}

void g45_set_render_threads(G45 *g, unsigned n)
{
    if (g->pool) {
        hwgpu_pool_destroy(g->pool);
        g_clear_pointer(&g->pool, g_free);
    }
    g->pool = g_new0(HwgpuPool, 1);
    hwgpu_pool_init(g->pool, n, g->host);
    g->gen4.pool = g->pool->size > 1 ? g->pool : NULL;
}

void g45_destroy(G45 *g)
{
    g45_engine_destroy(&g->rcs);
    g45_engine_destroy(&g->bsd);
    if (g->pool) {
        hwgpu_pool_destroy(g->pool);
        g_clear_pointer(&g->pool, g_free);
    }
    hwgpu_regfile_destroy(&g->regs);
    hwgpu_mutex_destroy(&g->reg_q_lock);
    g_free(g->draw);
    g->draw = NULL;
    gen4_kernels_free(g->gen4.kernels);
    g->gen4.kernels = NULL;
    gen4_bufs_free(g->gen4.bufs);
    g->gen4.bufs = NULL;
    gen4_capture_close(&g->capture);
}

bool g45_capture_start(G45 *g, const char *path, uint64_t max_draws)
{
    return gen4_capture_open(&g->capture, path, max_draws);
}

void g45_reset(G45 *g)
{
    hwgpu_log_new_epoch();      /* a reset device may report errors again */
    hwgpu_regfile_reset(&g->regs);
    g45_display_reset(&g->disp);
    g45_engine_power_on(&g->rcs);
    g45_engine_power_on(&g->bsd);
    /* The render engine is stopped: its thread runs no command now. */
    gen4_state_reset(&g->gen4);
    g_atomic_int_set(&g->pending_iir, 0);
    g_atomic_int_set(&g->pending_eir, 0);
    g_atomic_int_set(&g->pending_flip[0], 0);
    g_atomic_int_set(&g->pending_flip[1], 0);
    hwgpu_mutex_lock(&g->reg_q_lock);
    g->reg_q_len = 0;
    hwgpu_mutex_unlock(&g->reg_q_lock);
}

void g45_start_engines(G45 *g)
{
    g45_engine_start_worker(&g->rcs);
    g45_engine_start_worker(&g->bsd);
}

void g45_stop_engines(G45 *g)
{
    g45_engine_stop_worker(&g->rcs);
    g45_engine_stop_worker(&g->bsd);
}

void g45_pause_engines(G45 *g)
{
    g45_engine_pause(&g->rcs);
    g45_engine_pause(&g->bsd);
}

void g45_resume_engines(G45 *g)
{
    g45_engine_resume(&g->rcs);
    g45_engine_resume(&g->bsd);
}

const char *g45_check(const G45 *g)
{
    const char *why;

    if (g->reg_q_len > G45_REG_QUEUE) {
        return "more ring register writes queued than the queue holds";
    }
    for (uint32_t i = 0; i < g->reg_q_len; i++) {
        if (g->reg_q[i][0] >= G45_MMIO_SIZE || (g->reg_q[i][0] & 3)) {
            return "a queued ring register write is outside the registers";
        }
    }
    if ((why = g45_engine_check(&g->rcs)) ||
        (why = g45_engine_check(&g->bsd)) ||
        (why = g45_display_check(&g->disp)) ||
        (why = gen4_state_check(&g->gen4))) {
        return why;
    }
    return NULL;
}

void g45_loaded(G45 *g)
{
    g45_engine_loaded(&g->rcs);
    g45_engine_loaded(&g->bsd);
    g->rcs.ps_depth_count = g->gen4.ps_depth_count;
    update_wanted_events(g);
    g45_irq_update(&g->disp);
}

void g45_service(G45 *g)
{
    uint32_t iir = g_atomic_int_and(&g->pending_iir, 0);
    uint32_t eir = g_atomic_int_and(&g->pending_eir, 0);

    apply_reg_queue(g);
    update_wanted_events(g);

    for (int p = 0; p < 2; p++) {
        uint32_t f = g_atomic_int_and(&g->pending_flip[p], 0);

        if (f) {
            hwgpu_reg_write(&g->regs, G45_DSPASURF + p * G45_PIPE_STRIDE,
                            f - 1);
        }
    }
    if (eir) {
        /* EIR latches; unmasked errors raise the parser-error interrupt. */
        hwgpu_reg_set(&g->regs, G45_EIR, hwgpu_reg_get(&g->regs, G45_EIR) |
                      eir);
        if (eir & ~hwgpu_reg_get(&g->regs, G45_EMR)) {
            iir |= G45_IIR_CS_ERROR;
        }
    }
    if (iir) {
        g45_irq_raise(&g->disp, iir);
    }
}

/*
 * The render domain's 3D state, reset under the render engine's lock: the
 * engine's thread draws with it, and a reset that a vCPU asks for while a
 * draw runs waits for the draw to end.
 */
static void gdrst_3d(void *opaque)
{
    G45 *g = opaque;

    gen4_state_reset(&g->gen4);
}

void g45_gdrst(G45 *g, uint8_t val)
{
    if (!(val & GDRST_ENABLE)) {
        return;
    }
    switch (GDRST_DOMAIN(val)) {
    case GDRST_RENDER:
        g45_engine_reset_with(&g->rcs, gdrst_3d, g);
        break;
    case GDRST_MEDIA:
        g45_engine_reset(&g->bsd);
        break;
    case GDRST_FULL:
        g45_engine_reset_with(&g->rcs, gdrst_3d, g);
        g45_engine_reset(&g->bsd);
        break;
    default:
        hwgpu_log(g->host, HWGPU_LOG_GUEST_ERROR,
                  "intel-g45: GDRST domain %u is reserved", GDRST_DOMAIN(val));
        break;
    }
}

static G45Engine *engine_of(G45 *g, uint32_t off)
{
    return off >= G45_BSD_BASE ? &g->bsd : &g->rcs;
}

uint32_t g45_ring_read(void *dev, HwgpuRegFile *rf, uint32_t off,
                       uint32_t stored)
{
    G45Engine *e = engine_of(g45_of(dev), off);
    uint32_t v = 0;

    g45_engine_mmio_read(e, off - e->base, &v);
    return v;
}

void g45_ring_write(void *dev, HwgpuRegFile *rf, uint32_t off, uint32_t old,
                    uint32_t val)
{
    G45Engine *e = engine_of(g45_of(dev), off);

    g45_engine_mmio_write(e, off - e->base, val);
}
