/*
 * G45 command streamer; see include/hwgpu/intel/g45/g45-cs.h and
 * docs/g45-cs.md.
 *
 * Ring model (seed-001 lines 64-82, which describe the same ring DMA for a
 * later part): the parser fetches from HEAD while HEAD != TAIL; HEAD moves
 * past each command as it retires; ACTHD is the graphics address of the
 * command being executed (ring or batch).
 *
 * Parser errors (unknown opcode, bad length, command not valid on this
 * engine) follow the instruction-parser error behaviour Intel documents for
 * its earlier parsers (i815 PRM 16.1.7/16.1.8, IPEIR/IPEHR): IPEHR holds the
 * offending header, IPEIR says whether it came from a batch, the parser
 * halts (HEAD and ACTHD stay on the command) and the instruction error is
 * reported for EIR; the glue raises the command-parser-error interrupt if
 * EMR leaves it unmasked.  Only a reset restarts the engine.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "g45-cmd-gen.h"

typedef enum StepResult {
    STEP_NEXT,          /* command retired: advance past it */
    STEP_AGAIN,         /* a slice of a long command done: same place */
    STEP_JUMP,          /* handler moved the parse position itself */
    STEP_STOP,          /* halted or waiting: position unchanged */
} StepResult;

typedef struct Cmd {
    uint32_t dw[G45_CMD_MAX_DWORDS];
    uint32_t len;       /* full length in dwords */
    uint32_t n;         /* dwords in dw[] (len, capped) */
    const G45CmdDesc *desc;
} Cmd;

static const HwgpuWorkerOps worker_ops;

/* ---- small helpers ---------------------------------------------------- */

static uint32_t ring_size(const G45Engine *e)
{
    return (((e->reg[G45_ER_CTL] & G45_CTL_SIZE_MASK) >> 12) + 1) * G45_GTT_PAGE_SIZE;
}

static uint32_t head_off(const G45Engine *e)
{
    return (e->reg[G45_ER_HEAD] & G45_HEAD_ADDR) % ring_size(e);
}

static uint32_t tail_off(const G45Engine *e)
{
    return (e->reg[G45_ER_TAIL] & G45_TAIL_ADDR) % ring_size(e);
}

static uint64_t now_ns(const G45Engine *e)
{
    const HwgpuHost *h = e->host;

    return h && h->clock_ns ? h->clock_ns(h->opaque) : 0;
}

static bool runnable_l(const G45Engine *e)
{
    return !e->halted && !e->starved &&
           !(e->reg[G45_ER_MI_MODE] & G45_MI_MODE_STOP_RING) &&
           !e->wait_mask && (e->reg[G45_ER_CTL] & G45_CTL_VALID) &&
           (e->in_batch || head_off(e) != tail_off(e));
}

static const char *eng_name(const G45Engine *e)
{
    return e->id == G45_ENGINE_RCS ? "RCS" : "BSD";
}

/* A guest error of this engine, rate-limited per call site. */
#define CS_ERROR(e, fmt, ...) \
    HWGPU_GUEST_ERROR((e)->host, "intel-g45: %s: " fmt, eng_name(e), \
                      __VA_ARGS__)

/* Memory write: graphics address through the GTT, or guest-physical. */
static void mem_write(G45Engine *e, uint64_t addr, bool phys,
                      const void *buf, uint32_t len)
{
    bool ok;

    if (phys) {
        ok = e->host->dma_write(e->host->opaque, addr, buf, len);
    } else {
        ok = g45_gtt_write(e->gtt, addr & 0xffffffffu, buf, len);
    }
    if (!ok) {
        CS_ERROR(e, "command write to unmapped address 0x%" PRIx64, addr);
    }
}

static bool mem_read(G45Engine *e, uint64_t addr, bool phys, void *buf,
                     uint32_t len)
{
    if (phys) {
        if (!e->host->dma_read(e->host->opaque, addr, buf, len)) {
            memset(buf, 0, len);
            return false;
        }
        return true;
    }
    return g45_gtt_read(e->gtt, addr & 0xffffffffu, buf, len);
}

