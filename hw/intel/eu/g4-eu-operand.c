/*
 * G45 EU interpreter: operands.  Region and immediate pre-decoding,
 * the ARF images, reading sources into per-lane arrays (direct,
 * indirect through a0, accumulator) and writing destinations under the
 * execution mask (seed 002 chapter 11, L7461-L8607; seed-002.md 3.2-3.4).
 * Every address is checked against the register file it names.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "g4-eu-priv.h"

static const uint8_t type_size[16] = {
    [G4_TYPE_UD] = 4, [G4_TYPE_D] = 4, [G4_TYPE_UW] = 2, [G4_TYPE_W] = 2,
    [G4_TYPE_UB] = 1, [G4_TYPE_B] = 1, [G4_TYPE_F] = 4, [G4_TYPE_VF] = 4,
    [G4_TYPE_V] = 2,
};


/* ---- operand preparation ---- */

/* VF: 8-bit restricted float, exponent excess-3 (L6932-L6976). */
static uint32_t vf_to_f(uint8_t v)
{
    uint32_t sign = (uint32_t)(v >> 7) << 31;
    uint32_t e = (v >> 4) & 7, m = v & 15;

    if ((v & 0x7f) == 0) {
        return sign;
    }
    return sign | ((e + 124) << 23) | (m << 19);
}

bool g4_opnd_prepare(G4Opnd *o, const G4EuOperand *eo, uint32_t imm,
                     bool is_dst, bool align16, unsigned n, const char **why)
{
    unsigned es, fsize, maxoff = 0;

    memset(o, 0, sizeof(*o));
    o->type = eo->type;
    if (eo->type == G4_TYPE_V) {
        o->type = G4_TYPE_W;
    } else if (eo->type == G4_TYPE_VF) {
        o->type = G4_TYPE_F;
    }
    es = type_size[o->type & 15];
    if (!es) {
        *why = "reserved operand type";
        return false;
    }
    o->esize = es;
    o->mods = (eo->abs ? G4_MOD_ABS : 0) | (eo->negate ? G4_MOD_NEG : 0);

    if (eo->file == G4_FILE_IMM) {
        o->kind = G4K_IMM;
        for (unsigned i = 0; i < 8; i++) {
            uint32_t v;

            switch (eo->type) {
            case G4_TYPE_V:     /* signed nibbles (L6918-L6924) */
                v = (uint32_t)(int32_t)(int8_t)(((imm >> (4 * (i % 8)))
                                                  & 15) << 4) >> 4;
                v &= 0xffff;
                break;
            case G4_TYPE_VF:
                v = vf_to_f((imm >> (8 * (i % 4))) & 0xff);
                break;
            case G4_TYPE_W:
            case G4_TYPE_UW:    /* replicated halves (L8235) */
                v = imm & 0xffff;
                break;
            default:
                v = imm;
                break;
            }
            o->imm[i] = v;
        }
        o->contig = false;
        return true;
    }

    /* Region offsets from the origin, per lane (L8319-L8338). */
    for (unsigned i = 0; i < n && i < 16; i++) {
        unsigned e;

        if (is_dst) {
            e = align16 ? i : i * eo->hstride;
        } else if (align16) {
            e = (i / 4) * eo->vstride + eo->swizzle[i % 4];
        } else if (eo->vstride == G4_EU_VSTRIDE_VXH) {
            unsigned w = eo->width ? eo->width : 1;

            e = w == 1 ? 0 : (i % w) * eo->hstride;
        } else {
            unsigned w = eo->width ? eo->width : 1;

            e = (i / w) * eo->vstride + (i % w) * eo->hstride;
        }
        o->off[i] = e * es;
        if (o->off[i] > maxoff) {
            maxoff = o->off[i];
        }
    }
    o->contig = true;
    for (unsigned i = 0; i < n && i < 16; i++) {
        if (o->off[i] != i * es) {
            o->contig = false;
        }
    }

    if (eo->indirect) {
        if (eo->file != G4_FILE_GRF && eo->file != G4_FILE_MRF) {
            *why = "indirect ARF operand";
            return false;
        }
        o->kind = G4K_IND;
        o->is_mrf = eo->file == G4_FILE_MRF;
        o->addr_sub = eo->addr_subnr & 7;
        o->addr_imm = eo->addr_imm;
        if (!is_dst && !align16 && eo->vstride == G4_EU_VSTRIDE_VXH) {
            o->ind_mode = eo->width <= 1 ? 2 : 1;
            o->ind_width = eo->width ? eo->width : 1;
        }
        return true;
    }
    if (!align16 && !is_dst && eo->vstride == G4_EU_VSTRIDE_VXH) {
        *why = "VxH region on a direct operand";
        return false;
    }

    switch (eo->file) {
    case G4_FILE_GRF:
        o->kind = G4K_GRF;
        fsize = G4_EU_GRF_BYTES;
        o->base = eo->nr * G4_EU_REG_BYTES +
                  (align16 ? (eo->subnr & 16) : eo->subnr);
        break;
    case G4_FILE_MRF:
        if (!is_dst) {
            *why = "MRF used as a source (write-only, L7511)";
            return false;
        }
        if (eo->nr >= G4_EU_MRF_REGS) {
            *why = "MRF number out of range";
            return false;
        }
        o->kind = G4K_MRF;
        fsize = G4_EU_MRF_BYTES;
        o->base = eo->nr * G4_EU_REG_BYTES +
                  (align16 ? (eo->subnr & 16) : eo->subnr);
        break;
    default:            /* ARF */
        o->arf = eo->nr;
        if ((eo->nr & 0xf0) == G4_ARF_NULL) {
            o->kind = G4K_NULL;
            return true;
        }
        if ((eo->nr & 0xf0) == G4_ARF_ACC) {
            if ((eo->nr & 15) > 1) {
                *why = "accumulator number out of range";
                return false;
            }
            o->kind = G4K_ACC;
            o->acc_lane = (eo->nr & 1) * 8;
            return true;
        }
        o->kind = G4K_ARF;
        fsize = G4_EU_REG_BYTES;
        o->base = align16 ? (eo->subnr & 16) : eo->subnr;
        break;
    }
    if (o->base + maxoff + es > fsize) {
        *why = "region outside the register file (L7501)";
        return false;
    }
    return true;
}

