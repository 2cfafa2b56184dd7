/*
 * The sampling engine for the Gen4 pipeline's threads; see
 * include/hwgpu/intel/gen4/gen4-sampler.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/common/compiler.h"
#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/common/tiling.h"
#include "hwgpu/intel/gen4/gen4-dp.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/render/format.h"
#include "hwgpu/render/texcomp.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

typedef enum SampleOp {
    OP_SAMPLE, OP_SAMPLE_B, OP_SAMPLE_L, OP_SAMPLE_C, OP_SAMPLE_B_C,
    OP_SAMPLE_L_C, OP_SAMPLE_D, OP_LD, OP_RESINFO,
} SampleOp;

/*
 * The G4x messages: (type, mlen) selects the operation and the SIMD mode
 * (seed 002 L3997-L4025).  The parameters in payload order: u v r, b(ias),
 * l(od), c (the compare reference), x y z / X Y Z the gradients of u v r
 * along x / y, '-' unused.
 */
static const struct SampleMsg {
    uint8_t type, mlen, simd;
    uint8_t op;
    bool killpix;
    const char *params;
} msgs[] = {
    { 0, 3, 16, OP_SAMPLE, false, "u" },
    { 0, 5, 16, OP_SAMPLE, false, "uv" },
    { 0, 7, 16, OP_SAMPLE, false, "uvr" },
    { 0, 4, 8, OP_SAMPLE, false, "uvr" },
    { 1, 4, 8, OP_SAMPLE, true, "uvr" },
    { 0, 9, 16, OP_SAMPLE_B, false, "uvrb" },
    { 1, 9, 16, OP_SAMPLE_L, false, "uvrl" },
    { 1, 2, 4, OP_SAMPLE_L, false, "uvrl" },
    { 2, 9, 16, OP_SAMPLE_C, false, "uvrc" },
    { 0, 2, 4, OP_SAMPLE_C, false, "uvrc" },
    { 0, 6, 8, OP_SAMPLE_B_C, false, "uvrbc" },
    { 1, 6, 8, OP_SAMPLE_L_C, false, "uvrlc" },
    { 1, 3, 4, OP_SAMPLE_L_C, false, "uvrlc" },
    { 3, 3, 16, OP_LD, false, "u" },
    { 3, 5, 16, OP_LD, false, "uv" },
    { 3, 7, 16, OP_LD, false, "uvr" },
    { 3, 4, 8, OP_LD, false, "uvr" },
    { 3, 9, 16, OP_LD, false, "uvrl" },
    { 3, 2, 4, OP_LD, false, "uvrl" },
    { 2, 7, 8, OP_SAMPLE_D, false, "uvxyXY" },
    { 2, 10, 8, OP_SAMPLE_D, false, "uvrxyzXYZ" },
    { 2, 4, 4, OP_SAMPLE_D, false, "uvr-xyz-XYZ" },
    { 2, 3, 16, OP_RESINFO, false, "l" },
    { 2, 2, 4, OP_RESINFO, false, "---l" },
};

/*
 * The payload roles, in Lane's order: u v r, bias, LOD, reference, the
 * gradients du/dx dv/dx dr/dx du/dy dv/dy dr/dy.
 */
#define ROLES "uvrblcxyzXYZ"
#define NROLES 12

/* One lane's parameters, raw (float or integer bits). */
typedef union Lane {
    struct {
        uint32_t u, v, r, b, l, c, g[6];
    };
    uint32_t role[NROLES];
} Lane;
#define ROLE_L  (offsetof(Lane, l) / sizeof(uint32_t))

/* What a message samples: its surface and sampler, resolved once. */
typedef struct Tex {
    Gen4Sampler *smp;
    const uint32_t *ss;
    const HwgpuFormat *f;
    uint32_t type, bpp;
    unsigned bw, bh;            /* texels an element holds (blocks) */
    uint64_t base;
    uint32_t xoff, yoff;        /* SURFACE_STATE DW5, elements / rows */
    uint32_t st[4];             /* SAMPLER_STATE */
    float border[4];
    Gen4Mip mips[GEN4_MAX_LEVELS];
    unsigned nlevels;
    uint32_t surf_min_lod, mip_count;
    int32_t off[3];             /* texel offsets of the header */
    bool shadow;
    uint32_t shadow_fn;
    /* 8-bit UNORM channels: texels read through the plan's table
     * (hwgpu_unpack8, the same values as hwgpu_format_unpack) */
    bool unpack8;
    HwgpuPack8 p8;
    /* the layout gen4_surface_offset reads from SURFACE_STATE, once */
    uint32_t pitch;
    bool tiled, ywalk;
    int64_t last;               /* the last array slice (Depth) */
    /* SAMPLER_STATE's fields as filter_level and select_levels use them */
    uint32_t mode[3], mag_filter, min_filter, mip_filter;
    float sbias, minl, maxl, base_level;
    bool preclamp;
    /*
     * Texels of 8-bit UNORM channels with no sRGB decode and no compare
     * (the common texture): read in place by fast_texel, channel c from
     * byte cshift[c] / 8 through the UNORM8 table, the values texel_f
     * gives.
     */
    bool fast, fast_2d;         /* fast_2d: and a 2D surface */
    bool plain_2d;              /* fast_2d, one slice, not anisotropic */
    /*
     * plain_2d with one filter for magnification and minification, and
     * one level or no mip filtering: the LOD changes nothing of a sample
     * (select_levels gives the same level whatever it is, and both
     * filters are the same), so the message's footprints and LOD are not
     * computed
     */
    bool lod_free;
    uint8_t cshift[4];          /* 8 * the byte channel c reads */
    const uint32_t *unorm8;
    /* select_levels' last answer: the lanes of a subspan share their
     * LOD, so most lookups ask the same again */
    struct {
        bool valid, is_l, mag;
        uint32_t lod, bias;     /* the arguments' bits */
        unsigned l0, l1;
        float beta;
    } memo;
} Tex;

/* Gen4Sampler.tex: a Tex and what it was resolved from. */
struct Gen4SamplerTex {
    bool valid, ok, general;
    unsigned bti, sidx;
    uint32_t sampler_ptr, offsets;      /* M0.3[31:5], M0.2[11:0] */
    uint8_t op;
    Tex t;
};

struct Gen4SamplerPage {
    uint64_t addr;              /* graphics address of the page */
    uint64_t phys;              /* where the GTT maps it */
    bool valid, mapped;
};

/*
 * bpp bytes at graphics address addr, the page translated through the
 * GTT once per draw (the capture is told of it then); false (zeros)
 * where the GTT maps nothing, logged by the GTT at the first texel.
 */
static bool sampler_read(Gen4Sampler *smp, uint64_t addr, uint8_t *out,
                         unsigned bpp)
{
    G45Gtt *gtt = smp->s->gtt;
    uint64_t page = addr & ~4095ull;
    Gen4SamplerPage *p;
    const uint8_t *direct;

    if ((addr & 4095) + bpp > 4096) {
        return g45_gtt_read(gtt, addr, out, bpp);
    }
    /* a page the GTT view maps straight onto RAM: read in place (no
     * capture is listening then; see g45_gtt_direct_ptr) */
    direct = g45_gtt_direct_ptr(gtt, addr, bpp, false);
    if (direct) {
        if (bpp == 4) {
            memcpy(out, direct, 4);     /* (inline, not a memcpy call) */
        } else {
            memcpy(out, direct, bpp);
        }
        return true;
    }
    if (!smp->pages) {
        smp->pages = g_new0(Gen4SamplerPage, GEN4_SAMPLER_PAGES);
    }
    p = &smp->pages[(page >> 12) % GEN4_SAMPLER_PAGES];
    if (!p->valid || p->addr != page) {
        p->addr = page;
        p->valid = true;
        p->mapped = g45_gtt_translate(gtt, page, &p->phys);
        smp->page_fills++;
        if (gtt->touch) {
            gtt->touch(gtt->touch_opaque, page);
        }
        if (!p->mapped) {
            uint8_t b;

            g45_gtt_read(gtt, page, &b, 1);     /* the GTT logs it */
        }
    }
    if (!p->mapped ||
        !gtt->host->dma_read(gtt->host->opaque, p->phys + (addr & 4095), out,
                             bpp)) {
        memset(out, 0, bpp);
        return false;
    }
    return true;
}

/* The element of texel (x, y, s) of level l (all in range) as RGBA. */
static void texel_raw(const Tex *t, unsigned l, uint32_t x, uint32_t y,
                      uint32_t s, uint32_t rgba[4])
{
    uint64_t ex, ey, addr;
    uint8_t px[16];

    rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
    if (t->type == G45_SURFTYPE_BUFFER) {
        addr = t->base + (uint64_t)x * (g45_surface_state_pitch_minus_1(
                                           t->ss) + 1);
    } else {
        uint64_t xb;

        if (s == 0 && t->bw == 1 && t->bh == 1) {
            /* gen4_mip_texel's answer without its divisions */
            ex = t->mips[l].x + x;
            ey = t->mips[l].y + y;
        } else {
            gen4_mip_texel(&t->mips[l], t->bw, t->bh, x, y, s, &ex, &ey);
        }
        ex += t->xoff;
        ey += t->yoff;
        if (ex > UINT32_MAX || ey > UINT32_MAX) {
            return;
        }
        /* gen4_surface_offset with the surface's layout read once */
        xb = ex * t->bpp;
        addr = t->base + (!t->tiled ? ey * t->pitch + xb :
                          t->ywalk ? g45_ytile_offset(xb, ey, t->pitch) :
                          g45_xtile_offset(xb, ey, t->pitch));
    }
    if (addr + t->bpp - 1 > UINT32_MAX ||
        !sampler_read(t->smp, addr, px, t->bpp)) {
        return;
    }
    if (t->f->kind == HWGPU_FMT_COMPRESSED) {
        float f[4];

        if (hwgpu_block_texel(t->f, px, x, y, f)) {
            for (int k = 0; k < 4; k++) {
                rgba[k] = hwgpu_f2u(f[k]);
            }
        }
        return;
    }
    if (t->unpack8) {
        hwgpu_unpack8(&t->p8, px, rgba);
        return;
    }
    hwgpu_format_unpack(t->f, px, rgba);
}