static void hws_write(G45Engine *e, uint32_t byte_off, const void *buf,
                      uint32_t len)
{
    /* G45 keeps the status page in graphics memory (intel-i915-probe.md
     * 2.1: HWS_PGA is a GGTT offset on G45). */
    mem_write(e, (e->reg[G45_ER_HWS_PGA] & 0xfffff000u) + (byte_off & 0xffc), false,
              buf, len);
}

static void parser_error(G45Engine *e, const struct Cmd *c, const char *why);

/* ---- fetch ------------------------------------------------------------ */

/* Dword at `addr`; refills the fetch buffer with up to `ahead` dwords. */
static uint32_t fetch_dw(G45Engine *e, uint64_t addr, bool phys,
                         uint32_t ahead)
{
    if (e->fetch_n && e->fetch_phys == phys && addr >= e->fetch_addr &&
        addr < e->fetch_addr + 4ull * e->fetch_n) {
        return e->fetch[(addr - e->fetch_addr) / 4];
    }
    ahead = ahead < 1 ? 1 : ahead > G45_FETCH_DWORDS ? G45_FETCH_DWORDS :
            ahead;
    if (phys) {
        /* host DMA fails a whole access that leaves RAM: stay in a page */
        ahead = MIN(ahead, (4096 - addr % 4096) / 4);
    }
    mem_read(e, addr, phys, e->fetch, ahead * 4);
    e->fetch_addr = addr;
    e->fetch_n = ahead;
    e->fetch_phys = phys;
    return e->fetch[0];
}

/* Read the command at the parse position.  false: incomplete in ring. */
static bool read_cmd(G45Engine *e, Cmd *c)
{
    uint32_t hdr;

    if (e->in_batch) {
        bool phys = e->reg[G45_ER_BBSTATE] & G45_BBSTATE_PHYS;
        uint64_t a = e->reg[G45_ER_BBADDR];

        hdr = fetch_dw(e, a, phys, G45_FETCH_DWORDS);
        c->desc = g45_cmd_lookup(hdr);
        c->len = g45_cmd_length(c->desc, hdr);
        c->n = MIN(c->len, G45_CMD_MAX_DWORDS);
        for (uint32_t i = 0; i < c->n; i++) {
            c->dw[i] = fetch_dw(e, (a + 4ull * i) & 0xffffffffu, phys,
                                G45_FETCH_DWORDS);
        }
        e->reg[G45_ER_ACTHD] = (uint32_t)a;
    } else {
        uint32_t size = ring_size(e), h = head_off(e), t = tail_off(e);
        uint32_t avail = (t + size - h) % size / 4;
        uint32_t start = e->reg[G45_ER_START] & 0xfffff000u;

        /* Never fetch past TAIL: the guest may still be writing there. */
        hdr = fetch_dw(e, start + h, false,
                       MIN(avail, (size - h) / 4));
        c->desc = g45_cmd_lookup(hdr);
        c->len = g45_cmd_length(c->desc, hdr);
        if (c->len > avail) {
            /* Wait for the rest of the command (a TAIL write clears
             * this); one that cannot fit in the ring is a parser error. */
            if (c->len >= size / 4) {
                c->dw[0] = hdr;
                e->reg[G45_ER_ACTHD] = start + h;
                parser_error(e, c, "command longer than the ring");
            }
            e->starved = true;
            return false;
        }
        c->n = MIN(c->len, G45_CMD_MAX_DWORDS);
        for (uint32_t i = 0; i < c->n; i++) {
            uint32_t o = (h + 4 * i) % size;
            uint32_t left = o >= h ? (t > o ? t - o : size - o) : t - o;

            c->dw[i] = fetch_dw(e, start + o, false, MIN(left, size - o) / 4);
        }
        e->reg[G45_ER_ACTHD] = start + h;
    }
    e->reg[G45_ER_IPEHR] = hdr;
    return true;
}

/* ---- position changes ------------------------------------------------- */

