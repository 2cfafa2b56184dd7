/*
 * The harness of the G45 command-streamer tests (test-g45-cs*.c): the
 * graphics memory layout, the fake host and a GTT over its RAM, the
 * engine callbacks' recorded traffic, ring emission and engine set-up.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TEST_G45_CS_H
#define HWGPU_TEST_G45_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "common/fake-host.h"

#define RAM_SIZE    (4u << 20)
#define NPTES       1024u
#define RING        0x10000u        /* graphics addresses */
#define HWS         0x20000u
#define BATCH       0x30000u
#define CTX_A       0x40000u
#define CTX_B       0x42000u
#define DATA        0x50000u
#define PHYS_BATCH  0x3f0000u       /* guest-physical */

extern uint8_t ram[RAM_SIZE];
extern uint32_t ptes[NPTES];
extern G45Gtt gtt;
extern FakeHost fh;

/* Recorded callback traffic, cleared by setup() */
extern uint32_t irq_bits[64], irq_seen_seqno[64];
extern int nirqs;
extern uint32_t eir_bits;
extern int nhangs, nflips;
extern uint32_t reg_w_off[16], reg_w_val[16];
extern int nreg_w;
extern uint32_t hook_hdr[64], hook_len[64];
extern bool hook_restore[64];
extern int nhooks, nrestores;
extern int ninvalidates;        /* icache_invalidate calls */

/* Ring emission: the ring's TAIL as emitted so far, its size. */
extern uint32_t rtail, rsize;

/* A dword of graphics memory. */
uint32_t gr32(uint32_t a);
void gw32(uint32_t a, uint32_t v);
/* One dword into the ring; submit() pads to a qword and writes TAIL. */
void emit(uint32_t v);
void submit(G45Engine *e);
/* An engine register, which must exist. */
uint32_t rd(G45Engine *e, uint32_t off);
/* Fresh RAM, GTT and host; engine `id` with a ring of `pages` at RING. */
void setup(G45Engine *e, G45EngineId id, uint32_t pages);
/* MI_STORE_DATA_IMM of `v` to graphics address `addr`. */
void emit_sdi_ggtt(uint32_t addr, uint32_t v);

#endif