static float compare(uint32_t fn, float texel, float ref)
{
    bool pass;

    /* seed 002 L3004-L3027: 0.0 where "texel <fn> ref" holds */
    switch (fn) {
    case 0:
        pass = true;            /* ALWAYS */
        break;
    case 1:
        pass = false;           /* NEVER */
        break;
    case 2:
        pass = texel < ref;
        break;
    case 3:
        pass = texel == ref;
        break;
    case 4:
        pass = texel <= ref;
        break;
    case 5:
        pass = texel > ref;
        break;
    case 6:
        pass = texel != ref;
        break;
    default:
        pass = texel >= ref;
        break;
    }
    return pass ? 0.0f : 1.0f;
}

/* Texel (x, y, s) of level l as floats; x < 0 or y < 0: the border. */
static void texel_f(const Tex *t, unsigned l, int64_t x, int64_t y,
                    int64_t s, float ref, float out[4])
{
    uint32_t raw[4];

    if (x < 0 || y < 0 || s < 0) {
        memcpy(out, t->border, sizeof(t->border));
    } else {
        texel_raw(t, l, (uint32_t)x, (uint32_t)y, (uint32_t)s, raw);
        for (int k = 0; k < 4; k++) {
            out[k] = hwgpu_u2f(raw[k]);
        }
        if (t->f->srgb) {
            for (int k = 0; k < 3; k++) {
                out[k] = hwgpu_srgb_to_linear(out[k]);
            }
        }
    }
    if (t->shadow) {
        out[0] = out[1] = out[2] = out[3] =
            compare(t->shadow_fn, out[0], ref);
    }
}

/*
 * The `fast` texels (slice 0 of a 2D level): a texel's address is
 * t->base + fast_row(y) + fast_col(x), linear or tiled alike, since each
 * tiled offset is a sum of a term of the row and a term of the byte
 * column (tiling.h: offset(xb, y) == offset(0, y) + offset(xb, 0)).  An
 * element past 4 GiB gives FAST_FAR, which puts the sum out of range.
 */
#define FAST_FAR (1ull << 52)

static inline uint64_t fast_col(const Tex *t, unsigned l, int64_t x)
{
    uint64_t ex = t->mips[l].x + (uint64_t)x + t->xoff, xb = ex * t->bpp;

    return ex > UINT32_MAX ? FAST_FAR :
           !t->tiled ? xb :
           t->ywalk ? g45_ytile_offset(xb, 0, t->pitch) :
           g45_xtile_offset(xb, 0, t->pitch);
}

static inline uint64_t fast_row(const Tex *t, unsigned l, int64_t y)
{
    uint64_t ey = t->mips[l].y + (uint64_t)y + t->yoff;

    return ey > UINT32_MAX ? FAST_FAR :
           !t->tiled ? ey * t->pitch :
           t->ywalk ? g45_ytile_offset(0, ey, t->pitch) :
           g45_xtile_offset(0, ey, t->pitch);
}

/* A `fast` texel's bytes at px as texel_f gives it: channel c from byte
 * cshift[c] / 8 through the UNORM8 table. */
static inline __attribute__((always_inline)) void
fast_decode(const Tex *t, const uint8_t *px, float out[4])
{
    /*
     * The bytes in one register, byte i at bits 8i (shifts, not indexed
     * loads from a copy on the stack, which stalled on the copy's store);
     * bytes 4 and 5: what an absent channel reads (0, alpha 1.0)
     */
    uint64_t b = (uint64_t)0xff << 40;

    if (t->bpp == 4) {
        uint32_t v;

        memcpy(&v, px, 4);
        b |= GUINT32_FROM_LE(v);
    } else {
        for (unsigned i = 0; i < t->bpp && i < 4; i++) {
            b |= (uint64_t)px[i] << (8 * i);
        }
    }
    out[0] = hwgpu_u2f(t->unorm8[(b >> t->cshift[0]) & 0xff]);
    out[1] = hwgpu_u2f(t->unorm8[(b >> t->cshift[1]) & 0xff]);
    out[2] = hwgpu_u2f(t->unorm8[(b >> t->cshift[2]) & 0xff]);
    out[3] = hwgpu_u2f(t->unorm8[(b >> t->cshift[3]) & 0xff]);
}

/*
 * The t->bpp bytes of the `fast` texel at `addr`: in place, or read into
 * b (through the page cache); NULL where they cannot be read.
 */
static inline __attribute__((always_inline)) const uint8_t *
texel_bytes(const Tex *t, uint64_t addr, uint8_t *b)
{
    const uint8_t *px;

    if (addr + t->bpp - 1 > UINT32_MAX) {
        return NULL;
    }
    px = g45_gtt_direct_ptr(t->smp->s->gtt, addr, t->bpp, false);
    return px ? px : sampler_read(t->smp, addr, b, t->bpp) ? b : NULL;
}

/*
 * The texel at `addr` as texel_raw and texel_f give it: read in place
 * (or through the page cache), decoded by fast_decode; zeros where it
 * cannot be read.
 */
static inline __attribute__((always_inline)) void
fast_texel(const Tex *t, uint64_t addr, float out[4])
{
    uint8_t b[8];
    const uint8_t *px = texel_bytes(t, addr, b);

    if (!px) {
        memset(out, 0, 4 * sizeof(float));
        return;
    }
    fast_decode(t, px, out);
}

/*
 * fast_texel at `addr` when the texel lies in the page whose host copy is
 * `page` (the page at graphics address `page_addr`; NULL: none), read
 * there without another lookup.
 */
static inline __attribute__((always_inline)) void
fast_texel_near(const Tex *t, const uint8_t *page, uint64_t page_addr,
                uint64_t addr, float out[4])
{
    uint64_t off = addr - page_addr;

    if (page && off <= G45_GTT_PAGE_SIZE - t->bpp) {
        fast_decode(t, page + off, out);
    } else {
        fast_texel(t, addr, out);
    }
}

/* texel_f for a `fast` Tex: (x, y) of slice s of level l. */
static void texel_fast(const Tex *t, unsigned l, int64_t x, int64_t y,
                       int64_t s, float out[4])
{
    if (x < 0 || y < 0 || s != 0) {
        texel_f(t, l, x, y, s, 0, out);
        return;
    }
    fast_texel(t, t->base + fast_row(t, l, y) + fast_col(t, l, x), out);
}

/* A texel coordinate through an address mode; -1: the border colour. */
static inline int64_t wrap(uint32_t mode, int64_t i, int64_t size)
{
    int64_t m;

    switch (mode) {
    case G45_TEXCOORDMODE_WRAP:
        if (i >= 0 && i < size) {
            return i;           /* (no 64-bit division) */
        }
        m = i % size;
        return m < 0 ? m + size : m;
    case G45_TEXCOORDMODE_MIRROR:
        if (i >= 0 && i < size) {
            return i;
        }
        m = i % (2 * size);
        m = m < 0 ? m + 2 * size : m;
        return m < size ? m : 2 * size - 1 - m;
    case G45_TEXCOORDMODE_CLAMP_BORDER:
        return i < 0 || i >= size ? -1 : i;
    case G45_TEXCOORDMODE_MIRROR_ONCE:
        m = i < 0 ? -1 - i : i;
        return m >= size ? size - 1 : m;
    default:                    /* CLAMP (to edge), CUBE */
        return i < 0 ? 0 : i >= size ? size - 1 : i;
    }
}

static float clampf(float v, float lo, float hi)
{
    return isnan(v) ? lo : v < lo ? lo : v > hi ? hi : v;
}