static void ring_progress(G45Engine *e)
{
    e->since_progress = 0;
    e->progress_ns = now_ns(e);
}

static void advance(G45Engine *e, uint32_t dwords)
{
    if (e->in_batch) {
        e->reg[G45_ER_BBADDR] += dwords * 4;
        return;
    }
    {
        uint32_t size = ring_size(e), h = head_off(e);
        uint32_t nh = h + dwords * 4;
        uint32_t wrap = e->reg[G45_ER_HEAD] >> G45_HEAD_WRAP_SHIFT;
        uint32_t rep = (e->reg[G45_ER_CTL] & G45_CTL_REPORT_MASK) >> 1;
        uint32_t interval = rep == 1 ? 64 * 1024 : rep == 2 ? 128 * 1024 : 0;
        bool wrapped = nh >= size;

        if (wrapped) {
            nh -= size;
            wrap++;
        }
        e->reg[G45_ER_HEAD] = (wrap << G45_HEAD_WRAP_SHIFT) | nh;
        if (interval && (wrapped || h / interval != nh / interval)) {
            hws_write(e, G45_HWS_HEAD_REPORT * 4, &e->reg[G45_ER_HEAD], 4);
        }
        ring_progress(e);
    }
}

static void parser_error(G45Engine *e, const struct Cmd *c, const char *why)
{
    e->halted = true;
    e->reg[G45_ER_IPEIR] |= e->in_batch ? G45_IPEIR_BATCH : 0;
    e->reg[G45_ER_IPEHR] = c->dw[0];
    e->stats.errors++;
    CS_ERROR(e, "parser error (%s), header 0x%08x: ring halted", why,
             c->dw[0]);
    if (e->ops->error) {
        e->ops->error(e->opaque, G45_EIR_INSTRUCTION);
    }
}

static void declare_hang(G45Engine *e, const char *why)
{
    e->halted = true;
    e->hung = true;
    e->stats.hangs++;
    hwgpu_trace(e->host, "hang", "%s: %s, ACTHD 0x%08x", eng_name(e), why,
                e->reg[G45_ER_ACTHD]);
    CS_ERROR(e, "hang: %s, ACTHD 0x%08x", why, e->reg[G45_ER_ACTHD]);
    if (e->ops->hang) {
        e->ops->hang(e->opaque);
    }
}

static void check_wait_hang(G45Engine *e)
{
    uint64_t t = now_ns(e);

    if (e->wait_mask && e->hang_ns && t - e->progress_ns >= e->hang_ns) {
        declare_hang(e, "MI_WAIT_FOR_EVENT never satisfied");
    }
}

/* ---- context image ---------------------------------------------------- */

static uint32_t rec_len(uint32_t hdr)
{
    return g45_cmd_length(g45_cmd_lookup(hdr), hdr);
}

/* Keep the latest instance of each GFXPIPE state command (by header key). */
static void record_state(G45Engine *e, const Cmd *c)
{
    uint32_t i = 0;

    if (c->n != c->len) {
        return;                 /* longer than we buffer: not recorded */
    }
    while (i < e->ctx_len) {
        uint32_t l = rec_len(e->ctx_state[i]);

        if (G45_GFX_KEY(e->ctx_state[i]) == G45_GFX_KEY(c->dw[0])) {
            memmove(&e->ctx_state[i], &e->ctx_state[i + l],
                    (e->ctx_len - i - l) * 4);
            e->ctx_len -= l;
            break;
        }
        i += l;
    }
    if (e->ctx_len + c->len > G45_CTX_STATE_DWORDS) {
        HWGPU_UNIMP(e->host, "intel-g45: context state record full, %s "
                    "not saved", c->desc->name);
        return;
    }
    memcpy(&e->ctx_state[e->ctx_len], c->dw, c->len * 4);
    e->ctx_len += c->len;
}

static void ctx_save(G45Engine *e, uint32_t addr, bool phys)
{
    uint32_t hdr[2] = { G45_CTX_MAGIC, e->ctx_len };

    mem_write(e, addr, phys, hdr, sizeof(hdr));
    if (e->ctx_len) {
        mem_write(e, addr + 8, phys, e->ctx_state, e->ctx_len * 4);
    }
}

