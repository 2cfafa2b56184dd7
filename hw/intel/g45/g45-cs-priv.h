/*
 * The G45 command streamer's private interface, shared by its three files:
 * g45-cs.c (engines: registers, the run loop, MMIO, the worker), g45-ring.c
 * (fetching commands from rings and batches, position changes, parser
 * errors and hangs) and g45-mi.c (the command handlers and the context
 * image).  See include/hwgpu/intel/g45/g45-cs.h and docs/g45-cs.md.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_INTEL_G45_CS_PRIV_H
#define HW_INTEL_G45_CS_PRIV_H

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

static inline uint32_t ring_size(const G45Engine *e)
{
    return (((e->reg[G45_ER_CTL] & G45_CTL_SIZE_MASK) >> 12) + 1) * G45_GTT_PAGE_SIZE;
}

static inline uint32_t head_off(const G45Engine *e)
{
    return (e->reg[G45_ER_HEAD] & G45_HEAD_ADDR) % ring_size(e);
}

static inline uint32_t tail_off(const G45Engine *e)
{
    return (e->reg[G45_ER_TAIL] & G45_TAIL_ADDR) % ring_size(e);
}

static inline uint64_t now_ns(const G45Engine *e)
{
    const HwgpuHost *h = e->host;

    return h && h->clock_ns ? h->clock_ns(h->opaque) : 0;
}

static inline bool runnable_l(const G45Engine *e)
{
    return !e->halted && !e->starved &&
           !(e->reg[G45_ER_MI_MODE] & G45_MI_MODE_STOP_RING) &&
           !e->wait_mask && (e->reg[G45_ER_CTL] & G45_CTL_VALID) &&
           (e->in_batch || head_off(e) != tail_off(e));
}

static inline const char *eng_name(const G45Engine *e)
{
    return e->id == G45_ENGINE_RCS ? "RCS" : "BSD";
}

/* A guest error of this engine, rate-limited per call site. */
#define CS_ERROR(e, fmt, ...) \
    HWGPU_GUEST_ERROR((e)->host, "intel-g45: %s: " fmt, eng_name(e), \
                      __VA_ARGS__)

/* g45-ring.c */
void g45_cs_mem_write(G45Engine *e, uint64_t addr, bool phys,
                      const void *buf, uint32_t len);
bool g45_cs_mem_read(G45Engine *e, uint64_t addr, bool phys, void *buf,
                     uint32_t len);
void g45_cs_hws_write(G45Engine *e, uint32_t byte_off, const void *buf,
                      uint32_t len);
bool g45_cs_read_cmd(G45Engine *e, Cmd *c);
void g45_cs_ring_progress(G45Engine *e);
void g45_cs_advance(G45Engine *e, uint32_t dwords);
void g45_cs_parser_error(G45Engine *e, const Cmd *c, const char *why);
void g45_cs_declare_hang(G45Engine *e, const char *why);
void g45_cs_check_wait_hang(G45Engine *e);

/* g45-mi.c */
typedef StepResult (*CmdHandler)(G45Engine *e, const Cmd *c);
/* The executor's half of the command table: G45CmdOp -> handler. */
extern const CmdHandler g45_cs_handlers[G45_OP__COUNT];
void g45_cs_record_state(G45Engine *e, const Cmd *c);
void g45_cs_user_interrupt(G45Engine *e);

/* g45-cs.c */
uint32_t g45_cs_reg_read_any(G45Engine *e, uint32_t reg);
void g45_cs_reg_write_any(G45Engine *e, uint32_t reg, uint32_t val);
void g45_cs_kick(G45Engine *e);

#endif