/* Each cube face's centre direction and its s and t axes, +X .. -Z. */
static const float cube_dir[6][3][3] = {
    { { 1, 0, 0 }, { 0, 0, -1 }, { 0, -1, 0 } },
    { { -1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 } },
    { { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },
    { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },
    { { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 } },
    { { 0, 0, -1 }, { -1, 0, 0 }, { 0, -1, 0 } },
};

static int cube_face(float x, float y, float z, int face, float st[2]);

/*
 * TCM_CUBE: texel (x, y) just off face `face` (n texels a side) is the
 * texel of the neighbouring face its direction meets (a corner takes the
 * face of the largest component).
 */
static int cube_neighbour(int face, int64_t x, int64_t y, int64_t n,
                          int64_t *ox, int64_t *oy)
{
    float s = ((float)x + 0.5f) / (float)n * 2 - 1;
    float t = ((float)y + 0.5f) / (float)n * 2 - 1;
    float v[3], st[2];
    int f;

    for (int a = 0; a < 3; a++) {
        v[a] = cube_dir[face][0][a] + s * cube_dir[face][1][a] +
               t * cube_dir[face][2][a];
    }
    f = cube_face(v[0], v[1], v[2], -1, st);
    *ox = (int64_t)clampf(floorf(st[0] * (float)n), 0, (float)(n - 1));
    *oy = (int64_t)clampf(floorf(st[1] * (float)n), 0, (float)(n - 1));
    return f;
}

/*
 * filter_level for slice 0 of a 2D surface with `fast` texels: the same
 * arithmetic in the same order (each tap's weight the product of its
 * axes' fractions, taps of weight 0 skipped, the sum from tap 0 up), with
 * the loops over dimensions and taps written out.
 */
static void filter_2d_fast(const Tex *t, unsigned l, bool linear,
                           const float c[3], float out[4])
{
    const Gen4Mip *m = &t->mips[l];
    int64_t size[2] = { m->w, m->h }, i0[2], i1[2];
    uint64_t row[2] = { 0, 0 }, col[2] = { 0, 0 }, page_addr = 0;
    const uint8_t *page = NULL;
    float fr[2], w[4], px[4], sum[4];
    bool border = false;

    for (int k = 0; k < 2; k++) {
        float x = clampf(c[k] * (float)size[k], -1e7f, 1e7f), fl;

        if (linear) {
            x -= 0.5f;
        }
        fl = floorf(x);
        fr[k] = x - fl;
        i0[k] = wrap(t->mode[k], (int64_t)fl + t->off[k], size[k]);
        if (linear) {
            i1[k] = wrap(t->mode[k], (int64_t)fl + t->off[k] + 1, size[k]);
        }
    }
    if (!linear) {
        texel_fast(t, l, i0[0], i0[1], 0, out);
        return;
    }
    if (i0[0] < 0 || i0[1] < 0 || i1[0] < 0 || i1[1] < 0) {
        border = true;          /* CLAMP_BORDER outside: per tap */
    } else {
        col[0] = fast_col(t, l, i0[0]);
        col[1] = fast_col(t, l, i1[0]);
        row[0] = t->base + fast_row(t, l, i0[1]);
        row[1] = t->base + fast_row(t, l, i1[1]);
        /* the four taps in one page (the usual case): one lookup */
        uint64_t a0 = row[0] + col[0], other = 0;

        for (int tap = 1; tap < 4; tap++) {
            other |= (row[tap >> 1] + col[tap & 1]) ^ a0;
        }
        page_addr = a0 - a0 % G45_GTT_PAGE_SIZE;
        if (page_addr <= UINT32_MAX && other < G45_GTT_PAGE_SIZE) {
            page = g45_gtt_direct_ptr(t->smp->s->gtt, page_addr,
                                      G45_GTT_PAGE_SIZE, false);
        }
    }
    w[0] = (1.0f - fr[0]) * (1.0f - fr[1]);
    w[1] = fr[0] * (1.0f - fr[1]);
    w[2] = (1.0f - fr[0]) * fr[1];
    w[3] = fr[0] * fr[1];
    /* the sums in registers (through out[] each tap waited on the last
     * tap's stores) */
    sum[0] = sum[1] = sum[2] = sum[3] = 0;
    for (int tap = 0; tap < 4; tap++) {
        if (w[tap] == 0.0f) {
            continue;
        }
        if (border) {
            texel_fast(t, l, tap & 1 ? i1[0] : i0[0],
                       tap & 2 ? i1[1] : i0[1], 0, px);
        } else {
            fast_texel_near(t, page, page_addr, row[tap >> 1] + col[tap & 1],
                            px);
        }
        sum[0] += w[tap] * px[0];
        sum[1] += w[tap] * px[1];
        sum[2] += w[tap] * px[2];
        sum[3] += w[tap] * px[3];
    }
    memcpy(out, sum, sizeof(sum));
}

/*
 * One level's filtered sample at normalized (c[0], c[1], c[2]) of slice
 * `slice` (1D/2D arrays, cube faces; 3D: c[2] is the depth coordinate).
 */
static void filter_level(const Tex *t, unsigned l, uint32_t filter,
                         const float c[3], int64_t slice, float ref,
                         float out[4])
{
    const Gen4Mip *m = &t->mips[l];
    int dims = t->type == G45_SURFTYPE_1D ? 1 :
               t->type == G45_SURFTYPE_3D ? 3 : 2;
    uint32_t mode[3] = { t->mode[0], t->mode[1], t->mode[2] };
    int64_t size[3] = { m->w, m->h, t->type == G45_SURFTYPE_3D ? m->d : 1 };
    int64_t i0[3] = { 0, 0, 0 }, i1[3] = { 0, 0, 0 }, raw[3] = { 0, 0, 0 };
    float fr[3] = { 0, 0, 0 };
    bool linear = filter != G45_MAPFILTER_NEAREST, seamless = false;

    if (t->type == G45_SURFTYPE_CUBE) {
        /* TCM_CUBE filters across the face edges; otherwise each face
         * clamps */
        seamless = mode[0] == G45_TEXCOORDMODE_CUBE && m->w == m->h;
        mode[0] = mode[1] = G45_TEXCOORDMODE_CLAMP;
    }
    for (int k = 0; k < dims; k++) {
        float x = clampf(c[k] * (float)size[k], -1e7f, 1e7f);
        int64_t i;

        if (linear) {
            x -= 0.5f;
        }
        i = (int64_t)floorf(x) + t->off[k];
        raw[k] = i;
        fr[k] = x - floorf(x);
        i0[k] = wrap(mode[k], i, size[k]);
        i1[k] = wrap(mode[k], i + 1, size[k]);
    }
    if (t->type == G45_SURFTYPE_3D) {
        slice = 0;
    }
    if (!linear) {
        if (t->fast) {
            texel_fast(t, l, i0[0], i0[1], dims == 3 ? i0[2] : slice, out);
        } else {
            texel_f(t, l, i0[0], i0[1], dims == 3 ? i0[2] : slice, ref, out);
        }
        return;
    }
    memset(out, 0, 4 * sizeof(float));
    for (int tap = 0; tap < (1 << dims); tap++) {
        float w = 1.0f, px[4];
        int64_t x = tap & 1 ? i1[0] : i0[0];
        int64_t y = dims < 2 ? 0 : tap & 2 ? i1[1] : i0[1];
        int64_t z = dims < 3 ? slice : tap & 4 ? i1[2] : i0[2];

        for (int k = 0; k < dims; k++) {
            w *= (tap >> k) & 1 ? fr[k] : 1.0f - fr[k];
        }
        if (w == 0.0f) {
            continue;
        }
        if (seamless) {
            int64_t rx = raw[0] + (tap & 1), ry = raw[1] + ((tap >> 1) & 1);

            if (rx < 0 || ry < 0 || rx >= size[0] || ry >= size[1]) {
                z = cube_neighbour((int)slice, rx, ry, size[0], &x, &y);
            }
        }
        if (t->fast) {
            texel_fast(t, l, x, y, z, px);
        } else {
            texel_f(t, l, x, y, z, ref, px);
        }
        for (int k = 0; k < 4; k++) {
            out[k] += w * px[k];
        }
    }
}

/* filter_level, or filter_2d_fast where it applies. */
static inline void filter_any(const Tex *t, unsigned l, uint32_t filter,
                              const float c[3], int64_t slice, float ref,
                              float out[4])
{
    if (t->fast_2d && slice == 0) {
        filter_2d_fast(t, l, filter != G45_MAPFILTER_NEAREST, c, out);
    } else {
        filter_level(t, l, filter, c, slice, ref, out);
    }
}

/*
 * A cube vector onto its face (seed 002 L2697-L2701): the major axis by
 * the largest magnitude (face order +X -X +Y -Y +Z -Z), the minor axes
 * divided by it into [0, 1].  `face` >= 0 forces the face (for
 * derivatives within one subspan).
 */
static int cube_face(float x, float y, float z, int face, float st[2])
{
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), ma, sc, tc;

    if (face < 0) {
        face = ax >= ay && ax >= az ? (x >= 0 ? 0 : 1) :
               ay >= az ? (y >= 0 ? 2 : 3) : (z >= 0 ? 4 : 5);
    }
    switch (face) {
    case 0: ma = ax; sc = -z; tc = -y; break;
    case 1: ma = ax; sc = z; tc = -y; break;
    case 2: ma = ay; sc = x; tc = z; break;
    case 3: ma = ay; sc = x; tc = -z; break;
    case 4: ma = az; sc = x; tc = -y; break;
    default: ma = az; sc = -x; tc = -y; break;
    }
    if (!(ma > 0)) {
        ma = 1;
    }
    st[0] = 0.5f * (sc / ma + 1.0f);
    st[1] = 0.5f * (tc / ma + 1.0f);
    return face;
}

/* A lane's coordinates as the surface type reads them. */
static void lane_coords(const Tex *t, const Lane *ln, int face, float c[3],
                        int64_t *slice, int *face_out)
{
    float u = hwgpu_u2f(ln->u), v = hwgpu_u2f(ln->v), r = hwgpu_u2f(ln->r);
    int64_t last = t->last;

    c[0] = u;
    c[1] = v;
    c[2] = r;
    *slice = 0;
    switch (t->type) {
    case G45_SURFTYPE_1D:       /* v: the array index */
        *slice = (int64_t)clampf(floorf(v + 0.5f), 0, (float)last);
        c[1] = 0;
        break;
    case G45_SURFTYPE_2D:       /* r: the array index */
        *slice = (int64_t)clampf(floorf(r + 0.5f), 0, (float)last);
        break;
    case G45_SURFTYPE_CUBE: {
        float st[2];

        *face_out = cube_face(u, v, r, face, st);
        c[0] = st[0];
        c[1] = st[1];
        *slice = *face_out;
        break;
    }
    default:
        break;
    }
}

/* Texels per unit of each coordinate at level 0. */
static void texel_scale(const Tex *t, float k[3])
{
    k[0] = (float)t->mips[0].w;
    k[1] = t->type == G45_SURFTYPE_1D ? 0 : (float)t->mips[0].h;
    k[2] = t->type == G45_SURFTYPE_3D ? (float)t->mips[0].d : 0;
}

/*
 * A lane's footprint: the derivatives of its coordinates along screen x
 * and y, in level-0 texels (d) and in normalized units (n).
 */
typedef struct Footprint {
    float dx[3], dy[3], nx[3], ny[3];
} Footprint;

/* log2 of rho from the gradients along x and y (L2717-L2788). */
static float lod_of(const float dx[3], const float dy[3])
{
    float rx = dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2];
    float ry = dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2];
    float lod = 0.5f * log2f(fmaxf(rx, ry));

    return isnan(lod) ? 0.0f : clampf(lod, -64.0f, 64.0f);
}

/*
 * The levels and weights of one lookup (the pseudocode of L2789-L2828):
 * `lod` is the computed LOD (sample_l: the parameter), `bias` the
 * message's.  *l1 == *l0 when one level is sampled.
 */