static void ctx_restore(G45Engine *e, uint32_t addr, bool phys)
{
    uint32_t hdr[2], i = 0;

    e->ctx_len = 0;
    mem_read(e, addr, phys, hdr, sizeof(hdr));
    if (hdr[0] != G45_CTX_MAGIC || hdr[1] > G45_CTX_STATE_DWORDS) {
        CS_ERROR(e, "MI_SET_CONTEXT: no valid context image at 0x%x", addr);
        return;
    }
    mem_read(e, addr + 8, phys, e->ctx_state, hdr[1] * 4);
    /* The image is the whole state: nothing of the previous context stays. */
    if (e->ops->on_3d) {
        e->ops->on_3d(e->opaque, NULL, 0, true);
    }
    /* Replay the records; a corrupt image stops at the first bad one. */
    while (i < hdr[1]) {
        uint32_t h = e->ctx_state[i];
        const G45CmdDesc *d = g45_cmd_lookup(h);
        uint32_t l = g45_cmd_length(d, h);

        if (d->op != G45_OP_3D_STATE || l < d->min_len || i + l > hdr[1]) {
            CS_ERROR(e, "MI_SET_CONTEXT: corrupt context image at 0x%x",
                     addr);
            break;
        }
        if (e->ops->on_3d) {
            e->ops->on_3d(e->opaque, &e->ctx_state[i], l, true);
        }
        i += l;
    }
    e->ctx_len = i;
}

static StepResult op_set_context(G45Engine *e, const Cmd *c)
{
    uint32_t v = c->dw[1], addr = g45_mi_set_context_address(c->dw);
    bool phys = !g45_mi_set_context_gtt(c->dw);
    bool cur_valid = e->reg[G45_ER_CCID] & G45_CCID_VALID;

    if (cur_valid && (e->reg[G45_ER_CCID] & G45_CCID_ADDR) == addr &&
        !g45_mi_set_context_force_restore(c->dw)) {
        return STEP_NEXT;       /* already current: no save, no restore */
    }
    if (cur_valid) {
        ctx_save(e, e->reg[G45_ER_CCID] & G45_CCID_ADDR, e->ctx_phys);
    }
    if (g45_mi_set_context_restore_inhibit(c->dw)) {
        e->ctx_len = 0;
    } else {
        ctx_restore(e, addr, phys);
    }
    e->reg[G45_ER_CCID] = addr | (v & (G45_MI_CTX_SAVE_EXT | G45_MI_CTX_RESTORE_EXT)) |
              G45_CCID_VALID;
    e->ctx_phys = phys;
    e->stats.ctx_switches++;
    return STEP_NEXT;
}

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

static uint32_t reg_read_any(G45Engine *e, uint32_t reg)
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

static void reg_write_any(G45Engine *e, uint32_t reg, uint32_t val)
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

/* ---- command handlers -------------------------------------------------- */

static StepResult op_lri(G45Engine *e, const Cmd *c)
{
    uint32_t dis = g45_mi_load_register_imm_byte_write_disables(c->dw);

    for (uint32_t i = 0; i < g45_mi_load_register_imm_reg_count(c->n); i++) {
        const uint32_t *el = g45_mi_load_register_imm_reg(c->dw, i);
        uint32_t reg = g45_mi_load_register_imm_reg_offset(el);
        uint32_t val = g45_mi_load_register_imm_reg_data(el);

        if (dis) {
            uint32_t keep = 0;

            for (int b = 0; b < 4; b++) {
                keep |= dis & (1u << b) ? 0xffu << (8 * b) : 0;
            }
            val = (val & ~keep) | (reg_read_any(e, reg) & keep);
        }
        reg_write_any(e, reg, val);
    }
    return STEP_NEXT;
}