/* ---- ARF images (Table 11-5, L7558-L7571) ---- */

static void arf_image(const G4EuThread *t, uint8_t nr, uint8_t img[32])
{
    uint32_t d[8] = { 0 };
    uint16_t w[16] = { 0 };

    memset(img, 0, 32);
    switch (nr & 0xf0) {
    case G4_ARF_ADDRESS:
        memcpy(img, t->a0, sizeof(t->a0));
        return;
    case G4_ARF_FLAG:
        memcpy(img, t->f0, sizeof(t->f0));
        return;
    case G4_ARF_MASK:
        w[0] = t->amask;
        w[1] = t->imask;
        w[2] = t->lmask;
        w[3] = t->cmask;
        memcpy(img, w, sizeof(w));
        return;
    case G4_ARF_MSTACK:
        memcpy(img, t->istack.cnt, 16);
        memcpy(img + 16, t->lstack.cnt, 16);
        return;
    case G4_ARF_MSDEPTH:    /* imsd [3:0], lmsd [19:16] (Table 11-18) */
        d[0] = (t->istack.depth & 15) | (uint32_t)(t->lstack.depth & 15) << 16;
        break;
    case G4_ARF_STATE:
        d[0] = t->sr0[0];
        d[1] = t->sr0[1];
        break;
    case G4_ARF_CONTROL:
        d[0] = t->cr0[0];
        d[1] = t->cr0[1];
        d[2] = t->cr0[2];
        break;
    case G4_ARF_NOTIFY:
        d[0] = (nr & 1) ? t->n1 : t->n0;
        break;
    case G4_ARF_IP:         /* address of this instruction (L14427) */
        d[0] = t->ip;
        break;
    case 0xb0:              /* tdr */
        d[0] = t->tdr;
        break;
    case 0xc0:              /* timestamp */
        d[0] = (uint32_t)t->timestamp;
        d[1] = (uint32_t)(t->timestamp >> 32);
        break;
    default:
        break;
    }
    memcpy(img, d, sizeof(d));
}

