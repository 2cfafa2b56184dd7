/*
 * G45 command streamer: the engines' registers (the bank of g45-cs.h),
 * privilege checks, the run loop, MMIO and the worker thread; fetching is
 * in g45-ring.c, the command handlers in g45-mi.c.  See
 * include/hwgpu/intel/g45/g45-cs.h and docs/g45-cs.md.
 *
 * Parser errors (unknown opcode, bad length, command not valid on this
 * engine) follow the instruction-parser error behaviour Intel documents for
 * its earlier parsers (i815 PRM 16.1.7/16.1.8, IPEIR/IPEHR): IPEHR holds the
 * offending header, IPEIR says whether it came from a batch, the parser
 * halts (HEAD and ACTHD stay on the command) and the instruction error is
 * reported for EIR; the glue raises the command-parser-error interrupt if
 * EMR leaves it unmasked.  Only a reset restarts the engine.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "g45-cs-priv.h"

static const HwgpuWorkerOps worker_ops;

/* ---- register access from commands and MMIO --------------------------- */

static bool mmio_write_l(G45Engine *e, uint32_t off, uint32_t val);
static bool mmio_read_l(G45Engine *e, uint32_t off, uint32_t *val);

/*
 * The other engine's ring registers are not reachable from commands: the
 * two engines' locks would otherwise be taken in both orders.  Such an
 * access is a logged guest error that reads 0 and drops the write.
 */
const G45EngineReg g45_engine_regs[G45_ER__COUNT] = {
#define G45_ER_ROW(id, o, nm, fl, wm, pon) \
    [G45_ER_##id] = { .off = (o), .name = (nm), .flags = (fl), \
                      .wmask = (wm), .power_on = (pon), \
                      .rcs_only = ((fl) & G45_ER_RCS) != 0 },
    G45_ENGINE_REGS(G45_ER_ROW)
    G45_RCS_REGS(G45_ER_ROW)
#undef G45_ER_ROW
};
const unsigned g45_engine_nregs = G_N_ELEMENTS(g45_engine_regs);

/* The bank row an engine models at `off`, or -1. */
static int reg_of(uint32_t off, bool rcs)
{
    for (unsigned i = 0; i < G45_ER__COUNT; i++) {
        const G45EngineReg *r = &g45_engine_regs[i];

        if (r->off == off && !(r->flags & G45_ER_FILE)) {
            return rcs || !r->rcs_only ? (int)i : -1;
        }
    }
    return -1;
}

static bool owned_off(uint32_t off, bool rcs)
{
    return reg_of(off, rcs) >= 0;
}

static bool other_ring_reg(G45Engine *e, uint32_t reg)
{
    bool rcs = e->id == G45_ENGINE_RCS;
    uint32_t other = rcs ? G45_BSD_BASE : G45_RCS_BASE;

    if (reg >= other && reg < other + G45_RING_SPAN &&
        owned_off(reg - other, !rcs)) {
        CS_ERROR(e, "LRI/SRM to the other ring's register 0x%x dropped",
                 reg);
        return true;
    }
    return false;
}

uint32_t  g45_cs_reg_read_any(G45Engine *e, uint32_t reg)
{
    uint32_t v = 0;

    if (reg >= e->base && reg < e->base + G45_RING_SPAN &&
        mmio_read_l(e, reg - e->base, &v)) {
        return v;
    }
    if (other_ring_reg(e, reg)) {
        return 0;
    }
    return e->ops->reg_read ? e->ops->reg_read(e->opaque, reg) : 0;
}