static bool select_levels_of(const Tex *t, float lod, float bias,
                             bool is_l, unsigned *l0, unsigned *l1,
                             float *beta)
{
    float sbias = t->sbias, smin = (float)t->surf_min_lod;
    float maxl = t->maxl, minl = t->minl, base = t->base_level;
    uint32_t mip = t->mip_filter;
    bool mag;

    lod = is_l ? sbias + lod + smin : lod + sbias + bias;
    if (isnan(lod)) {
        lod = 0;
    }
    if (t->preclamp) {
        lod = fminf(fmaxf(lod, minl), maxl);
    }
    mag = lod - base <= 0;
    *beta = 0;
    if (mag || mip == G45_SAMPLER_STATE_MIP_MODE_FILTER_NONE) {
        lod = fmaxf(fminf(0, ceilf(maxl)), floorf(minl));
    } else if (mip == G45_SAMPLER_STATE_MIP_MODE_FILTER_NEAREST) {
        lod = floorf(fmaxf(fminf(lod + 0.5f, ceilf(maxl)), floorf(minl)));
    } else {
        lod = fmaxf(fminf(lod, maxl), minl);
        *beta = lod - floorf(lod);
        lod = floorf(lod);
    }
    *l0 = lod < 0 ? 0 : lod >= t->nlevels ? t->nlevels - 1 : (unsigned)lod;
    *l1 = *beta > 0 && *l0 + 1 < t->nlevels ? *l0 + 1 : *l0;
    return mag;
}

/* select_levels_of through the memo (not on the general path). */
static bool select_levels(Tex *t, float lod, float bias, bool is_l,
                          unsigned *l0, unsigned *l1, float *beta)
{
    uint32_t lod_bits = hwgpu_f2u(lod), bias_bits = hwgpu_f2u(bias);

    if (t->smp->general) {
        return select_levels_of(t, lod, bias, is_l, l0, l1, beta);
    }
    if (t->memo.valid && t->memo.lod == lod_bits &&
        t->memo.bias == bias_bits && t->memo.is_l == is_l) {
        *l0 = t->memo.l0;
        *l1 = t->memo.l1;
        *beta = t->memo.beta;
        return t->memo.mag;
    }
    t->memo.mag = select_levels_of(t, lod, bias, is_l, l0, l1, beta);
    t->memo.valid = true;
    t->memo.lod = lod_bits;
    t->memo.bias = bias_bits;
    t->memo.is_l = is_l;
    t->memo.l0 = *l0;
    t->memo.l1 = *l1;
    t->memo.beta = *beta;
    return t->memo.mag;
}

/*
 * Anisotropic filtering (MAPFILTER_ANISOTROPIC, up to SAMPLER_STATE DW3's
 * Maximum Anisotropy of 2-16): the footprint's longer axis is covered by
 * n bilinear probes, n the axes' ratio rounded up and capped, at the LOD
 * of the longer axis over n.  The PRM does not give the hardware's probe
 * pattern; this is the usual one.  Returns n (1: isotropic) and updates
 * *lod and axis (the normalized step between probes).
 */
static unsigned aniso(const Tex *t, const Footprint *fp, float *lod,
                      float axis[3])
{
    float lx = sqrtf(fp->dx[0] * fp->dx[0] + fp->dx[1] * fp->dx[1] +
                     fp->dx[2] * fp->dx[2]);
    float ly = sqrtf(fp->dy[0] * fp->dy[0] + fp->dy[1] * fp->dy[1] +
                     fp->dy[2] * fp->dy[2]);
    float pmax = fmaxf(lx, ly), pmin = fminf(lx, ly);
    unsigned cap = 2 * (g45_sampler_state_maximum_anisotropy(t->st) + 1);
    unsigned n;

    if (!(pmax > 0) || isinf(pmax)) {
        return 1;
    }
    n = pmin > 0 ? (unsigned)fminf(ceilf(pmax / pmin), (float)cap) : cap;
    if (n <= 1) {
        return 1;
    }
    *lod = clampf(log2f(pmax / (float)n), -64.0f, 64.0f);
    for (int a = 0; a < 3; a++) {
        axis[a] = (lx >= ly ? fp->nx[a] : fp->ny[a]) / (float)n;
    }
    return n;
}

/* The filtered lookup of one lane, with its LOD decided (fp: its
 * footprint, NULL when the LOD is not computed from one). */
static void lookup(Tex *t, const Lane *ln, float lod, float bias,
                   bool is_l, const Footprint *fp, float out[4])
{
    unsigned l0, l1, n = 1;
    float beta, c[3], ref = hwgpu_u2f(ln->c), axis[3] = { 0, 0, 0 };
    int64_t slice;
    int face = -1;
    bool mag;
    uint32_t filter;
    float iso = lod;

    if (t->plain_2d) {
        /*
         * What the general code below computes for such a Tex: one probe
         * (n = 1, at == c: adding 0 * 0 changes only -0, which filters as
         * +0), slice 0 (the array index clamps to the one slice), u and v
         * straight from the lane, and out = 0 + o0 / 1.
         */
        float o0[4];

        mag = select_levels(t, lod, bias, is_l, &l0, &l1, &beta);
        filter = mag ? t->mag_filter : t->min_filter;
        c[0] = hwgpu_u2f(ln->u);
        c[1] = hwgpu_u2f(ln->v);
        c[2] = 0;
        filter_2d_fast(t, l0, filter != G45_MAPFILTER_NEAREST, c, o0);
        if (l1 != l0) {
            float o1[4];

            filter_2d_fast(t, l1, filter != G45_MAPFILTER_NEAREST, c, o1);
            for (int q = 0; q < 4; q++) {
                o0[q] += beta * (o1[q] - o0[q]);
            }
        }
        for (int q = 0; q < 4; q++) {
            out[q] = 0.0f + o0[q];
        }
        return;
    }
    if (fp && t->min_filter == G45_MAPFILTER_ANISOTROPIC) {
        n = aniso(t, fp, &lod, axis);
    }
    /* minification is decided on the isotropic LOD, the levels on the
     * one the probes need */
    mag = select_levels(t, iso, bias, is_l, &l0, &l1, &beta);
    if (!mag && n > 1) {
        select_levels(t, lod, bias, is_l, &l0, &l1, &beta);
    }
    filter = mag ? t->mag_filter : t->min_filter;
    if (mag) {
        n = 1;
    }
    if (t->shadow && t->f->nchan && t->f->chan[0].type == HWGPU_CT_UNORM) {
        ref = clampf(ref, 0.0f, 1.0f);
    }
    lane_coords(t, ln, -1, c, &slice, &face);
    memset(out, 0, 4 * sizeof(float));
    for (unsigned i = 0; i < n; i++) {
        float at[3], o0[4];
        float k = (float)i + 0.5f - (float)n / 2.0f;

        for (int a = 0; a < 3; a++) {
            at[a] = c[a] + k * axis[a];
        }
        filter_any(t, l0, filter, at, slice, ref, o0);
        if (l1 != l0) {
            float o1[4];

            filter_any(t, l1, filter, at, slice, ref, o1);
            for (int q = 0; q < 4; q++) {
                o0[q] += beta * (o1[q] - o0[q]);
            }
        }
        for (int q = 0; q < 4; q++) {
            out[q] += o0[q] / (float)n;
        }
    }
}

/* The footprint of lane `ch` of a SIMD8/16 message from its subspan's
 * upper-left, upper-right and lower-left pixels (whatever their mask). */
static void subspan_footprint(const Tex *t, const Lane *lanes, unsigned ch,
                              Footprint *fp)
{
    unsigned q = ch & ~3u;
    float k[3], c[3][3];
    int64_t slice;
    int face = -1;

    texel_scale(t, k);
    for (int p = 0; p < 3; p++) {
        /* a cube's subspan on the upper-left pixel's face */
        lane_coords(t, &lanes[q + p], face, c[p], &slice, &face);
    }
    for (int a = 0; a < 3; a++) {
        fp->nx[a] = k[a] ? c[1][a] - c[0][a] : 0;
        fp->ny[a] = k[a] ? c[2][a] - c[0][a] : 0;
        fp->dx[a] = fp->nx[a] * k[a];
        fp->dy[a] = fp->ny[a] * k[a];
    }
}

/* sample_d: the footprint from the message's gradients. */
static void gradient_footprint(const Tex *t, const Lane *ln, Footprint *fp)
{
    float k[3], u[3];

    texel_scale(t, k);
    for (int a = 0; a < 3; a++) {
        u[a] = 1.0f;
    }
    if (t->type == G45_SURFTYPE_CUBE) {
        /* face coordinates in [-1, 1]: half a face per unit */
        u[0] = u[1] = 0.5f;
        k[2] = 0;
    }
    for (int a = 0; a < 3; a++) {
        fp->nx[a] = k[a] ? hwgpu_u2f(ln->g[a]) * u[a] : 0;
        fp->ny[a] = k[a] ? hwgpu_u2f(ln->g[3 + a]) * u[a] : 0;
        fp->dx[a] = fp->nx[a] * k[a];
        fp->dy[a] = fp->ny[a] * k[a];
    }
}

/* ld: the texel at integer coordinates, 0 outside (L4064). */
static void fetch(const Tex *t, const Lane *ln, bool with_lod,
                  uint32_t rgba[4])
{
    int64_t p[3] = { (int32_t)ln->u, (int32_t)ln->v, (int32_t)ln->r };
    int64_t level = with_lod ? (int64_t)(int32_t)ln->l + t->surf_min_lod
                             : t->surf_min_lod;
    uint32_t s = 0;

    rgba[0] = rgba[1] = rgba[2] = 0;
    rgba[3] = hwgpu_format_is_integer(t->f) ? 1 : 0x3f800000u;
    for (int k = 0; k < 3; k++) {
        p[k] += t->off[k];
    }
    if (t->type == G45_SURFTYPE_BUFFER) {
        uint32_t pitch = g45_surface_state_pitch_minus_1(t->ss) + 1;

        if (p[0] >= 0 && (uint64_t)p[0] < gen4_surface_bytes(t->ss) / pitch) {
            texel_raw(t, 0, (uint32_t)p[0], 0, 0, rgba);
        }
        return;
    }
    if (level < 0 || level >= t->nlevels) {
        return;
    }
    {
        const Gen4Mip *m = &t->mips[level];
        int64_t d = t->type == G45_SURFTYPE_3D ? m->d :
                    (int64_t)g45_surface_state_depth_minus_1(t->ss) + 1;

        if (t->type == G45_SURFTYPE_1D) {
            p[2] = p[1];
            p[1] = 0;
        }
        if (p[0] < 0 || p[1] < 0 || p[2] < 0 || p[0] >= m->w ||
            p[1] >= m->h || p[2] >= d) {
            return;
        }
        s = (uint32_t)p[2];
        texel_raw(t, (unsigned)level, (uint32_t)p[0], (uint32_t)p[1], s,
                  rgba);
    }
}