uint32_t g4_arf_read32(const G4EuThread *t, uint8_t nr, unsigned byte)
{
    uint8_t img[32];
    uint32_t v;

    arf_image(t, nr, img);
    memcpy(&v, img + (byte & 28), 4);
    return v;
}

/* Store an ARF image back; returns true when ip was written. */
static bool arf_store(G4EuThread *t, uint8_t nr, const uint8_t img[32],
                      const HwgpuHost *host)
{
    uint32_t d[8];
    uint16_t w[16];
    bool spf = t->cr0[0] & G4_CR0_SPF;

    memcpy(d, img, 32);
    memcpy(w, img, 32);
    switch (nr & 0xf0) {
    case G4_ARF_ADDRESS:    /* a0.2-a0.7 keep 12 bits (L7670) */
        for (unsigned i = 0; i < 8; i++) {
            t->a0[i] = i < 2 ? w[i] : (w[i] & 0xfff);
        }
        break;
    case G4_ARF_FLAG:
        t->f0[0] = w[0];
        t->f0[1] = w[1];
        break;
    case G4_ARF_MASK:
        t->amask = w[0];
        t->imask = w[1];
        t->lmask = w[2];
        t->cmask = w[3];
        break;
    case G4_ARF_MSTACK:     /* read-only with SPF (L7885) */
        if (!spf) {
            for (unsigned i = 0; i < 16; i++) {
                t->istack.cnt[i] = img[i] & 15;
                t->lstack.cnt[i] = img[16 + i] & 15;
            }
        }
        break;
    case G4_ARF_MSDEPTH:
        if (!spf) {
            t->istack.depth = d[0] & 15;
            t->lstack.depth = (d[0] >> 16) & 15;
        }
        break;
    case G4_ARF_STATE:      /* read-only (L7993) */
        HWGPU_GUEST_ERROR(host,
                          "g4-eu: write to read-only sr0 dropped");
        break;
    case G4_ARF_CONTROL:
        t->cr0[0] = d[0];
        t->cr0[1] = d[1];
        t->cr0[2] = d[2];
        break;
    case G4_ARF_NOTIFY:
        if (nr & 1) {
            t->n1 = d[0];
        } else {
            t->n0 = d[0];
        }
        break;
    case G4_ARF_IP:         /* low 4 bits are not kept (L14427) */
        t->ip = d[0] & ~15u;
        return true;
    case 0xb0:
        t->tdr = d[0];
        break;
    case 0xc0:
        t->timestamp = d[0] | (uint64_t)d[1] << 32;
        break;
    default:
        HWGPU_GUEST_ERROR(host,
                          "g4-eu: write to ARF 0x%02x dropped", nr);
        break;
    }
    return false;
}

/* ---- reading sources ---- */

static inline uint32_t load_elem(const uint8_t *p, unsigned es)
{
    uint32_t v = 0;

    switch (es) {
    case 4:
        memcpy(&v, p, 4);
        break;
    case 2: {
        uint16_t h;

        memcpy(&h, p, 2);
        v = h;
        break;
    }
    default:
        v = *p;
        break;
    }
    return v;
}

/* a0-relative address of lane i of an indirect operand (L8353-L8411). */
static inline int32_t ind_addr(const G4EuThread *t, const G4Opnd *o,
                               unsigned i)
{
    unsigned sub = o->addr_sub;

    if (o->ind_mode == 3) {     /* movi: register of a0.0, subreg of a0.n */
        int32_t reg = ((int32_t)t->a0[0] + o->addr_imm) & ~31;

        return reg + (t->a0[i & 7] & 31 & ~(o->esize - 1));
    }
    if (o->ind_mode == 2) {
        sub += i;
    } else if (o->ind_mode == 1) {
        sub += i / o->ind_width;
    }
    return (int32_t)t->a0[sub & 7] + o->addr_imm + o->off[i];
}

