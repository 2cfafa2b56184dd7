/*
 * G45 command streamer: fetching commands from the ring and from batch
 * buffers, the parse position, parser errors and hangs.  Part of the
 * command streamer of g45-cs.c (see g45-cs-priv.h).
 *
 * Ring model (seed-001 lines 64-82, which describe the same ring DMA for a
 * later part): the parser fetches from HEAD while HEAD != TAIL; HEAD moves
 * past each command as it retires; ACTHD is the graphics address of the
 * command being executed (ring or batch).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "g45-cs-priv.h"

/* Memory write: graphics address through the GTT, or guest-physical. */
void  g45_cs_mem_write(G45Engine *e, uint64_t addr, bool phys,
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

bool  g45_cs_mem_read(G45Engine *e, uint64_t addr, bool phys, void *buf,
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

void  g45_cs_hws_write(G45Engine *e, uint32_t byte_off, const void *buf,
                      uint32_t len)
{
    /* G45 keeps the status page in graphics memory (intel-i915-probe.md
     * 2.1: HWS_PGA is a GGTT offset on G45). */
    g45_cs_mem_write(e, (e->reg[G45_ER_HWS_PGA] & 0xfffff000u) + (byte_off & 0xffc), false,
              buf, len);
}

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
    g45_cs_mem_read(e, addr, phys, e->fetch, ahead * 4);
    e->fetch_addr = addr;
    e->fetch_n = ahead;
    e->fetch_phys = phys;
    return e->fetch[0];
}

/* Read the command at the parse position.  false: incomplete in ring. */
bool  g45_cs_read_cmd(G45Engine *e, Cmd *c)
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
                g45_cs_parser_error(e, c, "command longer than the ring");
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

void  g45_cs_ring_progress(G45Engine *e)
{
    e->since_progress = 0;
    e->progress_ns = now_ns(e);
}

void  g45_cs_advance(G45Engine *e, uint32_t dwords)
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
            g45_cs_hws_write(e, G45_HWS_HEAD_REPORT * 4, &e->reg[G45_ER_HEAD], 4);
        }
        g45_cs_ring_progress(e);
    }
}

void  g45_cs_parser_error(G45Engine *e, const struct Cmd *c, const char *why)
{
    e->halted = true;
    e->reg[G45_ER_IPEIR] |= e->in_batch ? G45_IPEIR_BATCH : 0;
    e->reg[G45_ER_IPEHR] = c->dw[0];
    e->stats.errors++;
    CS_ERROR(e, "parser error (%s), header 0x%08x at 0x%08x (%s 0x%08x; "
             "the command before: 0x%08x at 0x%08x): ring halted", why,
             c->dw[0], e->reg[G45_ER_ACTHD],
             e->in_batch ? "in the batch from" : "in the ring at",
             e->in_batch ? e->diag_batch : e->reg[G45_ER_START],
             e->diag_hdr, e->diag_addr);
    if (e->ops->error) {
        e->ops->error(e->opaque, G45_EIR_INSTRUCTION);
    }
}

void  g45_cs_declare_hang(G45Engine *e, const char *why)
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

void  g45_cs_check_wait_hang(G45Engine *e)
{
    uint64_t t = now_ns(e);

    if (e->wait_mask && e->hang_ns && t - e->progress_ns >= e->hang_ns) {
        g45_cs_declare_hang(e, "MI_WAIT_FOR_EVENT never satisfied");
    }
}
