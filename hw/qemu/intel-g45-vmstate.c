/*
 * intel-g45 migration: the VMState of the device core, one section per
 * block (register file, command streamers and their blitter, display
 * pipes and GMBUS, the 3D pipeline's state), each checked on load by the
 * block's own check function in the QEMU-independent core.  What is not
 * here is derived on load (g45_loaded) or is configuration the destination
 * is started with (EDID, aperture size, hang limits).  The GTT's PTEs are
 * a RAM region and migrate as RAM.  docs/migration.md has the whole
 * picture: quiescing, what each section holds, how a stream is refused.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "migration/vmstate.h"

#include "hwgpu/intel/g45/g45.h"
#include "intel-g45.h"

/*
 * A block whose loaded state fails its check refuses the stream (the load
 * fails, the VM does not run) and goes back to its reset state, so that
 * nothing out of range stays in the device whatever comes next.
 */
static int refuse(const char *block, const char *why)
{
    error_report("intel-g45: migration stream refused: %s: %s", block, why);
    return -EINVAL;
}

/* ---- register file --------------------------------------------------- */

static const VMStateDescription vmstate_hwgpu_regfile = {
    .name = "hwgpu-regfile",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        /* Every dword of the register space; the count is the
         * destination's own (the same device). */
        VMSTATE_VARRAY_UINT32(values, HwgpuRegFile, ndwords, 1,
                              vmstate_info_uint32, uint32_t),
        VMSTATE_END_OF_LIST()
    },
};

/* ---- command streamers ----------------------------------------------- */

static const VMStateDescription vmstate_g45_blt = {
    .name = "g45-blt",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(setup_dw0, G45Blt),
        VMSTATE_UINT32(setup_br13, G45Blt),
        VMSTATE_UINT32(clip_tl, G45Blt),
        VMSTATE_UINT32(clip_br, G45Blt),
        VMSTATE_UINT32(setup_dst, G45Blt),
        VMSTATE_UINT32(bg, G45Blt),
        VMSTATE_UINT32(fg, G45Blt),
        VMSTATE_UINT32(pat_base, G45Blt),
        VMSTATE_UINT32_ARRAY(mono_pat, G45Blt, 2),
        VMSTATE_BOOL(setup_mono_pat, G45Blt),
        VMSTATE_END_OF_LIST()
    },
};

static int g45_engine_post_load(void *opaque, int version_id)
{
    G45Engine *e = opaque;
    const char *why = g45_engine_check(e);

    if (!why) {
        return 0;
    }
    g45_engine_power_on(e);
    return refuse(e->id == G45_ENGINE_RCS ? "render ring" : "video ring",
                  why);
}

/*
 * A ring's registers and parse position (HEAD, batch, chain, a blit part
 * way through its rows, an MI_WAIT_FOR_EVENT), the hang check's count and
 * the context state record MI_SET_CONTEXT saves.
 */
static const VMStateDescription vmstate_g45_engine = {
    .name = "g45-engine",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = g45_engine_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(reg, G45Engine, G45_ER__COUNT),
        VMSTATE_BOOL(in_batch, G45Engine),
        VMSTATE_BOOL(halted, G45Engine),
        VMSTATE_BOOL(hung, G45Engine),
        VMSTATE_BOOL(starved, G45Engine),
        VMSTATE_UINT32(wait_mask, G45Engine),
        VMSTATE_UINT32(chain, G45Engine),
        VMSTATE_UINT32(blt_row, G45Engine),
        VMSTATE_UINT32(blt_at, G45Engine),
        VMSTATE_UINT32(blt_hdr, G45Engine),
        VMSTATE_BOOL(blt_in_batch, G45Engine),
        VMSTATE_UINT64(since_progress, G45Engine),
        VMSTATE_BOOL(ctx_phys, G45Engine),
        VMSTATE_UINT32(ctx_len, G45Engine),
        VMSTATE_UINT32_ARRAY(ctx_state, G45Engine, G45_CTX_STATE_DWORDS),
        VMSTATE_STRUCT(blt, G45Engine, 1, vmstate_g45_blt, G45Blt),
        VMSTATE_END_OF_LIST()
    },
};

/* ---- display --------------------------------------------------------- */

/* A pipe's clock (epoch and frame counter on QEMU_CLOCK_VIRTUAL, which
 * migrates: vblanks and frame counts go on, they neither jump nor repeat)
 * and its plane's pending and live surface. */
static const VMStateDescription vmstate_g45_pipe = {
    .name = "g45-pipe",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(epoch_ns, G45Pipe),
        VMSTATE_UINT64(frame_ns, G45Pipe),
        VMSTATE_UINT32(vtotal, G45Pipe),
        VMSTATE_UINT32(vblank_start, G45Pipe),
        VMSTATE_UINT64(frames_base, G45Pipe),
        VMSTATE_UINT64(last_frame, G45Pipe),
        VMSTATE_UINT32(surf_pending, G45Pipe),
        VMSTATE_UINT64(surf_written_frame, G45Pipe),
        VMSTATE_BOOL(surf_dirty, G45Pipe),
        VMSTATE_UINT32(surf_live, G45Pipe),
        VMSTATE_END_OF_LIST()
    },
};