static StepResult op_srm(G45Engine *e, const Cmd *c)
{
    uint32_t reg = g45_mi_store_register_mem_register(c->dw);
    bool phys = !g45_mi_store_register_mem_use_ggtt(c->dw);
    uint64_t addr = g45_mi_store_register_mem_address(c->dw) |
                    (phys ? (uint64_t)g45_mi_store_register_mem_address_hi(
                                c->dw) << 32 : 0);
    uint32_t v = reg_read_any(e, reg);

    mem_write(e, addr, phys, &v, 4);
    return STEP_NEXT;
}

static StepResult op_store_imm(G45Engine *e, const Cmd *c)
{
    bool phys = !g45_mi_store_data_imm_use_ggtt(c->dw);
    uint64_t addr = g45_mi_store_data_imm_address(c->dw) |
                    (phys ? (uint64_t)g45_mi_store_data_imm_address_hi(
                                c->dw) << 32 : 0);

    mem_write(e, addr, phys, &c->dw[3], c->len >= 5 ? 8 : 4);
    return STEP_NEXT;
}

static StepResult op_store_index(G45Engine *e, const Cmd *c)
{
    hws_write(e, g45_mi_store_data_index_offset(c->dw), &c->dw[2],
              c->len >= 4 ? 8 : 4);
    return STEP_NEXT;
}

static void user_interrupt(G45Engine *e)
{
    e->stats.user_irqs++;
    if (e->ops->raise) {
        e->ops->raise(e->opaque, e->id == G45_ENGINE_RCS ? G45_IIR_USER :
                      G45_IIR_BSD_USER);
    }
}

static StepResult op_pipe_control(G45Engine *e, const Cmd *c)
{
    uint32_t op = g45_pipe_control_post_sync_op(c->dw);
    uint32_t addr = g45_pipe_control_address(c->dw);
    uint64_t v;

    /* The 3D pipeline sees the sync point first, so its work is done
     * before the post-sync write (seed-000 3.2.1, line 4623 ff). */
    if (e->ops->on_3d) {
        e->ops->on_3d(e->opaque, c->dw, c->n, false);
    }
    /* Gen4 has no PPGTT in use: both address types go through the GGTT. */
    switch (op) {
    case G45_PIPE_CONTROL_POST_SYNC_OP_WRITE_IMMEDIATE:
        mem_write(e, addr, false, &c->dw[2], 8);
        break;
    case G45_PIPE_CONTROL_POST_SYNC_OP_WRITE_PS_DEPTH_COUNT:
        v = e->ps_depth_count;
        mem_write(e, addr, false, &v, 8);
        break;
    case G45_PIPE_CONTROL_POST_SYNC_OP_WRITE_TIMESTAMP:
        v = now_ns(e);
        /* split so that the product cannot overflow for hz < 1.8e10 */
        v = v / 1000000000u * e->timestamp_hz +
            v % 1000000000u * e->timestamp_hz / 1000000000u;
        mem_write(e, addr, false, &v, 8);
        break;
    default:
        break;
    }
    if (g45_pipe_control_notify_enable(c->dw)) {
        user_interrupt(e);
    }
    return STEP_NEXT;
}

static StepResult op_bb_start(G45Engine *e, const Cmd *c)
{
    uint32_t addr = g45_mi_batch_buffer_start_address(c->dw);
    /* A batch chained from a non-secure batch stays non-secure. */
    bool non_secure = g45_mi_batch_buffer_start_non_secure(c->dw) ||
                      (e->reg[G45_ER_BBSTATE] & G45_BBSTATE_NON_SECURE);

    if (!e->in_batch) {
        advance(e, c->len);     /* HEAD moves past the BB_START */
        e->chain = 0;
    } else if (++e->chain > G45_BB_MAX_CHAIN) {
        /* Gen4 batches chain: a BB_START in a batch replaces it, and its
         * BB_END returns to the ring (no return stack).  A chain that
         * never returns to the ring makes no progress. */
        declare_hang(e, "too many chained batches");
        return STEP_STOP;
    }
    e->in_batch = true;
    e->reg[G45_ER_BBADDR] = addr;
    e->reg[G45_ER_BBSTATE] = G45_BBSTATE_ACTIVE |
                 (g45_mi_batch_buffer_start_gtt(c->dw) ? 0 :
                  G45_BBSTATE_PHYS) |
                 (non_secure ? G45_BBSTATE_NON_SECURE : 0);
    e->fetch_n = 0;
    e->stats.batches++;
    return STEP_JUMP;
}