void g4_read_raw(G4EuThread *t, const G4Opnd *o, unsigned n, uint32_t *out,
                 const HwgpuHost *host)
{
    const uint8_t *p;
    uint8_t img[32];
    unsigned es = o->esize;

    switch (o->kind) {
    case G4K_IMM:
        for (unsigned i = 0; i < n; i++) {
            out[i] = o->imm[i & 7];
        }
        return;
    case G4K_GRF:
        p = t->grf + o->base;
        break;
    case G4K_ARF:
        arf_image(t, o->arf, img);
        p = img + o->base;
        break;
    case G4K_ACC:
        for (unsigned i = 0; i < n; i++) {
            unsigned l = (o->acc_lane + i) % G4_EU_MAX_LANES;

            if (t->acc_float & (1u << l)) {
                out[i] = hwgpu_f2u((float)t->accf[l]);
            } else {
                out[i] = (uint32_t)t->acci[l];
            }
            if (es < 4) {
                out[i] &= es == 2 ? 0xffff : 0xff;
            }
        }
        return;
    case G4K_IND: {
        const uint8_t *file = o->is_mrf ? t->mrf : t->grf;
        int32_t fsize = o->is_mrf ? G4_EU_MRF_BYTES : G4_EU_GRF_BYTES;
        bool bad = false;

        for (unsigned i = 0; i < n; i++) {
            int32_t a = ind_addr(t, o, i);

            if (a < 0 || a + (int32_t)es > fsize) {
                out[i] = 0;
                bad = true;
            } else {
                out[i] = load_elem(file + a, es);
            }
        }
        if (bad) {
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x: indirect source outside the "
                              "register file reads 0", t->ip);
        }
        return;
    }
    default:                /* null reads as 0 */
        memset(out, 0, n * 4);
        return;
    }
    if (es == 4 && o->contig) {
        copy_lanes(out, p, n, 4);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        out[i] = load_elem(p + o->off[i], es);
    }
}

void g4_read_float(G4EuThread *t, const G4Opnd *o, unsigned n, float *f,
                   bool flush, const HwgpuHost *host)
{
    uint32_t raw[16], keep, flip, *fu = (uint32_t *)f;
    const uint8_t *src = (const uint8_t *)raw;

    if (o->kind == G4K_GRF && o->type == G4_TYPE_F && o->contig) {
        src = t->grf + o->base;
    } else if (o->kind == G4K_ACC) {
        for (unsigned i = 0; i < n; i++) {
            unsigned l = (o->acc_lane + i) % G4_EU_MAX_LANES;

            raw[i] = hwgpu_f2u((t->acc_float & (1u << l)) ? (float)t->accf[l]
                                                     : (float)t->acci[l]);
        }
    } else {
        g4_read_raw(t, o, n, raw, host);
        if (o->type != G4_TYPE_F) {
            /* integer to float rounds toward zero (L7283) */
            for (unsigned i = 0; i < n; i++) {
                raw[i] = hwgpu_f2u((float)g4_raw_to_int(raw[i], o->type));
            }
        }
    }
    /*
     * abs first, then negate (L9763); denorm inputs flush (L7014).
     * Element by element straight into f: no block copy of data that
     * was just stored lane by lane.
     */
    keep = o->mods & G4_MOD_ABS ? 0x7fffffffu : 0xffffffffu;
    flip = o->mods & G4_MOD_NEG ? 0x80000000u : 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v;

        memcpy(&v, src + 4 * i, 4);
        v = (v & keep) ^ flip;
        if (flush && !(v & 0x7f800000u)) {
            v &= 0x80000000u;
        }
        fu[i] = v;
    }
}