/* resinfo (L4054-L4059 and the table after it), as UINT32. */
static void resinfo(const Tex *t, uint32_t lod, uint32_t out[4])
{
    uint32_t w = g45_surface_state_width_minus_1(t->ss) + 1;
    uint32_t h = g45_surface_state_height_minus_1(t->ss) + 1;
    uint32_t d = g45_surface_state_depth_minus_1(t->ss);
    uint32_t sh = lod > 31 ? 31 : lod;

    out[0] = w >> sh;
    out[3] = t->mip_count + 1;
    switch (t->type) {
    case G45_SURFTYPE_1D:
        out[1] = d ? d + 1 : 0;
        out[2] = 0;
        break;
    case G45_SURFTYPE_3D:
        out[1] = h >> sh;
        out[2] = (d + 1) >> sh;
        break;
    case G45_SURFTYPE_CUBE:
        out[1] = h >> sh;
        out[2] = 0;
        break;
    default:
        out[1] = h >> sh;
        out[2] = d ? d + 1 : 0;
        break;
    }
}

/* Read SAMPLER_STATE, its border colour and the surface's layout. */
static bool tex_init(Tex *t, Gen4Sampler *smp, const uint32_t *ss,
                     const G4EuMessage *msg, uint8_t op)
{
    uint32_t sidx = (msg->function >> 8) & 15, h2 = msg->payload[2];
    uint32_t fmt = g45_surface_state_surface_format(ss);

    memset(t, 0, sizeof(*t));
    t->smp = smp;
    t->ss = ss;
    t->type = g45_surface_state_surface_type(ss);
    t->f = gen4_format(fmt);
    if (t->type == G45_SURFTYPE_NULL) {
        return false;
    }
    if (!t->f || !hwgpu_format_bytes(t->f) || hwgpu_format_bytes(t->f) > 16 ||
        (t->f->kind == HWGPU_FMT_COMPRESSED &&
         t->type == G45_SURFTYPE_BUFFER)) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: format 0x%x (%s) not "
                    "sampled; black", fmt,
                    gen4_format_name(fmt) ? gen4_format_name(fmt) : "?");
        return false;
    }
    if (op != OP_LD && op != OP_RESINFO &&
        (hwgpu_format_is_integer(t->f) || t->type == G45_SURFTYPE_BUFFER)) {
        HWGPU_GUEST_ERROR(smp->s->host, "gen4 sampler: sampling an integer "
                          "format or a buffer (format 0x%x, type %u); black",
                          fmt, t->type);
        return false;
    }
    t->bpp = hwgpu_format_bytes(t->f);
    t->unpack8 = t->f->kind == HWGPU_FMT_PLAIN &&
                 hwgpu_pack8_plan(t->f, &t->p8) && t->p8.rgba;
    t->pitch = g45_surface_state_pitch_minus_1(ss) + 1;
    t->tiled = g45_surface_state_tiled(ss);
    t->ywalk = g45_surface_state_tile_walk(ss);
    hwgpu_block_dims(t->f, &t->bw, &t->bh);
    t->base = g45_surface_state_base_address(ss);
    t->xoff = g45_surface_state_x_offset(ss) * 4 / t->bw;
    t->yoff = g45_surface_state_y_offset(ss) * 2 / t->bh;
    t->surf_min_lod = g45_surface_state_min_lod(ss);
    t->mip_count = g45_surface_state_mip_count_lod(ss);
    if (t->type != G45_SURFTYPE_BUFFER) {
        t->nlevels = gen4_surface_mips(ss, t->f, t->surf_min_lod +
                                       t->mip_count + 1, t->mips);
    }
    /* M0.2[11:0]: u, v, r texel offsets, signed 4 bits each */
    t->off[0] = (int32_t)(h2 << 20) >> 28;
    t->off[1] = (int32_t)(h2 << 24) >> 28;
    t->off[2] = (int32_t)(h2 << 28) >> 28;
    if (op == OP_LD || op == OP_RESINFO) {
        return true;
    }
    /* SAMPLER_STATE from the header's pointer (M0.3[31:5], GSBA) */
    if (!g45_gtt_read(smp->s->gtt, smp->d->general_base +
                      (msg->payload[3] & ~31u) + sidx * 16, t->st,
                      sizeof(t->st))) {
        HWGPU_GUEST_ERROR(smp->s->host, "gen4 sampler: SAMPLER_STATE at "
                          "0x%x unreadable", msg->payload[3] & ~31u);
        return false;
    }
    if (g45_sampler_state_tcx_address_control_mode(t->st) ==
            G45_TEXCOORDMODE_CLAMP_BORDER ||
        g45_sampler_state_tcy_address_control_mode(t->st) ==
            G45_TEXCOORDMODE_CLAMP_BORDER ||
        g45_sampler_state_tcz_address_control_mode(t->st) ==
            G45_TEXCOORDMODE_CLAMP_BORDER) {
        /* SAMPLER_BORDER_COLOR_STATE, read when an address mode uses it */
        uint64_t bca = smp->d->general_base +
                       g45_sampler_state_border_color_pointer(t->st);
        uint32_t bc[4] = { 0, 0, 0, 0 };

        if (g45_sampler_state_border_color_mode(t->st) ==
            G45_SAMPLER_STATE_BORDER_COLOR_MODE_DX9) {
            g45_gtt_read(smp->s->gtt, bca, bc, 4);
            for (int k = 0; k < 4; k++) {
                t->border[k] = (float)((bc[0] >> (8 * k)) & 0xff) / 255.0f;
            }
        } else {
            g45_gtt_read(smp->s->gtt, bca, bc, sizeof(bc));
            for (int k = 0; k < 4; k++) {
                t->border[k] = hwgpu_u2f(bc[k]);
            }
        }
    }
    t->shadow = op == OP_SAMPLE_C || op == OP_SAMPLE_B_C ||
                op == OP_SAMPLE_L_C;
    t->shadow_fn = g45_sampler_state_shadow_function(t->st);
    t->last = (int64_t)g45_surface_state_depth_minus_1(ss);
    t->mode[0] = g45_sampler_state_tcx_address_control_mode(t->st);
    t->mode[1] = g45_sampler_state_tcy_address_control_mode(t->st);
    t->mode[2] = g45_sampler_state_tcz_address_control_mode(t->st);
    t->mag_filter = g45_sampler_state_mag_mode_filter(t->st);
    t->min_filter = g45_sampler_state_min_mode_filter(t->st);
    t->mip_filter = g45_sampler_state_mip_mode_filter(t->st);
    /* LOD bias S4.6 (the getter sign-extends); Min/Max LOD U4.6 */
    t->sbias = (float)g45_sampler_state_texture_lod_bias(t->st) / 64.0f;
    t->maxl = fminf(g45_sampler_state_max_lod(t->st) / 64.0f,
                    (float)t->mip_count) + (float)t->surf_min_lod;
    t->minl = fminf(g45_sampler_state_min_lod(t->st) / 64.0f,
                    (float)t->mip_count) + (float)t->surf_min_lod;
    t->base_level = g45_sampler_state_base_mip_level(t->st) / 2.0f;
    t->preclamp = g45_sampler_state_lod_preclamp_enable(t->st);
    t->fast = t->unpack8 && !t->f->srgb && !t->shadow && t->bw == 1 &&
              t->bh == 1 && !smp->general;
    t->fast_2d = t->fast && t->type == G45_SURFTYPE_2D;
    t->plain_2d = t->fast_2d && t->last == 0 &&
                  t->min_filter != G45_MAPFILTER_ANISOTROPIC;
    t->lod_free = t->plain_2d && t->mag_filter == t->min_filter &&
                  (t->nlevels == 1 ||
                   t->mip_filter == G45_SAMPLER_STATE_MIP_MODE_FILTER_NONE);
    if (t->fast) {
        /* fast_decode's bytes 4 and 5 read 0 and 1.0 */
        t->cshift[0] = t->cshift[1] = t->cshift[2] = 8 * 4;
        t->cshift[3] = 8 * 5;
        for (unsigned i = 0; i < t->p8.bytes && i < t->bpp; i++) {
            if (t->p8.src[i] >= 0) {
                t->cshift[t->p8.src[i] & 3] = (uint8_t)(8 * i);
            }
        }
        t->unorm8 = hwgpu_unorm8_floats();
    }
    return !g45_sampler_state_sampler_disable(t->st);
}

/*
 * Each message's role positions in its parameter list (-1: absent),
 * derived once from msgs[].
 */
static int8_t msg_slot[G_N_ELEMENTS(msgs)][NROLES];

static const int8_t *param_slots(const struct SampleMsg *m)
{
    static gsize done;

    if (g_once_init_enter(&done)) {
        for (unsigned i = 0; i < G_N_ELEMENTS(msgs); i++) {
            for (unsigned k = 0; k < NROLES; k++) {
                const char *p = strchr(msgs[i].params, ROLES[k]);

                msg_slot[i][k] = p ? (int8_t)(p - msgs[i].params) : -1;
            }
        }
        g_once_init_leave(&done, 1);
    }
    return msg_slot[m - msgs];
}

/*
 * Every lane's parameters: slot i of lane ch is payload register
 * 1 + 2i + ch / 8 (SIMD16), 1 + i (SIMD8) or 1 + i / 4 at DWord
 * ch * 4 + i % 4 (SIMD4x2); 0 when absent from the message.
 */