static StepResult op_3d(G45Engine *e, const Cmd *c, bool state)
{
    e->stats.cmds_3d++;
    if (c->desc->unnamed) {
        e->stats.cmds_3d_unknown++;
        HWGPU_UNIMP(e->host, "intel-g45: GFXPIPE command 0x%08x not in the "
                    "command table, passed on by length", c->dw[0]);
    }
    if (c->n != c->len) {
        CS_ERROR(e, "%s command of %u dwords passed truncated",
                 c->desc->name, c->len);
    }
    if (e->ops->on_3d) {
        e->ops->on_3d(e->opaque, c->dw, c->n, false);
    }
    if (state) {
        record_state(e, c);
    }
    return STEP_NEXT;
}

static StepResult op_noop(G45Engine *e, const Cmd *c)
{
    if (g45_mi_noop_identification_write(c->dw)) {
        e->reg[G45_ER_NOPID] = g45_mi_noop_identification_number(c->dw);
    }
    return STEP_NEXT;
}

static StepResult op_nop(G45Engine *e, const Cmd *c)
{
    return STEP_NEXT;
}

static StepResult op_user_interrupt(G45Engine *e, const Cmd *c)
{
    user_interrupt(e);
    return STEP_NEXT;
}

static StepResult op_wait(G45Engine *e, const Cmd *c)
{
    e->wait_mask = g45_mi_wait_for_event_events(c->dw);
    if (e->wait_mask && e->ops->wait) {
        e->ops->wait(e->opaque, e->wait_mask);
    }
    return e->wait_mask ? STEP_STOP : STEP_NEXT;
}

static StepResult op_report_head(G45Engine *e, const Cmd *c)
{
    hws_write(e, G45_HWS_HEAD_REPORT * 4, &e->reg[G45_ER_HEAD], 4);
    return STEP_NEXT;
}

static StepResult op_bb_end(G45Engine *e, const Cmd *c)
{
    if (!e->in_batch) {
        return STEP_NEXT;       /* in the ring: nothing to end */
    }
    e->in_batch = false;
    e->reg[G45_ER_BBSTATE] = 0;
    e->fetch_n = 0;
    return STEP_JUMP;
}

static StepResult op_flip(G45Engine *e, const Cmd *c)
{
    if (e->ops->display_flip) {
        e->ops->display_flip(e->opaque, c->dw, c->n);
    }
    return STEP_NEXT;
}

static StepResult op_3d_state(G45Engine *e, const Cmd *c)
{
    return op_3d(e, c, e->id == G45_ENGINE_RCS);
}

static StepResult op_3d_other(G45Engine *e, const Cmd *c)
{
    return op_3d(e, c, false);
}

/*
 * 2D commands run in slices of G45_BLT_SLICE_PIXELS: the command stays at
 * the parse position (not retired) until its last slice, and the worker
 * hands the engine lock to waiting MMIO callers in between, so a huge blit
 * never holds up a vCPU.  The progress belongs to the command at this
 * position; a reset or a new ring position drops it.
 */
static StepResult op_blt(G45Engine *e, const Cmd *c)
{
    uint32_t row = 0;

    if (e->blt_row && e->blt_at == e->reg[G45_ER_ACTHD] && e->blt_hdr == c->dw[0] &&
        e->blt_in_batch == e->in_batch) {
        row = e->blt_row;
    } else {
        e->stats.blts++;
    }
    if (!g45_blt_exec_slice(&e->blt, c->dw, c->n, &row,
                            G45_BLT_SLICE_PIXELS) && row) {
        e->blt_row = row;
        e->blt_at = e->reg[G45_ER_ACTHD];
        e->blt_hdr = c->dw[0];
        e->blt_in_batch = e->in_batch;
        return STEP_AGAIN;
    }
    e->blt_row = 0;
    return STEP_NEXT;
}

