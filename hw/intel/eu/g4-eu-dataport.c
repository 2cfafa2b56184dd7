/*
 * G45 data port (SFID 4 read, SFID 5 write), seed 002 chapter 5
 * (L4275-L5844; seed-002.md 4.2): OWord block, OWord dual block and
 * DWord scattered messages on linear buffers.  Out-of-bounds reads
 * return 0 and writes are dropped (L4561, L4806); both are logged.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/eu/g4-eu.h"

/* G4x read types, descriptor 13:11 (L4486-L4495). */
enum { RD_OWORD = 0, RD_OWORD_DUAL = 2, RD_DWORD_SCATTERED = 6 };
/* write types, descriptor 14:12 (L4473-L4482). */
enum { WR_OWORD = 0, WR_OWORD_DUAL = 1, WR_DWORD_SCATTERED = 3 };

typedef struct DpSurf {
    uint64_t base;
    uint64_t size;
    unsigned bti;
} DpSurf;

/* Binding-table index, or 255 = stateless (L4315-L4342, L4510). */
static bool dp_surface(const G4EuDataPort *dp, const G4EuMessage *msg,
                       DpSurf *s)
{
    unsigned bti = msg->function & 0xff;

    s->bti = bti;
    if (bti == 255) {
        uint64_t off = msg->payload[5] & ~0x3ffu;   /* M0.5[31:10] */

        s->base = dp->stateless.base + off;
        s->size = off < dp->stateless.size ? dp->stateless.size - off : 0;
        return true;
    }
    if (dp->resolve) {
        G4EuSurface sf = { 0, 0 };

        if (!dp->resolve(dp->resolve_opaque, bti, &sf)) {
            sf.base = sf.size = 0;
        }
        s->base = sf.base;
        s->size = sf.size;
        return true;
    }
    if (bti >= dp->nsurfaces) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: binding table index %u has no surface",
                          bti);
        s->base = s->size = 0;
        return true;            /* behaves as an empty surface */
    }
    s->base = dp->surfaces[bti].base;
    s->size = dp->surfaces[bti].size;
    return true;
}

/* Read len bytes at off; false (buffer zeroed) outside the surface. */
static bool dp_read(const G4EuDataPort *dp, const DpSurf *s, uint64_t off,
                    void *buf, unsigned len)
{
    if (off > s->size || len > s->size - off || !dp->mem ||
        !dp->mem->dma_read ||
        !dp->mem->dma_read(dp->mem->opaque, s->base + off, buf, len)) {
        memset(buf, 0, len);
        return false;
    }
    return true;
}

static bool dp_write(const G4EuDataPort *dp, const DpSurf *s, uint64_t off,
                     const void *buf, unsigned len)
{
    if (off > s->size || len > s->size - off || !dp->mem ||
        !dp->mem->dma_write) {
        return false;
    }
    return dp->mem->dma_write(dp->mem->opaque, s->base + off, buf, len);
}

static void oob(const G4EuDataPort *dp, const DpSurf *s, bool write)
{
    HWGPU_GUEST_ERROR(dp->mem,
                      "g4-eu dataport: %s outside surface %u (size 0x%llx) %s",
                      write ? "write" : "read", s->bti, (unsigned long long)s->size,
                      write ? "dropped" : "returns 0");
}

/*
 * OWord block: 1 (low or high half), 2, 4 or 8 OWords from Global Offset
 * M0.2 (L4533-L4602).  OWord k lives in register k / 2, half k % 2.
 * Enables: even registers use EMask[7:0], odd ones EMask[15:8]; a read
 * returns an OWord if any bit of its group of four is set, a write is
 * per DWord (L4553-L4557).
 */
static bool oword_block(const G4EuDataPort *dp, const G4EuMessage *msg,
                        G4EuResponse *resp, bool write)
{
    static const int8_t nowords[8] = { 1, 1, 2, 4, 8, -1, -1, -1 };
    unsigned ctl = (msg->function >> 8) & 7;
    int n = nowords[ctl];
    uint64_t off = msg->payload[2] & ~15u;
    bool bad = false;
    DpSurf s;

    if (n < 0) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: reserved OWord block size %u", ctl);
        return false;
    }
    if (write && msg->mlen < 1 + (n + 1) / 2) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: OWord write needs %d data registers",
                          (n + 1) / 2);
        return false;
    }
    dp_surface(dp, msg, &s);
    for (int k = 0; k < n; k++) {
        unsigned reg = k / 2;
        unsigned half = ctl == 1 ? 1 : (unsigned)k % 2;
        uint8_t m = (reg & 1) && ctl >= 2 ? msg->emask >> 8 : msg->emask;
        unsigned grp = (m >> (4 * half)) & 15;
        uint32_t data[4];

        if (write) {
            const uint32_t *src = msg->payload + 8 * (1 + reg) + 4 * half;

            for (unsigned c = 0; c < 4; c++) {
                if ((grp >> c) & 1 &&
                    !dp_write(dp, &s, off + 16 * k + 4 * c, &src[c], 4)) {
                    bad = true;
                }
            }
            continue;
        }
        if (!grp || reg >= msg->rlen) {
            continue;
        }
        if (!dp_read(dp, &s, off + 16 * k, data, 16)) {
            bad = true;
        }
        memcpy(&resp->data[reg][4 * half], data, 16);
        resp->wmask[reg] |= 15u << (4 * half);
    }
    if (bad) {
        oob(dp, &s, write);
    }
    return true;
}