void  g45_cs_reg_write_any(G45Engine *e, uint32_t reg, uint32_t val)
{
    uint32_t off = reg - e->base;

    if (reg >= e->base && reg < e->base + G45_RING_SPAN) {
        /*
         * A command may not move or stop its own ring (HEAD, TAIL, START,
         * CTL, MI_MODE): that would let a batch reset the hang check or
         * jump anywhere.  Only the guest's MMIO writes and retiring
         * commands move the parser.  Its other registers are fine.
         */
        if (off == G45_RING_TAIL || off == G45_RING_HEAD ||
            off == G45_RING_START || off == G45_RING_CTL ||
            off == G45_RING_MI_MODE) {
            CS_ERROR(e, "LRI to the ring's own position register 0x%x "
                     "dropped", reg);
            return;
        }
        if (mmio_write_l(e, off, val)) {
            return;
        }
    }
    if (other_ring_reg(e, reg)) {
        return;
    }
    if (e->ops->reg_write) {
        e->ops->reg_write(e->opaque, reg, val);
    }
}

/*
 * A command in a non-secure batch (the command table's privilege data,
 * g45-cmd.h): a privileged command, or one addressing guest-physical
 * memory, is reported (EIR bit 3 or 4, IPEHR holds its header) and not
 * executed.
 */
static bool privilege_ok(G45Engine *e, const Cmd *c)
{
    const G45CmdDesc *d = c->desc;
    uint32_t eir;

    if (d->priv) {
        eir = G45_EIR_CP_PRIV;
        CS_ERROR(e, "%s in a non-secure batch at 0x%08x: refused", d->name,
                 e->reg[G45_ER_ACTHD]);
    } else if (d->gtt_bit && !(c->dw[0] & d->gtt_bit)) {
        eir = G45_EIR_MEM_PRIV;
        CS_ERROR(e, "%s to physical memory in a non-secure batch at 0x%08x: "
                 "refused", d->name, e->reg[G45_ER_ACTHD]);
    } else {
        return true;
    }
    e->reg[G45_ER_IPEHR] = c->dw[0];
    e->stats.priv_violations++;
    if (e->ops->error) {
        e->ops->error(e->opaque, eir);
    }
    return false;
}

static StepResult execute(G45Engine *e, const Cmd *c)
{
    const G45CmdDesc *d = c->desc;

    if (d->op == G45_OP_INVALID || !g45_cs_handlers[d->op]) {
        g45_cs_parser_error(e, c, "unknown command");
        return STEP_STOP;
    }
    if (c->len < d->min_len) {
        g45_cs_parser_error(e, c, "length field too small");
        return STEP_STOP;
    }
    if (d->rcs_only && e->id != G45_ENGINE_RCS) {
        g45_cs_parser_error(e, c, "render-only command on the video ring");
        return STEP_STOP;
    }
    if ((e->reg[G45_ER_BBSTATE] & G45_BBSTATE_NON_SECURE) && !privilege_ok(e, c)) {
        return STEP_NEXT;       /* refused: a no-op, parsing goes on */
    }
    return g45_cs_handlers[d->op](e, c);
}

/* Execute one command.  false: nothing executed (incomplete / stopped). */
static bool step_l(G45Engine *e)
{
    Cmd c;
    StepResult r;

    if (!g45_cs_read_cmd(e, &c)) {
        return false;
    }
    if (e->ops->trace && hwgpu_trace_on(e->host, "cmd")) {
        char line[1024];        /* field by field: 3D commands are long */
        int n = snprintf(line, sizeof(line), "%s 0x%08x%s: ", eng_name(e),
                         e->reg[G45_ER_ACTHD], e->in_batch ? " (batch)" : "");

        g45_cmd_disasm(c.dw, c.n, line + n, sizeof(line) - n);
        e->ops->trace(e->opaque, line);
    }
    r = execute(e, &c);
    if (r == STEP_STOP) {
        return !e->halted;      /* a wait counts as executed */
    }
    if (r == STEP_AGAIN) {
        if (e->in_batch) {
            e->since_progress++;
        }
        return true;            /* a slice counts as a command executed */
    }
    e->stats.cmds++;
    e->diag_hdr = c.dw[0];
    e->diag_addr = e->reg[G45_ER_ACTHD];
    if (r == STEP_NEXT) {
        g45_cs_advance(e, c.len);
    }
    if (e->in_batch) {
        e->since_progress++;
    }
    return true;
}