typedef StepResult (*CmdHandler)(G45Engine *e, const Cmd *c);

/* The executor's half of the command table: G45CmdOp -> handler. */
static const CmdHandler handlers[G45_OP__COUNT] = {
    [G45_OP_NOP] = op_nop,
    [G45_OP_NOOP] = op_noop,
    [G45_OP_USER_INTERRUPT] = op_user_interrupt,
    [G45_OP_WAIT_FOR_EVENT] = op_wait,
    [G45_OP_FLUSH] = op_nop,
    [G45_OP_REPORT_HEAD] = op_report_head,
    [G45_OP_BB_END] = op_bb_end,
    [G45_OP_BB_START] = op_bb_start,
    [G45_OP_DISPLAY_FLIP] = op_flip,
    [G45_OP_SET_CONTEXT] = op_set_context,
    [G45_OP_STORE_DATA_IMM] = op_store_imm,
    [G45_OP_STORE_DATA_INDEX] = op_store_index,
    [G45_OP_LRI] = op_lri,
    [G45_OP_SRM] = op_srm,
    [G45_OP_PIPE_CONTROL] = op_pipe_control,
    [G45_OP_3D_STATE] = op_3d_state,
    [G45_OP_3D] = op_3d_other,
    [G45_OP_BLT] = op_blt,
};

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

    if (d->op == G45_OP_INVALID || !handlers[d->op]) {
        parser_error(e, c, "unknown command");
        return STEP_STOP;
    }
    if (c->len < d->min_len) {
        parser_error(e, c, "length field too small");
        return STEP_STOP;
    }
    if (d->rcs_only && e->id != G45_ENGINE_RCS) {
        parser_error(e, c, "render-only command on the video ring");
        return STEP_STOP;
    }
    if ((e->reg[G45_ER_BBSTATE] & G45_BBSTATE_NON_SECURE) && !privilege_ok(e, c)) {
        return STEP_NEXT;       /* refused: a no-op, parsing goes on */
    }
    return handlers[d->op](e, c);
}

/* Execute one command.  false: nothing executed (incomplete / stopped). */
static bool step_l(G45Engine *e)
{
    Cmd c;
    StepResult r;

    if (!read_cmd(e, &c)) {
        return false;
    }
    if (e->ops->trace && hwgpu_trace_on(e->host)) {
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
    if (r == STEP_NEXT) {
        advance(e, c.len);
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
        check_wait_hang(e);
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
            declare_hang(e, "batch makes no progress");
        }
    }
    return n;
}

/* ---- MMIO --------------------------------------------------------------- */

static void kick(G45Engine *e)
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
    /* Side effects: the parser looks again at its ring. */
    switch (i) {
    case G45_ER_TAIL:
        e->starved = false;
        if (e->reg[G45_ER_TAIL] >= ring_size(e) &&
            (e->reg[G45_ER_CTL] & G45_CTL_VALID)) {
            CS_ERROR(e, "TAIL 0x%x beyond the ring, wrapped", val);
        }
        kick(e);
        break;
    case G45_ER_HEAD:
    case G45_ER_CTL:
        e->starved = false;
        e->blt_row = 0;
        e->fetch_n = 0;
        ring_progress(e);
        kick(e);
        break;
    case G45_ER_START:
        e->starved = false;
        e->blt_row = 0;
        e->fetch_n = 0;
        break;
    case G45_ER_MI_MODE:
        if (!(e->reg[G45_ER_MI_MODE] & G45_MI_MODE_STOP_RING)) {
            ring_progress(e);
            kick(e);
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
                      "g45-bsd", &worker_ops, e);
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

void g45_engine_reset(G45Engine *e)
{
    hwgpu_worker_lock(&e->worker);
    reset_l(e);
    kick(e);
    hwgpu_worker_unlock(&e->worker);
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
        advance(e, 1);          /* the MI_WAIT_FOR_EVENT retires */
        kick(e);
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
    check_wait_hang(opaque);
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