static void lane_params(const struct SampleMsg *m, const int8_t *slot,
                        const G4EuMessage *msg, unsigned lanes, Lane *ln)
{
    memset(ln, 0, lanes * sizeof(*ln));
    for (unsigned k = 0; k < NROLES; k++) {
        int i = slot[k];
        unsigned first, step = m->simd == 4 ? 4 : 1;

        if (i < 0) {
            continue;
        }
        first = m->simd == 16 ? (1 + 2 * i) * 8 :
                m->simd == 8 ? (1 + i) * 8 : (1 + i / 4) * 8 + i % 4;
        for (unsigned ch = 0; ch < lanes; ch++) {
            unsigned at = first + ch * step;

            ln[ch].role[k] = at / 8 < msg->mlen ? msg->payload[at] : 0;
        }
    }
}

/*
 * The message-wide path for a `plain_2d` Tex of 32-bit texels: eight
 * lanes a step with AVX2, the values lookup() gives lane by lane.  Each
 * lane's LOD and levels are decided as lookup() decides them; the
 * message takes this path when its active lanes share their first level
 * and their filter and those that blend a second level share it too,
 * and when the address modes are CLAMP, MIRROR_ONCE or WRAP over a
 * power of two (wrap() without a division or a border).  The arithmetic
 * is filter_2d_fast's, operation for operation in the FPU mode of the
 * EU thread: a tap of weight 0, which filter_2d_fast skips, adds 0 times
 * a value in [0, 1] to a sum that is never below +0, which changes no
 * bit of it.
 */
#define VL 8                    /* lanes a step */

typedef struct PlainLevel {
    unsigned l;
    bool linear;
    uint32_t addr[4][VL];               /* the taps' texel addresses */
    float w[4][VL];                     /* their weights (tap 0 alone:
                                         * nearest) */
    uint32_t raw[4][VL], ok[4][VL];     /* the texels read: bytes, ~0u */
} PlainLevel;

/* A level whose modes, sizes and addresses the path handles. */
static bool plain_level_ok(const Tex *t, unsigned l)
{
    const Gen4Mip *m = &t->mips[l];
    int64_t size[2] = { m->w, m->h };
    uint64_t last;

    for (int k = 0; k < 2; k++) {
        if (size[k] < 1 || size[k] > (1 << 24) ||
            (t->mode[k] == G45_TEXCOORDMODE_WRAP &&
             (size[k] & (size[k] - 1))) ||
            t->mode[k] == G45_TEXCOORDMODE_MIRROR ||
            t->mode[k] == G45_TEXCOORDMODE_CLAMP_BORDER) {
            return false;
        }
    }
    if (t->tiled && t->pitch < (t->ywalk ? G45_YTILE_W : G45_XTILE_W)) {
        return false;
    }
    /*
     * every texel's address, and each term of it, in 32 bits (the terms
     * grow with x and y, and each is at least its element column or row)
     */
    last = t->base + fast_row(t, l, m->h - 1) + fast_col(t, l, m->w - 1);
    return last + 3 <= INT32_MAX;
}

/*
 * The 32-bit texel at addr as fast_texel reads it, in the page of the
 * texel before (*page at *page_addr) when it lies there; false: none.
 */
static inline __attribute__((always_inline)) bool
plain_read(const Tex *t, uint64_t addr, const uint8_t **page,
           uint64_t *page_addr, uint32_t *raw)
{
    uint64_t pa = addr & ~(uint64_t)(G45_GTT_PAGE_SIZE - 1);
    uint8_t b[4];
    const uint8_t *px;

    if (pa != *page_addr) {
        *page_addr = pa;
        *page = g45_gtt_direct_ptr(t->smp->s->gtt, pa, G45_GTT_PAGE_SIZE,
                                   false);
    }
    if (*page && addr - pa <= G45_GTT_PAGE_SIZE - 4) {
        px = *page + (addr - pa);
    } else {
        /* (a read may give back the view's pages: the page is looked up
         * again for the next texel) */
        px = texel_bytes(t, addr, b);
        *page_addr = ~0ull;
        if (!px) {
            return false;
        }
    }
    memcpy(raw, px, 4);
    *raw = GUINT32_FROM_LE(*raw);
    return true;
}

/* The taps' texels of the active lanes (act) whose weight is not 0. */
static void plain_fetch(const Tex *t, PlainLevel *pl, unsigned act)
{
    const uint8_t *page = NULL;
    uint64_t page_addr = ~0ull;
    unsigned taps = pl->linear ? 4 : 1;

    for (unsigned tap = 0; tap < taps; tap++) {
        for (unsigned j = 0; j < VL; j++) {
            pl->raw[tap][j] = 0;
            pl->ok[tap][j] = 0;
            if (((act >> j) & 1) &&
                (!pl->linear || pl->w[tap][j] != 0.0f) &&
                plain_read(t, pl->addr[tap][j], &page, &page_addr,
                           &pl->raw[tap][j])) {
                pl->ok[tap][j] = ~0u;
            }
        }
    }
}

#if HWGPU_X86_TARGETS
/* wrap() of eight texel coordinates for the modes plain_level_ok lets
 * through. */
__attribute__((target("avx2")))
static inline __m256i plain_wrap(uint32_t mode, __m256i i, int64_t size)
{
    __m256i top = _mm256_set1_epi32((int32_t)(size - 1));

    switch (mode) {
    case G45_TEXCOORDMODE_WRAP:
        return _mm256_and_si256(i, top);
    case G45_TEXCOORDMODE_MIRROR_ONCE: {
        __m256i neg = _mm256_cmpgt_epi32(_mm256_setzero_si256(), i);

        i = _mm256_xor_si256(i, neg);           /* -1 - i below 0 */
        return _mm256_min_epi32(i, top);
    }
    default:                                    /* CLAMP, CUBE */
        return _mm256_min_epi32(_mm256_max_epi32(i, _mm256_setzero_si256()),
                                top);
    }
}

/*
 * fast_col (k = 0) or fast_row (k = 1, with the base) of eight texel
 * coordinates of level l, in 32 bits (plain_level_ok), for 4-byte texels:
 * g45_xtile_offset and g45_ytile_offset (tiling.h) in shifts and masks.
 */
#define LOG2(n) __builtin_ctz(n)        /* (of a power of two) */

__attribute__((target("avx2")))
static inline __m256i plain_offset(const Tex *t, unsigned l, int k, __m256i i)
{
    const Gen4Mip *m = &t->mips[l];
    __m256i e = _mm256_add_epi32(i, _mm256_set1_epi32(
                                     k ? m->y + t->yoff : m->x + t->xoff));
    __m256i lo, hi;
    unsigned tw = t->ywalk ? G45_YTILE_W : G45_XTILE_W;
    unsigned th = t->ywalk ? G45_YTILE_H : G45_XTILE_H;

    if (!k) {
        e = _mm256_slli_epi32(e, 2);            /* the byte column */
        if (!t->tiled) {
            return e;
        }
        /* the tile's, then the column within it */
        hi = _mm256_slli_epi32(_mm256_srl_epi32(
                                   e, _mm_cvtsi32_si128(LOG2(tw))),
                               LOG2(G45_TILE_BYTES));
        lo = _mm256_and_si256(e, _mm256_set1_epi32(
                                  t->ywalk ? 15 : G45_XTILE_W - 1));
        if (t->ywalk) {                         /* columns of 16 bytes */
            hi = _mm256_or_si256(hi, _mm256_slli_epi32(_mm256_and_si256(
                _mm256_srli_epi32(e, 4), _mm256_set1_epi32(
                    G45_YTILE_W / 16 - 1)), LOG2(16 * G45_YTILE_H)));
        }
        return _mm256_or_si256(hi, lo);
    }
    if (!t->tiled) {
        hi = _mm256_mullo_epi32(e, _mm256_set1_epi32((int32_t)t->pitch));
    } else {
        /* the row of tiles, then the row within the tile */
        hi = _mm256_slli_epi32(_mm256_mullo_epi32(
                                   _mm256_srl_epi32(
                                       e, _mm_cvtsi32_si128(LOG2(th))),
                                   _mm256_set1_epi32(t->pitch / tw)),
                               LOG2(G45_TILE_BYTES));
        hi = _mm256_add_epi32(hi, _mm256_sll_epi32(
                                  _mm256_and_si256(e, _mm256_set1_epi32(
                                                       th - 1)),
                                  _mm_cvtsi32_si128(t->ywalk ? 4 :
                                                    LOG2(G45_XTILE_W))));
    }
    return _mm256_add_epi32(hi, _mm256_set1_epi32((int32_t)t->base));
}
#undef LOG2

/*
 * The taps' texels of the active lanes: gathered from the host pages
 * they lie in, a page at a time (a tap of weight 0 is read too: its
 * product is 0 all the same), or by plain_fetch when a page is not
 * mapped in place, the texels are not 4-byte aligned or they spread over
 * more than four pages.
 */