/*
 * OWord dual block: 1 or 4 OWords at Block Offset 0 (M1.0) and Block
 * Offset 1 (M1.4), plus Global Offset (L4606-L4681).  Register k holds
 * OWord k of block 0 in its low half and of block 1 in its high half.
 * Block size 0 = 1 OWord, 2 (Mesa) or 3 (the table) = 4 OWords.  Only
 * EMask[7:0] is used: bits 3:0 for block 0, 7:4 for block 1.
 */
static bool oword_dual_block(const G4EuDataPort *dp, const G4EuMessage *msg,
                             G4EuResponse *resp, bool write)
{
    unsigned ctl = (msg->function >> 8) & 7;
    unsigned n = ctl == 0 ? 1 : 4;
    uint64_t goff = msg->payload[2], boff[2];
    bool bad = false;
    DpSurf s;

    if (ctl == 1 || ctl > 3 || msg->mlen < 2 + (write ? n : 0)) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: bad OWord dual block message (size %u, "
                          "mlen %u)", ctl, msg->mlen);
        return false;
    }
    boff[0] = (goff + msg->payload[8]) & ~(uint64_t)15;
    boff[1] = (goff + msg->payload[12]) & ~(uint64_t)15;
    dp_surface(dp, msg, &s);
    for (unsigned k = 0; k < n; k++) {
        for (unsigned b = 0; b < 2; b++) {
            unsigned grp = (msg->emask >> (4 * b)) & 15;
            uint32_t data[4];

            if (write) {
                const uint32_t *src = msg->payload + 8 * (2 + k) + 4 * b;

                for (unsigned c = 0; c < 4; c++) {
                    if ((grp >> c) & 1 &&
                        !dp_write(dp, &s, boff[b] + 16 * k + 4 * c, &src[c],
                                  4)) {
                        bad = true;
                    }
                }
                continue;
            }
            if (!grp || k >= msg->rlen) {
                continue;
            }
            if (!dp_read(dp, &s, boff[b] + 16 * k, data, 16)) {
                bad = true;
            }
            memcpy(&resp->data[k][4 * b], data, 16);
            resp->wmask[k] |= 15u << (4 * b);
        }
    }
    if (bad) {
        oob(dp, &s, write);
    }
    return true;
}

/*
 * DWord scattered: 8 or 16 offsets in M1 (M2), plus Global Offset; the
 * write data follows the offsets (L4800-L4907).  EMask bit n enables
 * DWord n.
 */
static bool dword_scattered(const G4EuDataPort *dp, const G4EuMessage *msg,
                            G4EuResponse *resp, bool write)
{
    unsigned ctl = (msg->function >> 8) & 3;
    unsigned n = ctl == 3 ? 16 : 8, nreg = n / 8;
    uint64_t goff = msg->payload[2] & ~3u;
    bool bad = false;
    DpSurf s;

    if (ctl < 2) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: reserved DWord block size %u", ctl);
        return false;
    }
    if (msg->mlen < 1 + nreg * (write ? 2 : 1)) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: scattered message too short (mlen %u)",
                          msg->mlen);
        return false;
    }
    dp_surface(dp, msg, &s);
    for (unsigned c = 0; c < n; c++) {
        uint64_t a = goff + (msg->payload[8 + c] & ~3u);
        uint32_t v;

        if (!((msg->emask >> c) & 1)) {
            continue;
        }
        if (write) {
            v = msg->payload[8 * (1 + nreg) + c];
            if (!dp_write(dp, &s, a, &v, 4)) {
                bad = true;
            }
            continue;
        }
        if (c / 8 >= msg->rlen) {
            continue;
        }
        if (!dp_read(dp, &s, a, &v, 4)) {
            bad = true;
        }
        resp->data[c / 8][c % 8] = v;
        resp->wmask[c / 8] |= 1u << (c % 8);
    }
    if (bad) {
        oob(dp, &s, write);
    }
    return true;
}

static bool dp_read_fn(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                       G4EuResponse *resp)
{
    G4EuDataPort *dp = opaque;
    unsigned type = (msg->function >> 11) & 7;

    if (msg->eot) {             /* not an EOT target (L1111) */
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: EOT on a read message");
        return false;
    }
    if (msg->mlen < 1) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: read without a header");
        return false;
    }
    switch (type) {
    case RD_OWORD:
        return oword_block(dp, msg, resp, false);
    case RD_OWORD_DUAL:
        return oword_dual_block(dp, msg, resp, false);
    case RD_DWORD_SCATTERED:
        return dword_scattered(dp, msg, resp, false);
    default:
        HWGPU_UNIMP(dp->mem,
                    "g4-eu dataport: read message type %u not modelled", type);
        return false;
    }
}

static bool dp_write_fn(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                        G4EuResponse *resp)
{
    G4EuDataPort *dp = opaque;
    unsigned type = (msg->function >> 12) & 7;
    bool ok;

    if (msg->mlen < 1) {
        HWGPU_GUEST_ERROR(dp->mem,
                          "g4-eu dataport: write without a header");
        return false;
    }
    switch (type) {
    case WR_OWORD:
        ok = oword_block(dp, msg, resp, true);
        break;
    case WR_OWORD_DUAL:
        ok = oword_dual_block(dp, msg, resp, true);
        break;
    case WR_DWORD_SCATTERED:
        ok = dword_scattered(dp, msg, resp, true);
        break;
    default:
        HWGPU_UNIMP(dp->mem,
                    "g4-eu dataport: write message type %u not modelled", type);
        return false;
    }
    /* write commit: a reply that leaves the register as it is (L4526) */
    return ok;
}

void g4_eu_dataport_attach(G4EuEnv *env, G4EuDataPort *dp)
{
    g4_eu_env_set_shared(env, G4_SFID_DP_READ, dp_read_fn, dp);
    g4_eu_env_set_shared(env, G4_SFID_DP_WRITE, dp_write_fn, dp);
}
