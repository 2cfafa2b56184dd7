/*
 * G45 command streamer: the command handlers (MI commands, PIPE_CONTROL,
 * batch buffers, the hand-off of 3D and 2D commands) and the context
 * image of MI_SET_CONTEXT.  Part of the command streamer of g45-cs.c (see
 * g45-cs-priv.h and docs/g45-cs.md).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "g45-cs-priv.h"

/* ---- context image ---------------------------------------------------- */

static uint32_t rec_len(uint32_t hdr)
{
    return g45_cmd_length(g45_cmd_lookup(hdr), hdr);
}

/* Keep the latest instance of each GFXPIPE state command (by header key). */
void  g45_cs_record_state(G45Engine *e, const Cmd *c)
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

    g45_cs_mem_write(e, addr, phys, hdr, sizeof(hdr));
    if (e->ctx_len) {
        g45_cs_mem_write(e, addr + 8, phys, e->ctx_state, e->ctx_len * 4);
    }
}

static void ctx_restore(G45Engine *e, uint32_t addr, bool phys)
{
    uint32_t hdr[2], i = 0;

    e->ctx_len = 0;
    g45_cs_mem_read(e, addr, phys, hdr, sizeof(hdr));
    if (hdr[0] != G45_CTX_MAGIC || hdr[1] > G45_CTX_STATE_DWORDS) {
        CS_ERROR(e, "MI_SET_CONTEXT: no valid context image at 0x%x", addr);
        return;
    }
    g45_cs_mem_read(e, addr + 8, phys, e->ctx_state, hdr[1] * 4);
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
            val = (val & ~keep) | (g45_cs_reg_read_any(e, reg) & keep);
        }
        g45_cs_reg_write_any(e, reg, val);
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
    uint32_t v = g45_cs_reg_read_any(e, reg);

    g45_cs_mem_write(e, addr, phys, &v, 4);
    return STEP_NEXT;
}

static StepResult op_store_imm(G45Engine *e, const Cmd *c)
{
    bool phys = !g45_mi_store_data_imm_use_ggtt(c->dw);
    uint64_t addr = g45_mi_store_data_imm_address(c->dw) |
                    (phys ? (uint64_t)g45_mi_store_data_imm_address_hi(
                                c->dw) << 32 : 0);

    g45_cs_mem_write(e, addr, phys, &c->dw[3], c->len >= 5 ? 8 : 4);
    return STEP_NEXT;
}

static StepResult op_store_index(G45Engine *e, const Cmd *c)
{
    g45_cs_hws_write(e, g45_mi_store_data_index_offset(c->dw), &c->dw[2],
              c->len >= 4 ? 8 : 4);
    return STEP_NEXT;
}

void  g45_cs_user_interrupt(G45Engine *e)
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
        g45_cs_mem_write(e, addr, false, &c->dw[2], 8);
        break;
    case G45_PIPE_CONTROL_POST_SYNC_OP_WRITE_PS_DEPTH_COUNT:
        v = e->ps_depth_count;
        g45_cs_mem_write(e, addr, false, &v, 8);
        break;
    case G45_PIPE_CONTROL_POST_SYNC_OP_WRITE_TIMESTAMP:
        v = now_ns(e);
        /* split so that the product cannot overflow for hz < 1.8e10 */
        v = v / 1000000000u * e->timestamp_hz +
            v % 1000000000u * e->timestamp_hz / 1000000000u;
        g45_cs_mem_write(e, addr, false, &v, 8);
        break;
    default:
        break;
    }
    if (g45_pipe_control_notify_enable(c->dw)) {
        g45_cs_user_interrupt(e);
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
        g45_cs_advance(e, c->len);     /* HEAD moves past the BB_START */
        e->chain = 0;
        /* no kernel older than the batch (i915 invalidates anyway) */
        if (e->ops->icache_invalidate) {
            e->ops->icache_invalidate(e->opaque);
        }
    } else if (++e->chain > G45_BB_MAX_CHAIN) {
        /* Gen4 batches chain: a BB_START in a batch replaces it, and its
         * BB_END returns to the ring (no return stack).  A chain that
         * never returns to the ring makes no progress. */
        g45_cs_declare_hang(e, "too many chained batches");
        return STEP_STOP;
    }
    e->in_batch = true;
    e->diag_batch = addr;
    e->reg[G45_ER_BBADDR] = addr;
    e->reg[G45_ER_BBSTATE] = G45_BBSTATE_ACTIVE |
                 (g45_mi_batch_buffer_start_gtt(c->dw) ? 0 :
                  G45_BBSTATE_PHYS) |
                 (non_secure ? G45_BBSTATE_NON_SECURE : 0);
    e->fetch_n = 0;
    e->stats.batches++;
    hwgpu_trace(e->host, "batch", "%s: start 0x%08x (%s, %s)%s", eng_name(e),
                addr, g45_mi_batch_buffer_start_gtt(c->dw) ? "GTT" : "phys",
                non_secure ? "non-secure" : "secure",
                e->chain ? " chained" : "");
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
        g45_cs_record_state(e, c);
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

/* The caches it flushes hold nothing; the instruction cache does. */
static StepResult op_flush(G45Engine *e, const Cmd *c)
{
    if (g45_mi_flush_state_instruction_cache_invalidate(c->dw) &&
        e->ops->icache_invalidate) {
        e->ops->icache_invalidate(e->opaque);
    }
    return STEP_NEXT;
}

static StepResult op_user_interrupt(G45Engine *e, const Cmd *c)
{
    g45_cs_user_interrupt(e);
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
    g45_cs_hws_write(e, G45_HWS_HEAD_REPORT * 4, &e->reg[G45_ER_HEAD], 4);
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
    hwgpu_trace(e->host, "batch", "%s: end at 0x%08x, back to the ring at "
                "HEAD 0x%08x", eng_name(e), e->reg[G45_ER_ACTHD],
                e->reg[G45_ER_HEAD]);
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

const CmdHandler g45_cs_handlers[G45_OP__COUNT] = {
    [G45_OP_NOP] = op_nop,
    [G45_OP_NOOP] = op_noop,
    [G45_OP_USER_INTERRUPT] = op_user_interrupt,
    [G45_OP_WAIT_FOR_EVENT] = op_wait,
    [G45_OP_FLUSH] = op_flush,
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