__attribute__((target("avx2")))
static void plain_texels(const Tex *t, PlainLevel *pl, const __m256i *addr,
                         unsigned act)
{
    unsigned taps = pl->linear ? 4 : 1;
    __m256i on = _mm256_cmpgt_epi32(
        _mm256_and_si256(_mm256_set1_epi32((int32_t)act),
                         _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128)),
        _mm256_setzero_si256());
    __m256i todo[4], raw[4], pmask = _mm256_set1_epi32(
        (int32_t)~(G45_GTT_PAGE_SIZE - 1));

    for (unsigned tap = 0; tap < taps; tap++) {
        _mm256_storeu_si256((__m256i *)pl->addr[tap], addr[tap]);
        todo[tap] = on;
        raw[tap] = _mm256_setzero_si256();
    }
    if ((t->base & 3) || (!t->tiled && (t->pitch & 3))) {
        plain_fetch(t, pl, act);
        return;
    }
    for (int round = 0; round < 4; round++) {
        uint32_t pa = 0;
        const uint8_t *page;
        bool left = false;

        for (unsigned tap = 0; tap < taps; tap++) {
            int bits = _mm256_movemask_ps(_mm256_castsi256_ps(todo[tap]));

            if (bits) {
                pa = pl->addr[tap][__builtin_ctz(bits)] &
                     ~(G45_GTT_PAGE_SIZE - 1);
                left = true;
                break;
            }
        }
        if (!left) {
            for (unsigned tap = 0; tap < taps; tap++) {
                _mm256_storeu_si256((__m256i *)pl->raw[tap], raw[tap]);
                _mm256_storeu_si256((__m256i *)pl->ok[tap], on);
            }
            return;
        }
        page = g45_gtt_direct_ptr(t->smp->s->gtt, pa, G45_GTT_PAGE_SIZE,
                                  false);
        if (!page) {
            break;
        }
        for (unsigned tap = 0; tap < taps; tap++) {
            __m256i in = _mm256_and_si256(todo[tap], _mm256_cmpeq_epi32(
                _mm256_and_si256(addr[tap], pmask),
                _mm256_set1_epi32((int32_t)pa)));

            raw[tap] = _mm256_mask_i32gather_epi32(
                raw[tap], (const int *)page, _mm256_sub_epi32(
                    addr[tap], _mm256_set1_epi32((int32_t)pa)), in, 1);
            todo[tap] = _mm256_andnot_si256(in, todo[tap]);
        }
    }
    plain_fetch(t, pl, act);
}

/*
 * filter_2d_fast of level pl->l for lanes [0, VL) of u and v (bits):
 * the coordinates and weights, the texels, the sums.
 */
__attribute__((target("avx2")))
static void plain_level_avx2(const Tex *t, PlainLevel *pl, const uint32_t *ub,
                             const uint32_t *vb, unsigned act, float o[4][VL])
{
    const Gen4Mip *m = &t->mips[pl->l];
    const uint32_t *cu[2] = { ub, vb };
    int64_t size[2] = { m->w, m->h };
    __m256 fr[2], one = _mm256_set1_ps(1.0f);
    __m256i off[2][2], addr[4];
    const float *tbl = (const float *)t->unorm8;

    for (int k = 0; k < 2; k++) {
        __m256 c = _mm256_loadu_ps((const float *)cu[k]);
        __m256 x = _mm256_mul_ps(c, _mm256_set1_ps((float)size[k]));
        __m256 fl;
        __m256i i;

        /* clampf: max_ps gives its second operand for a NaN */
        x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-1e7f)),
                          _mm256_set1_ps(1e7f));
        if (pl->linear) {
            x = _mm256_sub_ps(x, _mm256_set1_ps(0.5f));
        }
        fl = _mm256_round_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        fr[k] = _mm256_sub_ps(x, fl);
        i = _mm256_add_epi32(_mm256_cvttps_epi32(fl),
                             _mm256_set1_epi32(t->off[k]));
        off[k][0] = plain_offset(t, pl->l, k,
                                 plain_wrap(t->mode[k], i, size[k]));
        if (pl->linear) {
            i = _mm256_add_epi32(i, _mm256_set1_epi32(1));
            off[k][1] = plain_offset(t, pl->l, k,
                                     plain_wrap(t->mode[k], i, size[k]));
        }
    }
    addr[0] = _mm256_add_epi32(off[1][0], off[0][0]);
    if (pl->linear) {
        __m256 gx = _mm256_sub_ps(one, fr[0]), gy = _mm256_sub_ps(one, fr[1]);

        addr[1] = _mm256_add_epi32(off[1][0], off[0][1]);
        addr[2] = _mm256_add_epi32(off[1][1], off[0][0]);
        addr[3] = _mm256_add_epi32(off[1][1], off[0][1]);
        _mm256_storeu_ps(pl->w[0], _mm256_mul_ps(gx, gy));
        _mm256_storeu_ps(pl->w[1], _mm256_mul_ps(gy, fr[0]));
        _mm256_storeu_ps(pl->w[2], _mm256_mul_ps(gx, fr[1]));
        _mm256_storeu_ps(pl->w[3], _mm256_mul_ps(fr[0], fr[1]));
    }
    plain_texels(t, pl, addr, act);
    for (int ch = 0; ch < 4; ch++) {
        unsigned sh = t->cshift[ch];
        __m256 sum = _mm256_setzero_ps();

        for (unsigned tap = 0; tap < (pl->linear ? 4u : 1u); tap++) {
            __m256i raw = _mm256_loadu_si256((const __m256i *)pl->raw[tap]);
            __m256i ok = _mm256_loadu_si256((const __m256i *)pl->ok[tap]);
            __m256i idx;
            __m256 px;

            /* fast_decode's byte: one of the four, 0 (byte 4), 0xff
             * (byte 5: alpha 1.0), all 0 for a texel not read */
            idx = sh < 32 ? _mm256_srl_epi32(raw, _mm_cvtsi32_si128(sh)) :
                  sh == 40 ? ok : _mm256_setzero_si256();
            idx = _mm256_and_si256(idx, _mm256_set1_epi32(0xff));
            px = _mm256_i32gather_ps(tbl, idx, 4);
            if (!pl->linear) {
                sum = px;
                break;
            }
            sum = _mm256_add_ps(sum, _mm256_mul_ps(
                                    _mm256_loadu_ps(pl->w[tap]), px));
        }
        _mm256_storeu_ps(o[ch], sum);
    }
}
#endif

/*
 * Role k's lanes of a SIMD8 or SIMD16 message, one after the other in
 * the payload (lane_params' registers: 1 + i, or 1 + 2i and 2 + 2i), or
 * the lanes of zeros of a role the message does not carry; NULL when
 * they would run past the message's length (lane_params then reads 0
 * for some).
 */
static const uint32_t *role_lanes(const struct SampleMsg *m,
                                  const int8_t *slot, const G4EuMessage *msg,
                                  unsigned k)
{
    static const uint32_t none[16];
    int i = slot[k];
    unsigned first;

    if (i < 0) {
        return none;
    }
    first = m->simd == 16 ? (1 + 2 * i) * 8 : (1 + i) * 8;
    return (first + m->simd - 1) / 8 < msg->mlen ? msg->payload + first
                                                 : NULL;
}

/*
 * The samples of a SAMPLE, SAMPLE_B or SAMPLE_L message's lanes on a
 * plain_2d Tex, message-wide; false when it does not apply (lookup()
 * lane by lane then).  res[c][ch]: channel c of lane ch.  The lanes'
 * coordinates come straight from the payload; ln is filled by
 * lane_params when a footprint needs it.
 */
static bool plain_lanes(Tex *t, const struct SampleMsg *m, const int8_t *slot,
                        const G4EuMessage *msg, Lane *ln, bool force_lod0,
                        float res[4][16])
{
#if HWGPU_X86_TARGETS
    HWGPU_NOINIT PlainLevel pl;
    HWGPU_NOINIT Footprint fpv;
    HWGPU_NOINIT float beta[16], o1[4][VL];
    const uint32_t *ub, *vb, *lb, *bb;
    unsigned lanes = m->simd, l0 = ~0u, l1 = ~0u, fp_q = ~0u, blend = 0;
    unsigned a = 0, c = 0;
    uint32_t emask = msg->emask, prev_lod = 0, prev_bias = 0;
    int linear = -1;
    float fp_lod = 0, b = 0;
    bool is_l = m->op == OP_SAMPLE_L, mag = false, have_ln = false;
    bool have_prev = false;

    if (!t->plain_2d || t->bpp != 4 || m->simd == 4 ||
        (m->op != OP_SAMPLE && m->op != OP_SAMPLE_B &&
         m->op != OP_SAMPLE_L) || !hwgpu_cpu_avx2()) {
        return false;
    }
    ub = role_lanes(m, slot, msg, 0);
    vb = role_lanes(m, slot, msg, 1);
    lb = role_lanes(m, slot, msg, ROLE_L);
    bb = role_lanes(m, slot, msg, offsetof(Lane, b) / sizeof(uint32_t));
    if (!ub || !vb || !lb || !bb) {
        return false;
    }
    /* each lane's levels as lookup() decides them (select_levels once
     * for lanes that ask it the same) */
    for (unsigned ch = 0; ch < lanes; ch++) {
        float lod = 0, bias = 0;

        beta[ch] = 0;
        if (!((emask >> ch) & 1)) {
            continue;
        }
        if (is_l) {
            lod = hwgpu_u2f(lb[ch]);
        } else if (!force_lod0 && !t->lod_free) {
            if (fp_q != ch / 4) {
                if (!have_ln) {
                    lane_params(m, slot, msg, lanes, ln);
                    have_ln = true;
                }
                fp_q = ch / 4;
                subspan_footprint(t, ln, ch, &fpv);
                fp_lod = lod_of(fpv.dx, fpv.dy);
            }
            lod = fp_lod;
        }
        if (m->op == OP_SAMPLE_B) {
            bias = hwgpu_u2f(bb[ch]);
        }
        if (!have_prev || hwgpu_f2u(lod) != prev_lod ||
            hwgpu_f2u(bias) != prev_bias) {
            mag = select_levels(t, lod, bias, is_l, &a, &c, &b);
            have_prev = true;
            prev_lod = hwgpu_f2u(lod);
            prev_bias = hwgpu_f2u(bias);
        }
        if (linear < 0) {
            l0 = a;
            linear = (mag ? t->mag_filter : t->min_filter) !=
                     G45_MAPFILTER_NEAREST;
        }
        if (a != l0 || linear != ((mag ? t->mag_filter : t->min_filter) !=
                                  G45_MAPFILTER_NEAREST)) {
            return false;
        }
        if (c != a) {
            if (l1 != ~0u && l1 != c) {
                return false;
            }
            l1 = c;
            beta[ch] = b;
            blend |= 1u << ch;
        }
    }
    if (linear < 0) {
        return true;            /* no active lane */
    }
    if (!plain_level_ok(t, l0) || (blend && !plain_level_ok(t, l1))) {
        return false;
    }
    pl.linear = linear;
    for (unsigned base = 0; base < lanes; base += VL) {
        unsigned act = (emask >> base) & 0xff;
        HWGPU_NOINIT float o0[4][VL];

        if (!act) {
            continue;
        }
        pl.l = l0;
        plain_level_avx2(t, &pl, ub + base, vb + base, act, o0);
        if ((blend >> base) & 0xff) {
            pl.l = l1;
            plain_level_avx2(t, &pl, ub + base, vb + base,
                             (blend >> base) & 0xff, o1);
        }
        for (int q = 0; q < 4; q++) {
            for (unsigned j = 0; j < VL; j++) {
                float v = o0[q][j];

                if ((blend >> (base + j)) & 1) {
                    v += beta[base + j] * (o1[q][j] - v);
                }
                res[q][base + j] = 0.0f + v;
            }
        }
    }
    return true;
#else
    return false;
#endif
}