void g4_read_int(G4EuThread *t, const G4Opnd *o, unsigned n, int64_t *v,
                 bool bits, const HwgpuHost *host)
{
    uint32_t raw[16];

    if (o->kind == G4K_ACC) {
        for (unsigned i = 0; i < n; i++) {
            unsigned l = (o->acc_lane + i) % G4_EU_MAX_LANES;

            v[i] = (t->acc_float & (1u << l)) ? d2i(t->accf[l])
                                               : t->acci[l];
        }
    } else {
        g4_read_raw(t, o, n, raw, host);
        for (unsigned i = 0; i < n; i++) {
            /* logic ops see a float's bits (bits = true) */
            v[i] = bits && o->type == G4_TYPE_F ? (int64_t)raw[i]
                                                 : g4_raw_to_int(raw[i], o->type);
        }
    }
    g4_int_mods(v, n, o->mods);
}

/* ---- writing destinations ---- */

static inline void store_elem(uint8_t *p, unsigned es, uint32_t v)
{
    switch (es) {
    case 4:
        memcpy(p, &v, 4);
        break;
    case 2: {
        uint16_t h = v;

        memcpy(p, &h, 2);
        break;
    }
    default:
        *p = v;
        break;
    }
}

/* Write lanes whose bit is set in en; returns true when ip was written. */
bool g4_write_dst(G4EuThread *t, const G4Op *op, const G4Half *h,
                  const G4Lanes *l, uint16_t en, const HwgpuHost *host)
{
    const G4Opnd *o = &h->dst;
    unsigned n = h->n, es = o->esize;
    uint8_t *p, img[32];

    switch (o->kind) {
    case G4K_GRF:
        p = t->grf + o->base;
        break;
    case G4K_MRF:
        p = t->mrf + o->base;
        break;
    case G4K_ACC:
        for (unsigned i = 0; i < n; i++) {
            unsigned ln = (o->acc_lane + i) % G4_EU_MAX_LANES;

            if (!((en >> i) & 1)) {
                continue;
            }
            if (op->cls == G4C_FLOAT) {
                t->accf[ln] = l->dr[i];
                t->acc_float |= 1u << ln;
            } else if (op->cls == G4C_INT) {
                t->acci[ln] = l->ir[i];
                t->acc_float &= ~(1u << ln);
            } else if (o->type == G4_TYPE_F) {
                t->accf[ln] = hwgpu_u2f(l->out[i]);
                t->acc_float |= 1u << ln;
            } else {
                t->acci[ln] = g4_raw_to_int(l->out[i], o->type);
                t->acc_float &= ~(1u << ln);
            }
        }
        return false;
    case G4K_ARF:
        if (!en) {
            return false;       /* e.g. a predicated-off write to ip */
        }
        arf_image(t, o->arf, img);
        for (unsigned i = 0; i < n; i++) {
            if ((en >> i) & 1) {
                store_elem(img + o->base + o->off[i], es, l->out[i]);
            }
        }
        return arf_store(t, o->arf, img, host);
    case G4K_IND: {
        uint8_t *file = o->is_mrf ? t->mrf : t->grf;
        int32_t fsize = o->is_mrf ? G4_EU_MRF_BYTES : G4_EU_GRF_BYTES;

        bool bad = false;

        for (unsigned i = 0; i < n; i++) {
            int32_t a = ind_addr(t, o, i);

            if (!((en >> i) & 1)) {
                continue;
            }
            if (a < 0 || a + (int32_t)es > fsize) {
                bad = true;
                continue;
            }
            store_elem(file + a, es, l->out[i]);
        }
        if (bad) {
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x: indirect destination outside the "
                              "register file dropped", t->ip);
        }
        return false;
    }
    default:
        return false;
    }
    if (es == 4 && o->contig && en == (uint16_t)((1u << n) - 1)) {
        copy_lanes(p, l->out, n, 4);
        return false;
    }
    for (unsigned i = 0; i < n; i++) {
        if ((en >> i) & 1) {
            store_elem(p + o->off[i], es, l->out[i]);
        }
    }
    return false;
}