static uint32_t run_l(G45Engine *e, uint32_t budget)
{
    uint32_t n = 0;

    e->fetch_n = 0;             /* memory may have changed since last run */
    if (e->wait_mask) {
        g45_cs_check_wait_hang(e);
        return 0;
    }
    while (n < budget && runnable_l(e)) {
        if (!step_l(e)) {
            break;
        }
        n++;
        if (hwgpu_worker_contended(&e->worker)) {
            break;      /* somebody waits for the lock: hand it over */
        }
        if (e->since_progress &&
            ((e->hang_cmds && e->since_progress >= e->hang_cmds) ||
             (e->hang_ns && !(e->since_progress & 1023) &&
              now_ns(e) - e->progress_ns >= e->hang_ns))) {
            g45_cs_declare_hang(e, "batch makes no progress");
        }
    }
    return n;
}

/* ---- MMIO --------------------------------------------------------------- */

void  g45_cs_kick(G45Engine *e)
{
    hwgpu_worker_kick(&e->worker);
}

static bool mmio_read_l(G45Engine *e, uint32_t off, uint32_t *val)
{
    int i = reg_of(off, e->id == G45_ENGINE_RCS);

    if (i < 0) {
        return false;
    }
    *val = e->reg[i];
    switch (i) {
    case G45_ER_CTL:
        *val |= e->wait_mask ? G45_CTL_WAIT : 0;
        break;
    case G45_ER_MI_MODE:
        if ((e->reg[G45_ER_MI_MODE] & G45_MI_MODE_STOP_RING) ||
            !runnable_l(e)) {
            *val |= G45_MI_MODE_IDLE;
        }
        if (e->wait_mask &&
            !(e->reg[G45_ER_MI_MODE] & G45_MI_MODE_STOP_RING)) {
            *val &= ~G45_MI_MODE_IDLE;
        }
        break;
    default:
        break;
    }
    return true;
}

/* A write as the bank row says (mask, masked, write-1-to-clear, RO). */
static void reg_store(G45Engine *e, int i, uint32_t val)
{
    const G45EngineReg *r = &g45_engine_regs[i];

    if (r->flags & G45_ER_RO) {
        return;
    } else if (r->flags & G45_ER_W1C) {
        e->reg[i] &= ~(val & r->wmask);     /* i915 writes the value back */
    } else if (r->flags & G45_ER_MASKED) {
        uint32_t m = (val >> 16) & r->wmask;

        e->reg[i] = (e->reg[i] & ~m) | (val & m);
    } else {
        e->reg[i] = val & r->wmask;
    }
}

static bool mmio_write_l(G45Engine *e, uint32_t off, uint32_t val)
{
    int i = reg_of(off, e->id == G45_ENGINE_RCS);

    if (i < 0) {
        return false;
    }
    reg_store(e, i, val);
    if (i == G45_ER_TAIL || i == G45_ER_HEAD || i == G45_ER_START ||
        i == G45_ER_CTL) {
        hwgpu_trace(e->host, "ring", "%s %s <- 0x%08x: HEAD 0x%08x TAIL "
                    "0x%08x START 0x%08x CTL 0x%08x", eng_name(e),
                    g45_engine_regs[i].name, val, e->reg[G45_ER_HEAD],
                    e->reg[G45_ER_TAIL], e->reg[G45_ER_START],
                    e->reg[G45_ER_CTL]);
    }
    /* Side effects: the parser looks again at its ring. */
    switch (i) {
    case G45_ER_TAIL:
        e->starved = false;
        if (e->reg[G45_ER_TAIL] >= ring_size(e) &&
            (e->reg[G45_ER_CTL] & G45_CTL_VALID)) {
            CS_ERROR(e, "TAIL 0x%x beyond the ring, wrapped", val);
        }
        g45_cs_kick(e);
        break;
    case G45_ER_HEAD:
    case G45_ER_CTL:
        e->starved = false;
        e->blt_row = 0;
        e->fetch_n = 0;
        g45_cs_ring_progress(e);
        g45_cs_kick(e);
        break;
    case G45_ER_START:
        e->starved = false;
        e->blt_row = 0;
        e->fetch_n = 0;
        break;
    case G45_ER_MI_MODE:
        if (!(e->reg[G45_ER_MI_MODE] & G45_MI_MODE_STOP_RING)) {
            g45_cs_ring_progress(e);
            g45_cs_kick(e);
        }
        break;
    default:
        break;
    }
    return true;
}