/*
 * The response of a message plain_lanes answered: channel c's lanes a
 * register (SIMD8) or two (SIMD16) at a time, the active lanes only, in
 * the registers the lane loop of sampler_message writes.
 */
static void plain_response(const struct SampleMsg *m, uint32_t masked,
                           const G4EuMessage *msg, const float res[4][16],
                           G4EuResponse *resp)
{
    unsigned k = 0;

    for (unsigned c = 0; c < 4; c++) {
        if ((masked >> c) & 1) {
            k += m->simd != 16;         /* SIMD8 keeps the slot */
            continue;
        }
        for (unsigned half = 0; half < m->simd / 8; half++) {
            unsigned reg = m->simd == 16 ? 2 * k + half : k;
            unsigned act = (msg->emask >> (8 * half)) & 0xff;

            if (reg >= msg->rlen || reg >= G4_EU_MAX_RLEN) {
                continue;
            }
            if (act == 0xff) {
                memcpy(resp->data[reg], &res[c][8 * half], 32);
                resp->wmask[reg] = 0xff;
                continue;
            }
            for (unsigned j = 0; j < 8; j++) {
                uint32_t v = hwgpu_f2u(res[c][8 * half + j]);

                resp->data[reg][j] = (act >> j) & 1 ? v : resp->data[reg][j];
            }
            resp->wmask[reg] |= act;
        }
        k++;
    }
}

static bool sampler_message(void *opaque, G4EuThread *thr,
                            const G4EuMessage *msg, G4EuResponse *resp)
{
    Gen4Sampler *smp = opaque;
    unsigned type = (msg->function >> 12) & 15, bti = msg->function & 0xff;
    uint32_t masked = (msg->payload[2] >> 12) & 15;
    bool force_lod0 = (msg->payload[2] >> 16) & 1;
    const struct SampleMsg *m = NULL;
    unsigned lanes, out = 0, need, fp_q = ~0u;
    const uint32_t *ss;
    const int8_t *slot;
    /* written before they are read: lane_params, the footprints
     * (compiler.h) */
    HWGPU_NOINIT Lane ln[16];
    HWGPU_NOINIT Footprint fpv;
    HWGPU_NOINIT float res[4][16];
    float fp_lod = 0;
    bool ok, wide;
    struct Gen4SamplerTex *ct;
    Tex *tp;
    unsigned sidx;
    uint32_t sptr, offs;

    for (unsigned i = 0; i < G_N_ELEMENTS(msgs); i++) {
        if (msgs[i].type == type && msgs[i].mlen == msg->mlen) {
            m = &msgs[i];
        }
    }
    if (!m) {
        HWGPU_GUEST_ERROR(smp->s->host, "gen4 sampler: no message type %u "
                          "with mlen %u (seed 002 L3997)", type, msg->mlen);
        return false;
    }
    ss = gen4_surface(smp->s, smp->d, smp->surfaces, bti);
    if (!ss) {
        return false;
    }
    lanes = m->simd == 4 ? 2 : m->simd;
    for (unsigned c = 0; c < 4; c++) {
        out += !((masked >> c) & 1);
    }
    need = m->simd == 16 ? out * 2 : m->simd == 8 ? 4 + m->killpix : 1;
    if (need > msg->rlen) {
        HWGPU_GUEST_ERROR(smp->s->host, "gen4 sampler: response of %u "
                          "registers in rlen %u; truncated", need, msg->rlen);
    }
    slot = param_slots(m);
    /* the surface and sampler of the message before, or resolved now */
    if (!smp->tex) {
        smp->tex = g_new0(struct Gen4SamplerTex, 1);
    }
    ct = smp->tex;
    sidx = (msg->function >> 8) & 15;
    sptr = msg->payload[3] & ~31u;
    offs = msg->payload[2] & 0xfff;
    if (!ct->valid || ct->general != smp->general || ct->bti != bti ||
        ct->op != m->op || ct->sidx != sidx || ct->sampler_ptr != sptr ||
        ct->offsets != offs) {
        ct->ok = tex_init(&ct->t, smp, ss, msg, m->op);
        ct->valid = true;
        ct->general = smp->general;
        ct->bti = bti;
        ct->op = m->op;
        ct->sidx = sidx;
        ct->sampler_ptr = sptr;
        ct->offsets = offs;
    }
    ok = ct->ok;
    tp = &ct->t;
    wide = ok && plain_lanes(tp, m, slot, msg, ln, force_lod0, res);
    if (wide) {
        plain_response(m, masked, msg, res, resp);
    } else {
        lane_params(m, slot, msg, lanes, ln);
    }
    for (unsigned ch = 0; !wide && ch < lanes; ch++) {
        uint32_t rgba[4] = { 0, 0, 0, 0 };
        unsigned k = 0;
        bool active = m->simd == 4 ? (msg->emask >> (4 * ch)) & 15
                                   : (msg->emask >> ch) & 1;

        if (!active) {
            continue;
        }
        if (m->op == OP_RESINFO) {
            resinfo(tp, ln[ch].l, rgba);
        } else if (!ok) {
            /* a NULL or unusable surface, a disabled sampler: zeros */
        } else if (m->op == OP_LD) {
            fetch(tp, &ln[ch], slot[ROLE_L] >= 0, rgba);
        } else {
            bool is_l = m->op == OP_SAMPLE_L || m->op == OP_SAMPLE_L_C;
            float lod = 0, bias = 0, f[4];
            Footprint *fp = NULL;

            if (is_l) {
                lod = hwgpu_u2f(ln[ch].l);
            } else if (m->op == OP_SAMPLE_D) {
                gradient_footprint(tp, &ln[ch], &fpv);
                fp = &fpv;
                lod = lod_of(fp->dx, fp->dy);
            } else if (m->simd != 4 && !force_lod0 && !tp->lod_free) {
                /* one footprint for the four lanes of a subspan
                 * (the general path: each lane its own) */
                if (fp_q != ch / 4 || smp->general) {
                    fp_q = ch / 4;
                    subspan_footprint(tp, ln, ch, &fpv);
                    fp_lod = lod_of(fpv.dx, fpv.dy);
                }
                fp = &fpv;
                lod = fp_lod;
            }
            if (m->op == OP_SAMPLE_B || m->op == OP_SAMPLE_B_C) {
                bias = hwgpu_u2f(ln[ch].b);
            }
            if (m->op == OP_SAMPLE_D && tp->type == G45_SURFTYPE_CUBE) {
                /* u, v on the face in [-1, 1], r the face (L4043) */
                Lane face = ln[ch];
                float u = hwgpu_u2f(ln[ch].u), v = hwgpu_u2f(ln[ch].v);
                int fc = (int)clampf(hwgpu_u2f(ln[ch].r), 0, 5);
                float vec[3];

                for (int a = 0; a < 3; a++) {
                    vec[a] = cube_dir[fc][0][a] + u * cube_dir[fc][1][a] +
                             v * cube_dir[fc][2][a];
                }
                face.u = hwgpu_f2u(vec[0]);
                face.v = hwgpu_f2u(vec[1]);
                face.r = hwgpu_f2u(vec[2]);
                lookup(tp, &face, lod, 0, false, NULL, f);
            } else {
                lookup(tp, &ln[ch], lod, bias, is_l, fp, f);
            }
            for (int c = 0; c < 4; c++) {
                rgba[c] = hwgpu_f2u(f[c]);
            }
        }
        for (unsigned c = 0; c < 4; c++) {
            unsigned reg, dw;

            if ((masked >> c) & 1) {
                k += m->simd != 16;     /* SIMD8/4x2 keep the slot */
                continue;
            }
            if (m->simd == 16) {
                reg = k * 2 + ch / 8;
                dw = ch % 8;
            } else if (m->simd == 8) {
                reg = k;
                dw = ch;
            } else {
                reg = 0;
                dw = ch * 4 + c;
            }
            k++;
            if (reg < msg->rlen && reg < G4_EU_MAX_RLEN) {
                resp->data[reg][dw] = rgba[c];
                resp->wmask[reg] |= 1u << dw;
            }
        }
    }
    if (m->killpix && 4 < msg->rlen) {
        /* W4.0: dispatch mask 0xffff, active mask (no chroma key) */
        resp->data[4][0] = 0xffffffffu;
        resp->wmask[4] |= 1;
    }
    resp->nregs = need < msg->rlen ? need : msg->rlen;
    return true;
}

void gen4_sampler_release(Gen4Sampler *smp)
{
    g_free(smp->pages);
    smp->pages = NULL;
    g_clear_pointer(&smp->tex, g_free);
}

void gen4_sampler_attach(Gen4Sampler *smp, G4EuEnv *env, Gen4State *s,
                         const Gen4Draw *d, Gen4Surfaces *surfaces)
{
    smp->s = s;
    smp->d = d;
    smp->surfaces = surfaces;
    smp->general = env->interp;
    if (smp->tex) {
        smp->tex->valid = false;        /* another draw's */
    }
    g4_eu_env_set_shared(env, G4_SFID_SAMPLER, sampler_message, smp);
}