/* A GMBUS cycle in progress and the EDID EEPROM's pointers. */
static const VMStateDescription vmstate_g45_gmbus = {
    .name = "g45-gmbus",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(ddc.monitor, G45Gmbus),
        VMSTATE_UINT8(pin, G45Gmbus),
        VMSTATE_BOOL(active, G45Gmbus),
        VMSTATE_BOOL(hw_rdy, G45Gmbus),
        VMSTATE_BOOL(wait_phase, G45Gmbus),
        VMSTATE_BOOL(nak, G45Gmbus),
        VMSTATE_BOOL(stop_after, G45Gmbus),
        VMSTATE_UINT32(data, G45Gmbus),
        VMSTATE_BOOL(read, G45Gmbus),
        VMSTATE_UINT8(addr, G45Gmbus),
        VMSTATE_UINT32(remaining, G45Gmbus),
        VMSTATE_UINT32(done, G45Gmbus),
        VMSTATE_UINT32(ddc.offset, G45Gmbus),
        VMSTATE_UINT8(ddc.segment, G45Gmbus),
        VMSTATE_END_OF_LIST()
    },
};

static int g45_display_post_load(void *opaque, int version_id)
{
    const char *why = g45_display_check(opaque);

    if (!why) {
        return 0;
    }
    g45_display_reset(opaque);
    return refuse("display", why);
}

static const VMStateDescription vmstate_g45_display = {
    .name = "g45-display",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = g45_display_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(pipe, G45Display, 2, 1, vmstate_g45_pipe,
                             G45Pipe),
        VMSTATE_STRUCT(gmbus, G45Display, 1, vmstate_g45_gmbus, G45Gmbus),
        VMSTATE_END_OF_LIST()
    },
};

/* ---- 3D pipeline ----------------------------------------------------- */

static int gen4_state_post_load(void *opaque, int version_id)
{
    const char *why = gen4_state_check(opaque);

    if (!why) {
        return 0;
    }
    gen4_state_reset(opaque);
    return refuse("3D pipeline", why);
}

/* The latest packet of each kind, the base addresses and vertex buffers:
 * a draw after the load sees the state the batch before it set. */
static const VMStateDescription vmstate_gen4_state = {
    .name = "gen4-state",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = gen4_state_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(pkt, Gen4State, GEN4_PKT_KINDS, GEN4_PKT_MAX),
        VMSTATE_UINT8_ARRAY(pkt_len, Gen4State, GEN4_PKT_KINDS),
        VMSTATE_UINT32(general_base, Gen4State),
        VMSTATE_UINT32(surface_base, Gen4State),
        VMSTATE_UINT32(indirect_base, Gen4State),
        VMSTATE_UINT32(general_bound, Gen4State),
        VMSTATE_UINT32(indirect_bound, Gen4State),
        VMSTATE_UINT32_2DARRAY(vb, Gen4State, GEN4_MAX_VB, 4),
        VMSTATE_UINT32(vb_valid, Gen4State),
        VMSTATE_UINT64(draws, Gen4State),
        VMSTATE_UINT64(ps_depth_count, Gen4State),
        VMSTATE_END_OF_LIST()
    },
};

/* ---- the core -------------------------------------------------------- */

static int g45_core_post_load(void *opaque, int version_id)
{
    const char *why = g45_check(opaque);

    if (!why) {
        return 0;
    }
    g45_reset(opaque);
    return refuse("device", why);
}

/*
 * What the engines reported and the main loop has not applied yet is
 * normally empty at a save (pre_save services it); it is kept all the
 * same, so that nothing is lost whatever the order.
 */
const VMStateDescription vmstate_g45_core = {
    .name = "g45-core",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = g45_core_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(regs, G45, 1, vmstate_hwgpu_regfile, HwgpuRegFile),
        VMSTATE_STRUCT(rcs, G45, 1, vmstate_g45_engine, G45Engine),
        VMSTATE_STRUCT(bsd, G45, 1, vmstate_g45_engine, G45Engine),
        VMSTATE_STRUCT(disp, G45, 1, vmstate_g45_display, G45Display),
        VMSTATE_STRUCT(gen4, G45, 1, vmstate_gen4_state, Gen4State),
        VMSTATE_UINT32(pending_iir, G45),
        VMSTATE_UINT32(pending_eir, G45),
        VMSTATE_UINT32_ARRAY(pending_flip, G45, 2),
        VMSTATE_UINT32(reg_q_len, G45),
        VMSTATE_UINT32_2DARRAY(reg_q, G45, G45_REG_QUEUE, 2),
        VMSTATE_UINT64(hangs, G45),
        VMSTATE_END_OF_LIST()
    },
};