/* ---- public API ---------------------------------------------------------- */

void g45_engine_init(G45Engine *e, G45EngineId id, G45Gtt *gtt,
                     const HwgpuHost *host, const G45EngineOps *ops,
                     void *opaque)
{
    memset(e, 0, sizeof(*e));
    hwgpu_worker_init(&e->worker, id == G45_ENGINE_RCS ? "g45-rcs" :
                      "g45-bsd", &worker_ops, e, host);
    e->id = id;
    e->base = id == G45_ENGINE_RCS ? G45_RCS_BASE : G45_BSD_BASE;
    e->gtt = gtt;
    e->host = host;
    e->ops = ops;
    e->opaque = opaque;
    e->hang_cmds = 100u * 1000 * 1000;
    e->hang_ns = 10ull * 1000 * 1000 * 1000;
    e->timestamp_hz = 12500000;     /* 80 ns per tick; glue may override */
    e->chunk = 4096;
    g45_blt_init(&e->blt, gtt, host);
    g45_engine_power_on(e);
}

static void reset_l(G45Engine *e)
{
    /* GDRST: every register but those the bank keeps reads 0. */
    for (unsigned i = 0; i < G45_ER__COUNT; i++) {
        if (!(g45_engine_regs[i].flags & G45_ER_KEEP)) {
            e->reg[i] = 0;
        }
    }
    e->in_batch = e->halted = e->hung = e->starved = false;
    e->wait_mask = 0;
    e->chain = 0;
    e->blt_row = 0;
    e->fetch_n = 0;
    e->since_progress = 0;
    e->progress_ns = now_ns(e);
    e->ctx_len = 0;
    e->ctx_phys = false;
    g45_blt_reset(&e->blt);
}

/*
 * Migration: the state the stream brought must be one the engine could
 * have reached.  Registers hold only bits their bank row can store, the
 * render-only rows are 0 on the video engine, and the parser's counters
 * are within their bounds.
 */
const char *g45_engine_check(const G45Engine *e)
{
    for (unsigned i = 0; i < G45_ER__COUNT; i++) {
        const G45EngineReg *r = &g45_engine_regs[i];

        if (r->rcs_only && e->id != G45_ENGINE_RCS && e->reg[i]) {
            return "a render-only register is set on the video engine";
        }
        if (!(r->flags & G45_ER_RO) && (e->reg[i] & ~r->wmask)) {
            return "a ring register holds bits it cannot store";
        }
    }
    if (e->ctx_len > G45_CTX_STATE_DWORDS) {
        return "the context state record is longer than its buffer";
    }
    if (e->chain > G45_BB_MAX_CHAIN + 1) {     /* the one that hangs */
        return "the batch chain count is beyond its bound";
    }
    if (e->fetch_n > G45_FETCH_DWORDS) {
        return "the fetch buffer holds more than it can";
    }
    return NULL;
}

void g45_engine_loaded(G45Engine *e)
{
    hwgpu_worker_lock(&e->worker);
    e->fetch_n = 0;             /* fetched again from the loaded memory */
    e->progress_ns = now_ns(e);
    g45_cs_kick(e);
    hwgpu_worker_unlock(&e->worker);
}

void g45_engine_pause(G45Engine *e)
{
    hwgpu_worker_pause(&e->worker);
}

void g45_engine_resume(G45Engine *e)
{
    hwgpu_worker_resume(&e->worker);
}

