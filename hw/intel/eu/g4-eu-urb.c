/*
 * G45 URB shared function (SFID 6): URB_WRITE, seed 002 chapter 8
 * (L6530-L6785; seed-002.md 4.3).  The URB is a byte array; a handle is
 * a 256-bit row number in it.  Rows outside the array are dropped and
 * logged.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/eu/g4-eu.h"

enum { URB_NOSWIZZLE = 0, URB_INTERLEAVED = 1, URB_TRANSPOSE = 2 };

/* Write 4 dwords (mask: bit per dword) at row, dword offset dw. */
static bool urb_put(G4EuUrb *u, uint64_t row, unsigned dw,
                    const uint32_t *v, unsigned cnt, unsigned mask)
{
    uint64_t at = row * 32 + dw * 4;

    if (at + cnt * 4 > u->size) {
        return false;
    }
    for (unsigned c = 0; c < cnt; c++) {
        if ((mask >> c) & 1) {
            memcpy(u->data + at + 4 * c, &v[c], 4);
        }
    }
    return true;
}

static bool urb_fn(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                   G4EuResponse *resp)
{
    G4EuUrb *u = opaque;
    unsigned f = msg->function;
    unsigned opc = f & 15, off = (f >> 4) & 63, swz = (f >> 10) & 3;
    bool alloc = (f >> 13) & 1, bad = false;
    unsigned ndata = msg->mlen ? msg->mlen - 1 : 0;
    uint64_t h0, h1;

    if (opc != 0) {             /* only URB_WRITE exists (L6605) */
        HWGPU_GUEST_ERROR(u->host,
                          "g4-eu urb: reserved opcode %u", opc);
        return false;
    }
    if (msg->mlen < 1) {
        HWGPU_GUEST_ERROR(u->host, "g4-eu urb: no header");
        return false;
    }
    if (alloc && msg->eot) {    /* invalid combination (L6608-L6618) */
        HWGPU_GUEST_ERROR(u->host,
                          "g4-eu urb: allocate together with EOT");
        return false;
    }
    h0 = (msg->payload[0] & 0xffff) + (uint64_t)off;
    h1 = (msg->payload[1] & 0xffff) + (uint64_t)off;

    switch (swz) {
    case URB_NOSWIZZLE:         /* consecutive rows, all channels (L6659) */
        for (unsigned k = 0; k < ndata; k++) {
            bad |= !urb_put(u, h0 + k, 0, msg->payload + 8 * (1 + k), 8, 0xff);
        }
        break;
    case URB_INTERLEAVED:       /* low half -> handle 0, high -> 1 (L6701) */
        for (unsigned k = 0; k < ndata; k++) {
            const uint32_t *m = msg->payload + 8 * (1 + k);

            bad |= !urb_put(u, h0 + k / 2, 4 * (k % 2), m, 4,
                            msg->emask & 15);
            bad |= !urb_put(u, h1 + k / 2, 4 * (k % 2), m + 4, 4,
                            (msg->emask >> 4) & 15);
        }
        break;
    case URB_TRANSPOSE:         /* (Cx, Cy, 0, C0) tuples, Table 8-2 */
        if (ndata % 3) {
            HWGPU_GUEST_ERROR(u->host,
                              "g4-eu urb: transpose payload of %u rows is not a "
                              "multiple of 3", ndata);
            return false;
        }
        for (unsigned g = 0; g < ndata / 3; g++) {
            const uint32_t *m = msg->payload + 8 * (1 + 3 * g);

            for (unsigned j = 0; j < 4; j++) {
                for (unsigned s = 0; s < 2; s++) {
                    unsigned c = 2 * j + s;
                    uint32_t v[4] = { m[c], m[8 + c], 0, m[16 + c] };

                    bad |= !urb_put(u, h0 + 4 * g + j, 4 * s, v, 4, 15);
                }
            }
        }
        break;
    default:
        HWGPU_GUEST_ERROR(u->host,
                          "g4-eu urb: reserved swizzle control 3");
        return false;
    }
    if (bad) {
        HWGPU_GUEST_ERROR(u->host,
                          "g4-eu urb: write beyond the %u-byte URB dropped",
                          u->size);
    }
    u->writes++;
    if (((f >> 15) & 1) && u->complete) {
        u->complete(u->complete_opaque, msg->payload[0] & 0xffff,
                    msg->payload, (f >> 14) & 1);
    }
    if (alloc && msg->rlen >= 1) {  /* allocate writeback (L6778-L6784) */
        /*
         * A header-shaped register: the new handle in DW0, the rest of
         * M0 echoed, so that the thread can send it as its next header
         * (crocus's GS and CLIP kernels do).
         */
        memcpy(resp->data[0], msg->payload, 32);
        resp->data[0][0] = (msg->payload[0] & 0xffff0000u) |
                           (u->next_handle & 0xffff);
        resp->wmask[0] = 0xff;
        u->next_handle += u->alloc_rows;
    }
    return true;
}

void g4_eu_urb_attach(G4EuEnv *env, G4EuUrb *urb)
{
    g4_eu_env_set_shared(env, G4_SFID_URB, urb_fn, urb);
}