void g45_engine_power_on(G45Engine *e)
{
    hwgpu_worker_lock(&e->worker);
    reset_l(e);
    for (unsigned i = 0; i < G45_ER__COUNT; i++) {
        const G45EngineReg *r = &g45_engine_regs[i];

        e->reg[i] = r->rcs_only && e->id != G45_ENGINE_RCS ? 0 : r->power_on;
    }
    hwgpu_worker_unlock(&e->worker);
}

void g45_engine_reset_with(G45Engine *e, void (*fn)(void *), void *opaque)
{
    hwgpu_worker_lock(&e->worker);
    reset_l(e);
    if (fn) {
        fn(opaque);
    }
    g45_cs_kick(e);
    hwgpu_worker_unlock(&e->worker);
}

void g45_engine_reset(G45Engine *e)
{
    g45_engine_reset_with(e, NULL, NULL);
}

void g45_engine_destroy(G45Engine *e)
{
    hwgpu_worker_destroy(&e->worker);
}

bool g45_engine_mmio_read(G45Engine *e, uint32_t off, uint32_t *val)
{
    bool r;

    hwgpu_worker_lock(&e->worker);
    r = mmio_read_l(e, off, val);
    hwgpu_worker_unlock(&e->worker);
    return r;
}

bool g45_engine_mmio_write(G45Engine *e, uint32_t off, uint32_t val)
{
    bool r;

    hwgpu_worker_lock(&e->worker);
    r = mmio_write_l(e, off, val);
    hwgpu_worker_unlock(&e->worker);
    return r;
}

void g45_engine_event(G45Engine *e, uint32_t events)
{
    hwgpu_worker_lock(&e->worker);
    if ((e->wait_mask & events) && !e->halted) {
        e->wait_mask = 0;
        e->stats.cmds++;
        g45_cs_advance(e, 1);          /* the MI_WAIT_FOR_EVENT retires */
        g45_cs_kick(e);
    }
    hwgpu_worker_unlock(&e->worker);
}

uint32_t g45_engine_waiting(G45Engine *e)
{
    uint32_t m;

    hwgpu_worker_lock(&e->worker);
    m = e->halted ? 0 : e->wait_mask;
    hwgpu_worker_unlock(&e->worker);
    return m;
}

uint32_t g45_engine_run(G45Engine *e, uint32_t budget)
{
    uint32_t n;

    hwgpu_worker_lock(&e->worker);
    n = run_l(e, budget);
    hwgpu_worker_unlock(&e->worker);
    return n;
}

bool g45_engine_busy(G45Engine *e)
{
    bool r;

    hwgpu_worker_lock(&e->worker);
    r = runnable_l(e);
    hwgpu_worker_unlock(&e->worker);
    return r;
}

/* The worker thread's view of the engine (hw/common/worker.c). */
static bool worker_runnable(void *opaque)
{
    return runnable_l(opaque);
}

static void worker_run(void *opaque)
{
    G45Engine *e = opaque;

    run_l(e, e->chunk);
}

/* A ring waiting for an event is looked at every 10 ms for a hang. */
static int64_t worker_idle_us(void *opaque)
{
    G45Engine *e = opaque;

    return e->wait_mask && e->hang_ns ? 10000 : 0;
}

static void worker_idle_tick(void *opaque)
{
    g45_cs_check_wait_hang(opaque);
}

static const HwgpuWorkerOps worker_ops = {
    .runnable = worker_runnable,
    .run = worker_run,
    .idle_timeout_us = worker_idle_us,
    .idle_tick = worker_idle_tick,
};

bool g45_engine_start_worker(G45Engine *e)
{
    return hwgpu_worker_start(&e->worker);
}

void g45_engine_stop_worker(G45Engine *e)
{
    hwgpu_worker_stop(&e->worker);
}

void g45_engine_wait_idle(G45Engine *e)
{
    hwgpu_worker_wait_idle(&e->worker);
}
