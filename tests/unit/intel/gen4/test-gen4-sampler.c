/*
 * The Gen4 sampling engine (hw/intel/gen4/gen4-sampler.c) message by
 * message: hand-built SURFACE_STATE, SAMPLER_STATE and payloads in fake
 * guest memory, responses compared with values computed by hand from the
 * rules of seed 002 §4 (LOD, filters, address modes, shadow compare,
 * resinfo), the Gen4 mip layout and the block-compressed formats.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/render/texcomp.h"
#include "gen4-test.h"

#define BT      0x1000          /* binding table, entry 0 */
#define SURF    0x1100          /* SURFACE_STATE */
#define SAMP    0x2000          /* SAMPLER_STATE */
#define BORDER  0x2100
#define TEX     0x10000

static Gen4Draw dr;
static Gen4Surfaces surfs;
static Gen4Sampler smp;
static G4EuEnv env;
static uint32_t payload[15 * 8];
static G4EuResponse resp;

enum { SURF_1D, SURF_2D, SURF_3D, SURF_CUBE };

static void setup(void)
{
    gen4_sampler_release(&smp);
    memset(&smp, 0, sizeof(smp));
    gen4t_setup();
    memset(&dr, 0, sizeof(dr));
    memset(&env, 0, sizeof(env));
    gen4_surfaces_init(&surfs, BT);
    gen4_sampler_attach(&smp, &env, &st, &dr, &surfs);
    gen4t_w32(BT, SURF);
    memset(payload, 0, sizeof(payload));
    payload[3] = SAMP;                  /* M0.3: SAMPLER_STATE pointer */
}

static void surface(uint32_t type, uint32_t fmt, uint32_t w, uint32_t h,
                    uint32_t d, uint32_t pitch, uint32_t mips)
{
    gen4t_w32(SURF, (type << 29) | (fmt << 18));
    gen4t_w32(SURF + 4, TEX);
    gen4t_w32(SURF + 8, ((h - 1) << 19) | ((w - 1) << 6) | (mips << 2));
    gen4t_w32(SURF + 12, ((d - 1) << 21) | ((pitch - 1) << 3));
}

/* SAMPLER_STATE: filters, mip filter, address mode, LOD range.  New
 * state is a new draw's: the sampler keeps what it resolved until the
 * next attach (Gen4Sampler.tex). */
static void sampler(uint32_t filter, uint32_t mip, uint32_t mode,
                    float min_lod, float max_lod)
{
    gen4_sampler_attach(&smp, &env, &st, &dr, &surfs);
    gen4t_w32(SAMP, (1u << 28) | (mip << 20) | (filter << 17) |
              (filter << 14));
    gen4t_w32(SAMP + 4, ((uint32_t)(min_lod * 64) << 22) |
              ((uint32_t)(max_lod * 64) << 12) | (mode << 6) | (mode << 3) |
              mode);
    gen4t_w32(SAMP + 8, BORDER);
}

static void rgba8(uint32_t addr, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    gen4t_w32(addr, r | g << 8 | b << 16 | (uint32_t)a << 24);
}

/* Send: the response; `lanes` the channels enabled. */
static void send(unsigned type, unsigned mlen, unsigned rlen, uint16_t emask)
{
    G4EuMessage msg = {
        .sfid = G4_SFID_SAMPLER, .mlen = mlen, .rlen = rlen,
        .function = type << 12, .emask = emask, .payload = payload,
    };

    memset(&resp, 0, sizeof(resp));
    g_assert_true(env.sf[G4_SFID_SAMPLER].fn(env.sf[G4_SFID_SAMPLER].opaque,
                                              NULL, &msg, &resp));
}

/* SIMD16 parameter p of lane ch. */
static void p16(unsigned p, unsigned ch, float v)
{
    payload[(1 + 2 * p + ch / 8) * 8 + ch % 8] = hwgpu_f2u(v);
}

static float r16(unsigned comp, unsigned ch)
{
    return hwgpu_u2f(resp.data[comp * 2 + ch / 8][ch % 8]);
}

#define NEAR(a, b) g_assert_cmpfloat_with_epsilon((a), (b), 1.0f / 512)

/*
 * The Gen4 2D layout of a 16x8 surface with 5 levels: level 0 at the
 * top, level 1 below it, level 2 right of level 1, the rest below level 2
 * (each padded to 4x2); 3D (8x8x4) and cube (8x8) levels hold their
 * slices in rows of 2^level; a BC1 surface counts in 4x4 blocks.
 */
static void test_mip_layout(void)
{
    Gen4Mip m[GEN4_MAX_LEVELS];
    static const uint32_t xy2d[5][2] = {
        { 0, 0 }, { 0, 8 }, { 8, 8 }, { 8, 10 }, { 8, 12 },
    };
    uint64_t ex, ey;

    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 64, 4);
    g_assert_cmpuint(gen4_surface_mips((uint32_t *)&gen4t_ram[SURF],
                                       gen4_format(0x0c7), 5, m), ==, 5);
    for (int l = 0; l < 5; l++) {
        g_assert_cmpuint(m[l].x, ==, xy2d[l][0]);
        g_assert_cmpuint(m[l].y, ==, xy2d[l][1]);
    }
    g_assert_cmpuint(m[3].w, ==, 2);
    g_assert_cmpuint(m[3].h, ==, 1);

    surface(SURF_3D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 8, 8, 4, 64, 2);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7), 3,
                      m);
    g_assert_cmpuint(m[1].y, ==, 32);           /* 4 slices of 8 rows */
    g_assert_cmpuint(m[2].y, ==, 36);           /* 2 slices of 4, one row */
    gen4_mip_texel(&m[1], 1, 1, 1, 2, 1, &ex, &ey);
    g_assert_cmpuint(ex, ==, 4 + 1);
    g_assert_cmpuint(ey, ==, 32 + 2);

    surface(SURF_CUBE, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 64, 2);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7), 3,
                      m);
    g_assert_cmpuint(m[1].y, ==, 48);           /* 6 faces of 8 rows */
    g_assert_cmpuint(m[2].y, ==, 60);           /* 3 rows of 2 faces of 4 */
    gen4_mip_texel(&m[1], 1, 1, 0, 0, 5, &ex, &ey);
    g_assert_cmpuint(ex, ==, 4);
    g_assert_cmpuint(ey, ==, 48 + 2 * 4);

    surface(SURF_2D, G45_SURFACE_FORMAT_BC1_UNORM, 16, 16, 1, 64, 2);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x186), 3,
                      m);
    g_assert_cmpuint(m[1].y, ==, 4);
    g_assert_cmpuint(m[2].x, ==, 2);
    g_assert_cmpuint(m[2].y, ==, 4);
}

/* BC1-BC5 blocks decoded texel by texel. */
static void test_block_formats(void)
{
    /* red 0xf800 and blue 0x001f; indices 0 1 2 3 in the first row */
    uint8_t four[8] = { 0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0 };
    uint8_t three[8] = { 0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0 };
    uint8_t bc3[16] = { 255, 0, 0x88, 0, 0, 0, 0, 0,
                        0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0 };
    uint8_t bc4s[8] = { 0x7f, 0x81, 0x08, 0, 0, 0, 0, 0 };
    float c[4];

    g_assert_true(hwgpu_block_texel(gen4_format(0x186), four, 0, 0, c));
    NEAR(c[0], 1.0f);
    NEAR(c[2], 0.0f);
    hwgpu_block_texel(gen4_format(0x186), four, 2, 0, c);
    NEAR(c[0], 2.0f / 3);
    NEAR(c[2], 1.0f / 3);
    hwgpu_block_texel(gen4_format(0x186), three, 2, 0, c);
    NEAR(c[0], 0.5f);
    NEAR(c[2], 0.5f);
    hwgpu_block_texel(gen4_format(0x186), three, 3, 0, c);
    NEAR(c[3], 0.0f);                       /* BC1: transparent black */
    hwgpu_block_texel(gen4_format(0x191), three, 3, 0, c);
    NEAR(c[3], 1.0f);                       /* DXT1_RGB: opaque */
    /* BC3 alpha: 255 > 0, eight values; texel 0 index 0, texel 1 index 1,
     * texel 2 index 2 = (6 * 255 + 1 * 0) / 7 */
    hwgpu_block_texel(gen4_format(0x188), bc3, 0, 0, c);
    NEAR(c[3], 1.0f);
    hwgpu_block_texel(gen4_format(0x188), bc3, 1, 0, c);
    NEAR(c[3], 0.0f);
    hwgpu_block_texel(gen4_format(0x188), bc3, 2, 0, c);
    NEAR(c[3], 6.0f / 7);
    NEAR(c[0], 2.0f / 3);                   /* colour index 2 */
    /* BC4_SNORM: 127 and -127; texel 0 index 0, texel 1 index 1 */
    hwgpu_block_texel(gen4_format(0x199), bc4s, 0, 0, c);
    NEAR(c[0], 1.0f);
    hwgpu_block_texel(gen4_format(0x199), bc4s, 1, 0, c);
    NEAR(c[0], -1.0f);
}

/* Set n bits of a little-endian block from bit `at`. */
static void setbits(uint8_t *b, unsigned at, unsigned n, uint32_t v)
{
    for (unsigned k = 0; k < n; k++) {
        b[(at + k) / 8] &= ~(1u << ((at + k) % 8));
        b[(at + k) / 8] |= ((v >> k) & 1) << ((at + k) % 8);
    }
}

#define UNORM8(v) ((float)(v) / 255.0f)

/*
 * FXT1 (format 0x192), 8x4 blocks, each mode with values worked out
 * from the GL_3DFX_texture_compression_FXT1 rules: 5-bit channels widen
 * as (c * 255 + 15) / 31, 6-bit ones as (c * 255 + 31) / 63, an n-step
 * blend is ((n - t) a + t b + n / 2) / n.
 */
static void test_fxt1(void)
{
    const HwgpuFormat *f = gen4_format(0x192);
    uint8_t b[16];
    float c[4];

    /* CC_HI (mode 000): red to blue in 7 steps, 3-bit indices */
    memset(b, 0, sizeof(b));
    setbits(b, 106, 5, 31);                 /* colour 0 red */
    setbits(b, 111, 5, 31);                 /* colour 1 blue */
    setbits(b, 3, 3, 3);                    /* texel (1, 0): step 3 */
    setbits(b, 3 * 17, 3, 7);               /* texel (5, 0): transparent */
    g_assert_true(hwgpu_block_texel(f, b, 0, 0, c));
    NEAR(c[0], 1.0f);
    NEAR(c[2], 0.0f);
    NEAR(c[3], 1.0f);
    hwgpu_block_texel(f, b, 1, 0, c);
    NEAR(c[0], UNORM8(128));                /* (3 * 255 + 3) / 6 */
    NEAR(c[2], UNORM8(128));
    hwgpu_block_texel(f, b, 5, 0, c);
    NEAR(c[0], 0.0f);
    NEAR(c[3], 0.0f);

    /* CC_CHROMA (010): four colours, texel (6, 3) = t 30 picks green */
    memset(b, 0, sizeof(b));
    setbits(b, 125, 3, 2);
    setbits(b, 64 + 2 * 15 + 5, 5, 31);
    setbits(b, 2 * 30, 2, 2);
    hwgpu_block_texel(f, b, 6, 3, c);
    NEAR(c[0], 0.0f);
    NEAR(c[1], 1.0f);
    NEAR(c[3], 1.0f);

    /* CC_MIXED (1xx, bit 125 = glsb 1): red and 6-bit green, 4 steps;
     * colour 0's green low bit is glsb ^ bit 1 (texel 0's high bit) */
    memset(b, 0, sizeof(b));
    setbits(b, 125, 3, 5);
    setbits(b, 64 + 10, 5, 31);             /* colour 0 R */
    setbits(b, 79 + 5, 5, 31);              /* colour 1 G */
    setbits(b, 2, 2, 3);                    /* texel 1: colour 1 */
    setbits(b, 4, 2, 1);                    /* texel 2: a third of the way */
    hwgpu_block_texel(f, b, 0, 0, c);
    NEAR(c[0], 1.0f);
    NEAR(c[1], UNORM8(4));                  /* 6-bit green 1 */
    hwgpu_block_texel(f, b, 1, 0, c);
    NEAR(c[0], 0.0f);
    NEAR(c[1], 1.0f);
    hwgpu_block_texel(f, b, 2, 0, c);
    NEAR(c[0], UNORM8(170));                /* (2 * 255 + 1) / 3 */
    NEAR(c[1], UNORM8(88));                 /* (2 * 4 + 255 + 1) / 3 */
    /* bit 124: index 1 the average, index 3 transparent black */
    setbits(b, 124, 1, 1);
    setbits(b, 2, 2, 1);
    setbits(b, 4, 2, 3);
    hwgpu_block_texel(f, b, 1, 0, c);
    NEAR(c[0], UNORM8(127));
    NEAR(c[1], UNORM8(127));
    hwgpu_block_texel(f, b, 2, 0, c);
    NEAR(c[3], 0.0f);

    /* CC_ALPHA (011), direct: colour 1 blue with 5-bit alpha 16 */
    memset(b, 0, sizeof(b));
    setbits(b, 125, 3, 3);
    setbits(b, 64 + 15, 5, 31);
    setbits(b, 109 + 5, 5, 16);
    setbits(b, 0, 2, 1);
    setbits(b, 2, 2, 3);
    hwgpu_block_texel(f, b, 0, 0, c);
    NEAR(c[2], 1.0f);
    NEAR(c[3], UNORM8(132));                /* (16 * 255 + 15) / 31 */
    hwgpu_block_texel(f, b, 1, 0, c);
    NEAR(c[3], 0.0f);

    /* the layout in 8x4 blocks: a 64x64 FXT1 surface's level 1 starts
     * 16 block rows down, level 2 four blocks to the right of it */
    {
        Gen4Mip m[3];
        unsigned bw, bh;
        uint64_t ex, ey;

        hwgpu_block_dims(f, &bw, &bh);
        g_assert_cmpuint(bw, ==, 8);
        g_assert_cmpuint(bh, ==, 4);
        g_assert_cmpuint(gen4_mips(G45_SURFTYPE_2D, 64, 64, 1, bw, bh, 3, m),
                         ==, 3);
        g_assert_cmpuint(m[1].y, ==, 16);
        g_assert_cmpuint(m[2].x, ==, 4);
        g_assert_cmpuint(m[2].y, ==, 16);
        gen4_mip_texel(&m[1], bw, bh, 17, 9, 0, &ex, &ey);
        g_assert_cmpuint(ex, ==, 2);
        g_assert_cmpuint(ey, ==, 18);
    }
}

/* Luminance, alpha and intensity formats as the channel table gives. */
static void test_lai_formats(void)
{
    static const struct { uint32_t code; uint8_t px[2]; float rgba[4]; } t[] = {
        { 0x146, { 0x80 }, { 128 / 255.0f, 128 / 255.0f, 128 / 255.0f, 1 } },
        { 0x144, { 0x80 }, { 0, 0, 0, 128 / 255.0f } },
        { 0x145, { 0x80 }, { 128 / 255.0f, 128 / 255.0f, 128 / 255.0f,
                             128 / 255.0f } },
        { 0x114, { 0xff, 0x00 }, { 1, 1, 1, 0 } },
        { 0x112, { 0xff, 0xff }, { 1, 1, 1, 1 } },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(t); i++) {
        uint32_t rgba[4];

        g_assert_nonnull(gen4_format(t[i].code));
        g_assert_true(hwgpu_format_unpack(gen4_format(t[i].code), t[i].px,
                                          rgba));
        for (int k = 0; k < 4; k++) {
            NEAR(hwgpu_u2f(rgba[k]), t[i].rgba[k]);
        }
    }
}

/*
 * A 4x4 texture with 3 levels, each one colour (red, green, blue): mip
 * LINEAR blends two levels by the LOD's fraction, NEAREST rounds, NONE
 * stays on the base; MaxLOD and Surface Min LOD clamp.
 */
static void mip_texture(void)
{
    Gen4Mip m[3];
    static const uint8_t col[3][4] = {
        { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
    };

    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 64, 2);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7), 3,
                      m);
    for (int l = 0; l < 3; l++) {
        for (uint32_t y = 0; y < m[l].h; y++) {
            for (uint32_t x = 0; x < m[l].w; x++) {
                rgba8(TEX + (m[l].y + y) * 64 + (m[l].x + x) * 4, col[l][0],
                      col[l][1], col[l][2], col[l][3]);
            }
        }
    }
}

static void test_sample_l_mips(void)
{
    static const struct {
        uint32_t mip;
        float lod, max_lod, red, green, blue;
        uint32_t surf_min;
    } cases[] = {
        { G45_SAMPLER_STATE_MIP_MODE_FILTER_LINEAR, 0.25f, 13, 0.75f, 0.25f,
          0, 0 },
        { G45_SAMPLER_STATE_MIP_MODE_FILTER_LINEAR, 1.5f, 13, 0, 0.5f, 0.5f,
          0 },
        { G45_SAMPLER_STATE_MIP_MODE_FILTER_NEAREST, 0.6f, 13, 0, 1, 0, 0 },
        { G45_SAMPLER_STATE_MIP_MODE_FILTER_NONE, 2.0f, 13, 1, 0, 0, 0 },
        { G45_SAMPLER_STATE_MIP_MODE_FILTER_LINEAR, 1.7f, 1, 0, 1, 0, 0 },
        { G45_SAMPLER_STATE_MIP_MODE_FILTER_NEAREST, 0.0f, 13, 0, 1, 0, 1 },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        setup();
        mip_texture();
        gen4t_w32(SURF + 16, cases[i].surf_min << 28);
        if (cases[i].surf_min) {
            /* MIP count is counted from the surface min LOD */
            gen4t_w32(SURF + 8, (3u << 19) | (3u << 6) | (1u << 2));
        }
        sampler(G45_MAPFILTER_NEAREST, cases[i].mip,
                G45_TEXCOORDMODE_CLAMP, 0, cases[i].max_lod);
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, 0.4f);
            p16(1, ch, 0.4f);
            p16(3, ch, cases[i].lod);
        }
        send(1, 9, 8, 0xffff);                  /* SIMD16 sample_l */
        NEAR(r16(0, 5), cases[i].red);
        NEAR(r16(1, 5), cases[i].green);
        NEAR(r16(2, 5), cases[i].blue);
        NEAR(r16(3, 5), 1.0f);
        g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    }
}

/*
 * sample (SIMD8): the LOD from each subspan's neighbours.  u = x / 2 over
 * a 4-texel-wide level 0 is 2 texels per pixel: LOD 1, the min filter on
 * level 1 (green) with mip NEAREST; u = x / 16 magnifies: level 0 (red).
 */
static void test_sample_derivative_lod(void)
{
    static const float step[2] = { 0.5f, 1.0f / 16 };
    static const float want[2][2] = { { 0, 1 }, { 1, 0 } };

    for (int i = 0; i < 2; i++) {
        setup();
        mip_texture();
        sampler(G45_MAPFILTER_NEAREST,
                G45_SAMPLER_STATE_MIP_MODE_FILTER_NEAREST,
                G45_TEXCOORDMODE_WRAP, 0, 13);
        for (unsigned ch = 0; ch < 8; ch++) {
            float x = (float)(ch % 2), y = (float)(ch % 4 / 2);

            payload[8 + ch] = hwgpu_f2u(0.1f + x * step[i]);
            payload[16 + ch] = hwgpu_f2u(0.1f + y * step[i]);
        }
        send(0, 4, 4, 0xff);
        NEAR(hwgpu_u2f(resp.data[0][3]), want[i][0]);
        NEAR(hwgpu_u2f(resp.data[1][3]), want[i][1]);
    }
}

/*
 * A 2x2x2 3D texture: LINEAR at the centre averages all eight texels,
 * NEAREST at r = 0.75 reads slice 1.
 */
static void test_sample_3d(void)
{
    Gen4Mip m[1];

    setup();
    surface(SURF_3D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 2, 2, 2, 64, 0);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7), 1,
                      m);
    for (uint32_t z = 0; z < 2; z++) {
        for (uint32_t i = 0; i < 4; i++) {
            uint64_t ex, ey;

            gen4_mip_texel(m, 1, 1, i % 2, i / 2, z, &ex, &ey);
            rgba8(TEX + ey * 64 + ex * 4, z ? 255 : 0, (uint8_t)(i * 64), 0,
                  255);
        }
    }
    sampler(G45_MAPFILTER_LINEAR, 0, G45_TEXCOORDMODE_CLAMP, 0, 13);
    for (unsigned ch = 0; ch < 16; ch++) {
        p16(0, ch, 0.5f);
        p16(1, ch, 0.5f);
        p16(2, ch, 0.5f);
    }
    send(0, 7, 8, 0xffff);
    NEAR(r16(0, 0), 0.5f);
    NEAR(r16(1, 0), (0 + 64 + 128 + 192) / 4.0f / 255);
    sampler(G45_MAPFILTER_NEAREST, 0, G45_TEXCOORDMODE_CLAMP, 0, 13);
    for (unsigned ch = 0; ch < 16; ch++) {
        p16(0, ch, 0.75f);
        p16(1, ch, 0.25f);
        p16(2, ch, 0.75f);
    }
    send(0, 7, 8, 0xffff);
    NEAR(r16(0, 3), 1.0f);
    NEAR(r16(1, 3), 64 / 255.0f);
}

/*
 * The address modes on texel indices around and beyond a 4-texel row
 * (seed 002's TEXCOORDMODE): WRAP repeats, MIRROR reflects every other
 * repeat, CLAMP and MIRROR_ONCE stop at the edge; the indices inside
 * the row among them, at its ends.
 */
static void test_address_modes(void)
{
    static const int idx[16] = {
        -9, -5, -4, -1, 0, 1, 3, 4, 5, 7, 8, 11, 12, -8, 2, 15,
    };
    static const uint32_t modes[] = {
        G45_TEXCOORDMODE_WRAP, G45_TEXCOORDMODE_MIRROR,
        G45_TEXCOORDMODE_CLAMP, G45_TEXCOORDMODE_MIRROR_ONCE,
    };

    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 64, 0);
    for (uint32_t x = 0; x < 8; x++) {
        /* (what lies past the row's end is not a texel of it) */
        rgba8(TEX + x * 4, x < 4 ? (uint8_t)(x * 64) : 255, 0, 0, 255);
    }
    for (unsigned k = 0; k < G_N_ELEMENTS(modes); k++) {
        sampler(G45_MAPFILTER_NEAREST, 0, modes[k], 0, 13);
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, (idx[ch] + 0.5f) / 4);
            p16(1, ch, 0.5f);
        }
        send(0, 5, 8, 0xffff);
        for (unsigned ch = 0; ch < 16; ch++) {
            int i = idx[ch], m;

            switch (modes[k]) {
            case G45_TEXCOORDMODE_WRAP:
                m = ((i % 4) + 4) % 4;
                break;
            case G45_TEXCOORDMODE_MIRROR:
                m = ((i % 8) + 8) % 8;
                m = m < 4 ? m : 7 - m;
                break;
            case G45_TEXCOORDMODE_CLAMP:
                m = i < 0 ? 0 : i > 3 ? 3 : i;
                break;
            default:
                m = i < 0 ? -1 - i : i;
                m = m > 3 ? 3 : m;
                break;
            }
            NEAR(r16(0, ch), m * 64 / 255.0f);
        }
    }
}

/*
 * Messages of one draw that name another sampler (index or SAMPLER_STATE
 * pointer), another binding table entry or other texel offsets each get
 * their own, though the sampler keeps what the message before resolved
 * (Gen4Sampler.tex): a 4x1 texture of red 0, 64, 128, 192 sampled at
 * texel -1 with WRAP (texel 3) and CLAMP (texel 0), surfaces at TEX and
 * TEX + 16 (the second row: texels 4-7, red 255).
 */
static void test_kept_state_keys(void)
{
    static const struct {
        unsigned sidx, bti;
        uint32_t ptr, offsets;
        float red;
    } msgs[] = {
        /* each a change of one key from the message before */
        { 0, 0, SAMP, 0, 192 },             /* WRAP: texel 3 */
        { 0, 0, SAMP, 1u << 8, 0 },         /* u offset +1: texel 0 */
        { 0, 0, SAMP, 0, 192 },
        { 1, 0, SAMP, 0, 0 },               /* CLAMP: texel 0 */
        { 0, 0, SAMP, 0, 192 },
        { 0, 0, SAMP + 32, 0, 0 },          /* its sampler 0: CLAMP */
        { 0, 0, SAMP, 0, 192 },
        { 0, 1, SAMP, 0, 255 },             /* the other surface */
        { 0, 0, SAMP, 0, 192 },
    };

    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 64, 0);
    for (uint32_t x = 0; x < 8; x++) {
        rgba8(TEX + x * 4, x < 4 ? (uint8_t)(x * 64) : 255, 0, 0, 255);
    }
    /* binding table entry 1: the same surface 16 bytes on */
    gen4t_w32(BT + 4, SURF + 32);
    for (int w = 0; w < GEN4_SURFACE_DW; w++) {
        uint32_t v;

        memcpy(&v, &gen4t_ram[SURF + 4 * w], 4);
        gen4t_w32(SURF + 32 + 4 * w, w == 1 ? TEX + 16 : v);
    }
    sampler(G45_MAPFILTER_NEAREST, 0, G45_TEXCOORDMODE_WRAP, 0, 13);
    /* sampler 1 and the state at SAMP + 32: CLAMP */
    for (int w = 0; w < 4; w++) {
        uint32_t v;

        memcpy(&v, &gen4t_ram[SAMP + 4 * w], 4);
        if (w == 1) {
            v = (v & ~0x1ffu) | (G45_TEXCOORDMODE_CLAMP << 6) |
                (G45_TEXCOORDMODE_CLAMP << 3) | G45_TEXCOORDMODE_CLAMP;
        }
        gen4t_w32(SAMP + 16 + 4 * w, v);
        gen4t_w32(SAMP + 32 + 4 * w, v);
    }
    for (unsigned i = 0; i < G_N_ELEMENTS(msgs); i++) {
        G4EuMessage msg = {
            .sfid = G4_SFID_SAMPLER, .mlen = 5, .rlen = 8,
            .function = msgs[i].sidx << 8 | msgs[i].bti, .emask = 0xffff,
            .payload = payload,
        };

        payload[2] = msgs[i].offsets;
        payload[3] = msgs[i].ptr;
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, -0.5f / 4);
            p16(1, ch, 0.5f);
        }
        memset(&resp, 0, sizeof(resp));
        g_assert_true(env.sf[G4_SFID_SAMPLER].fn(
                          env.sf[G4_SFID_SAMPLER].opaque, NULL, &msg, &resp));
        for (unsigned ch = 0; ch < 16; ch++) {
            NEAR(r16(0, ch), msgs[i].red / 255.0f);
        }
    }
}

/* A cube of 1x1 faces, each its own colour: the major axis picks it. */
static void test_sample_cube(void)
{
    Gen4Mip m[1];
    static const float vec[3][3] = {
        { 1, 0.2f, 0.1f }, { 0.1f, -1, 0.3f }, { 0.2f, 0.5f, -0.9f },
    };
    static const unsigned face[3] = { 0, 3, 5 };

    setup();
    surface(SURF_CUBE, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, 64, 0);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7), 1,
                      m);
    for (uint32_t f = 0; f < 6; f++) {
        uint64_t ex, ey;

        gen4_mip_texel(m, 1, 1, 0, 0, f, &ex, &ey);
        rgba8(TEX + ey * 64 + ex * 4, (uint8_t)(f * 40), 0, 0, 255);
    }
    sampler(G45_MAPFILTER_LINEAR, 0, G45_TEXCOORDMODE_CLAMP, 0, 13);
    for (unsigned i = 0; i < 3; i++) {
        for (unsigned ch = 0; ch < 16; ch++) {
            for (int a = 0; a < 3; a++) {
                p16(a, ch, vec[i][a]);
            }
        }
        send(0, 7, 8, 0xffff);
        NEAR(r16(0, 7), face[i] * 40 / 255.0f);
    }
}

/*
 * sample_c on an R32_FLOAT texel of 0.5 with the inverted compare table:
 * LESS returns 0 where texel < ref, else 1; ALWAYS 0, NEVER 1.
 */
static void test_sample_compare(void)
{
    static const struct { uint32_t fn; float ref, want; } cases[] = {
        { 2, 0.4f, 1.0f }, { 2, 0.6f, 0.0f }, { 0, 0.4f, 0.0f },
        { 1, 0.4f, 1.0f }, { 7, 0.5f, 0.0f }, { 5, 0.5f, 1.0f },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        setup();
        surface(SURF_2D, G45_SURFACE_FORMAT_R32_FLOAT, 1, 1, 1, 64, 0);
        gen4t_wf(TEX, 0.5f);
        sampler(G45_MAPFILTER_NEAREST, 0, G45_TEXCOORDMODE_CLAMP, 0, 13);
        {
            uint32_t w0;

            memcpy(&w0, &gen4t_ram[SAMP], 4);
            gen4t_w32(SAMP, w0 | cases[i].fn);
        }
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, 0.5f);
            p16(1, ch, 0.5f);
            p16(3, ch, cases[i].ref);
        }
        send(2, 9, 8, 0xffff);                  /* SIMD16 sample_c */
        NEAR(r16(0, 9), cases[i].want);
    }
}

/* resinfo: the level's size, the depth rule of 2D, the level count. */
static void test_resinfo(void)
{
    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 64, 4);
    for (unsigned ch = 0; ch < 16; ch++) {
        payload[(1 + ch / 8) * 8 + ch % 8] = ch % 2;
    }
    send(2, 3, 8, 0xffff);
    g_assert_cmpuint(resp.data[0][0], ==, 16);
    g_assert_cmpuint(resp.data[2][0], ==, 8);
    g_assert_cmpuint(resp.data[0][1], ==, 8);
    g_assert_cmpuint(resp.data[2][1], ==, 4);
    g_assert_cmpuint(resp.data[4][1], ==, 0);
    g_assert_cmpuint(resp.data[6][1], ==, 5);
}

/*
 * SIMD4x2 sample_l (the VS): parameters and results of the two samples
 * in the low and high halves of one register; a disabled half is left.
 */
static void test_simd4x2(void)
{
    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 64, 0);
    rgba8(TEX, 10, 0, 0, 255);
    rgba8(TEX + 4, 20, 0, 0, 255);
    rgba8(TEX + 64, 30, 0, 0, 255);
    rgba8(TEX + 68, 40, 0, 0, 255);
    sampler(G45_MAPFILTER_NEAREST, 0, G45_TEXCOORDMODE_CLAMP, 0, 13);
    payload[8 + 0] = hwgpu_f2u(0.25f);
    payload[8 + 1] = hwgpu_f2u(0.25f);
    payload[8 + 4] = hwgpu_f2u(0.75f);
    payload[8 + 5] = hwgpu_f2u(0.75f);
    send(1, 2, 1, 0xff);
    NEAR(hwgpu_u2f(resp.data[0][0]), 10 / 255.0f);
    NEAR(hwgpu_u2f(resp.data[0][4]), 40 / 255.0f);
    NEAR(hwgpu_u2f(resp.data[0][7]), 1.0f);
    send(1, 2, 1, 0x0f);
    g_assert_cmphex(resp.wmask[0], ==, 0x0f);
}

/*
 * Hostile state: sizes, pitches and LODs at their maxima, surfaces past
 * the GTT, unreadable SAMPLER_STATE, random payloads.  Every message
 * returns (zeros or texels from guest memory), nothing crashes; the
 * sanitizers check the rest.
 */
static void test_hostile(void)
{
    GRand *rnd = g_rand_new_with_seed(45);

    for (int i = 0; i < 3000; i++) {
        static const uint8_t kinds[][2] = {
            { 0, 3 }, { 0, 5 }, { 0, 7 }, { 0, 4 }, { 1, 4 }, { 0, 9 },
            { 1, 9 }, { 1, 2 }, { 2, 9 }, { 0, 2 }, { 0, 6 }, { 1, 6 },
            { 1, 3 }, { 3, 3 }, { 3, 4 }, { 3, 9 }, { 3, 2 }, { 2, 7 },
            { 2, 10 }, { 2, 4 }, { 2, 3 }, { 2, 2 },
        };
        unsigned k = g_rand_int_range(rnd, 0, G_N_ELEMENTS(kinds));
        G4EuMessage msg = {
            .sfid = G4_SFID_SAMPLER, .mlen = kinds[k][1], .rlen = 8,
            .function = kinds[k][0] << 12, .emask = 0xffff,
            .payload = payload,
        };

        setup();
        for (int w = 0; w < 6; w++) {
            gen4t_w32(SURF + 4 * w, g_rand_int(rnd));
        }
        if (g_rand_boolean(rnd)) {
            gen4t_w32(SURF + 4, g_rand_int_range(rnd, 0, 1 << 22));
        }
        for (int w = 0; w < 4; w++) {
            gen4t_w32(SAMP + 4 * w, g_rand_int(rnd));
        }
        for (unsigned w = 0; w < G_N_ELEMENTS(payload); w++) {
            payload[w] = g_rand_boolean(rnd) ? g_rand_int(rnd) :
                         hwgpu_f2u((float)g_rand_double_range(rnd, -4, 4));
        }
        if (g_rand_boolean(rnd)) {
            payload[3] = SAMP;
        }
        memset(&resp, 0, sizeof(resp));
        env.sf[G4_SFID_SAMPLER].fn(env.sf[G4_SFID_SAMPLER].opaque, NULL,
                                   &msg, &resp);
    }
    g_rand_free(rnd);
}

/*
 * The same texels in a linear, an X-tiled and a Y-tiled surface of two
 * levels sample to the same values (bilinear, at coordinates spread over
 * both levels).
 */
static void test_tiled_linear_agree(void)
{
    static const uint32_t tiling[3] = { 0, 2, 3 };  /* linear, X, Y */
    static const uint32_t pitch[3] = { 64, 512, 128 };
    float got[3][16][4];

    for (int m = 0; m < 3; m++) {
        Gen4Mip mips[2];

        setup();
        surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 8, 1,
                pitch[m], 1);
        gen4t_w32(SURF + 12, ((pitch[m] - 1) << 3) | tiling[m]);
        gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7),
                          2, mips);
        for (int l = 0; l < 2; l++) {
            for (uint32_t y = 0; y < mips[l].h; y++) {
                for (uint32_t x = 0; x < mips[l].w; x++) {
                    uint64_t ex, ey;

                    gen4_mip_texel(&mips[l], 1, 1, x, y, 0, &ex, &ey);
                    rgba8(TEX + gen4_surface_offset(
                              (uint32_t *)&gen4t_ram[SURF], (uint32_t)ex,
                              (uint32_t)ey, 4),
                          (uint8_t)(x * 16), (uint8_t)(y * 32),
                          (uint8_t)(l * 200), 255);
                }
            }
        }
        sampler(G45_MAPFILTER_LINEAR,
                G45_SAMPLER_STATE_MIP_MODE_FILTER_LINEAR,
                G45_TEXCOORDMODE_WRAP, 0, 13);
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, 0.03f + ch * 0.061f);
            p16(1, ch, 0.9f - ch * 0.05f);
            p16(3, ch, ch / 16.0f);
        }
        send(1, 9, 8, 0xffff);                  /* SIMD16 sample_l */
        for (unsigned ch = 0; ch < 16; ch++) {
            for (int c = 0; c < 4; c++) {
                got[m][ch][c] = r16(c, ch);
            }
        }
    }
    for (unsigned ch = 0; ch < 16; ch++) {
        for (int c = 0; c < 4; c++) {
            g_assert_cmpfloat(got[1][ch][c], ==, got[0][ch][c]);
            g_assert_cmpfloat(got[2][ch][c], ==, got[0][ch][c]);
        }
    }
    /* and they are not all the same value */
    g_assert_cmpfloat(got[0][0][0], !=, got[0][9][0]);
    g_assert_cmpfloat(got[0][2][2], !=, got[0][14][2]);
}

/*
 * The page cache: a draw reads each page of a texture once however many
 * texels it takes from it, and a page past the GTT samples zeros.
 */
static void test_page_cache(void)
{
    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 64, 0);
    rgba8(TEX + 5 * 64 + 6 * 4, 200, 0, 0, 255);
    sampler(G45_MAPFILTER_LINEAR, 0, G45_TEXCOORDMODE_WRAP, 0, 13);
    for (int n = 0; n < 10; n++) {
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, (float)(ch + n) / 16.0f);
            p16(1, ch, (6.5f - 0.5f) / 16.0f + (float)ch / 16.0f);
        }
        send(0, 5, 8, 0xffff);
    }
    g_assert_cmpuint(smp.page_fills, ==, 1);    /* 16x16x4: one page */
    p16(0, 0, 6.5f / 16);
    p16(1, 0, 5.5f / 16);
    send(0, 5, 8, 0xffff);
    NEAR(r16(0, 0), 200 / 255.0f);
    /* next draw: a surface past the end of the GTT reads zeros */
    setup();
    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 64, 0);
    gen4t_w32(SURF + 4, 0xfffff000u);
    sampler(G45_MAPFILTER_NEAREST, 0, G45_TEXCOORDMODE_WRAP, 0, 13);
    p16(0, 0, 6.5f / 16);
    p16(1, 0, 5.5f / 16);
    send(0, 5, 8, 0xffff);
    NEAR(r16(0, 0), 0.0f);
    NEAR(r16(3, 0), 0.0f);
    g_assert_cmpuint(smp.page_fills, ==, 1);
}

/* Level 0 in black and white columns, the other levels red. */
static void texel_stripes(void)
{
    Gen4Mip m[3];

    surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 128, 2);
    gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7), 3,
                      m);
    for (int l = 0; l < 3; l++) {
        for (uint32_t y = 0; y < m[l].h; y++) {
            for (uint32_t x = 0; x < m[l].w; x++) {
                uint8_t v = l ? 0 : (x & 1) * 255;

                rgba8(TEX + (m[l].y + y) * 128 + (m[l].x + x) * 4,
                      l ? 255 : v, v, v, 255);
            }
        }
    }
}

/*
 * A footprint 4 texels long in u and 1 in v: isotropic filtering takes
 * LOD 2 (red), anisotropic (up to 16:1) 4 probes along u on level 0,
 * averaging the columns to grey.
 */
static void test_anisotropic(void)
{
    for (int a = 0; a < 2; a++) {
        uint32_t w0;

        setup();
        texel_stripes();
        sampler(G45_MAPFILTER_LINEAR,
                G45_SAMPLER_STATE_MIP_MODE_FILTER_NEAREST,
                G45_TEXCOORDMODE_WRAP, 0, 13);
        if (a) {
            memcpy(&w0, &gen4t_ram[SAMP], 4);
            w0 = (w0 & ~(7u << 14)) | (G45_MAPFILTER_ANISOTROPIC << 14);
            gen4t_w32(SAMP, w0);
            gen4t_w32(SAMP + 12, 7u << 19);     /* 16:1 */
        }
        for (unsigned ch = 0; ch < 8; ch++) {
            float x = (float)(ch % 2), y = (float)(ch % 4 / 2);

            payload[8 + ch] = hwgpu_f2u(0.1f + x * 0.25f);
            payload[16 + ch] = hwgpu_f2u(0.3f + y / 16.0f);
        }
        send(0, 4, 4, 0xff);
        if (!a) {
            NEAR(hwgpu_u2f(resp.data[0][0]), 1.0f);
            NEAR(hwgpu_u2f(resp.data[1][0]), 0.0f);
        } else {
            g_assert_cmpfloat(fabsf(hwgpu_u2f(resp.data[0][0]) - 0.5f), <,
                              0.15f);
            g_assert_cmpfloat(fabsf(hwgpu_u2f(resp.data[1][0]) - 0.5f), <,
                              0.15f);
        }
    }
}

/*
 * TCM_CUBE filters across face edges: on the right edge of +X (2x2 faces
 * of one colour each) half the bilinear footprint lies on -Z; with CLAMP
 * the face keeps its own colour.
 */
static void test_cube_seamless(void)
{
    Gen4Mip m[1];

    for (int seamless = 0; seamless < 2; seamless++) {
        setup();
        surface(SURF_CUBE, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 64, 0);
        gen4_surface_mips((uint32_t *)&gen4t_ram[SURF], gen4_format(0x0c7),
                          1, m);
        for (uint32_t f = 0; f < 6; f++) {
            for (uint32_t i = 0; i < 4; i++) {
                uint64_t ex, ey;

                gen4_mip_texel(m, 1, 1, i % 2, i / 2, f, &ex, &ey);
                rgba8(TEX + ey * 64 + ex * 4, (uint8_t)(f * 40), 0, 0, 255);
            }
        }
        sampler(G45_MAPFILTER_LINEAR, 0, seamless ? G45_TEXCOORDMODE_CUBE
                                                  : G45_TEXCOORDMODE_CLAMP,
                0, 13);
        for (unsigned ch = 0; ch < 16; ch++) {
            p16(0, ch, 1.0f);
            p16(1, ch, 0.0f);
            p16(2, ch, -1.0f);
        }
        send(0, 7, 8, 0xffff);
        NEAR(r16(0, 3), seamless ? 100 / 255.0f : 0.0f);
    }
}

/*
 * The in-place UNORM8 texel path (`fast`: 2D, 8-bit UNORM channels, no
 * sRGB, no compare) against the general one (smp.general) on random
 * textures, layouts, filters, LOD state, address modes, texel offsets
 * and coordinates, message by message: the responses agree bit for bit.
 * Formats the fast path leaves alone ride along as a control.
 */
static void test_fast_agrees(void)
{
    static const uint32_t fmts[] = {
        G45_SURFACE_FORMAT_R8G8B8A8_UNORM, G45_SURFACE_FORMAT_B8G8R8A8_UNORM,
        G45_SURFACE_FORMAT_B8G8R8X8_UNORM, G45_SURFACE_FORMAT_R8G8_UNORM,
        G45_SURFACE_FORMAT_R8_UNORM, G45_SURFACE_FORMAT_A8_UNORM,
        G45_SURFACE_FORMAT_L8_UNORM, G45_SURFACE_FORMAT_B5G6R5_UNORM,
        G45_SURFACE_FORMAT_B8G8R8A8_UNORM_SRGB,
    };
    /* SIMD16 sample, sample_b, sample_l; SIMD8 sample; SIMD16 ld */
    static const struct { uint8_t type, mlen, rlen, np; } ops[] = {
        { 0, 5, 8, 2 }, { 0, 9, 8, 4 }, { 1, 9, 8, 4 }, { 0, 4, 4, 3 },
        { 3, 9, 8, 4 },
    };
    static const uint32_t wide_modes[] = {
        G45_TEXCOORDMODE_WRAP, G45_TEXCOORDMODE_CLAMP,
        G45_TEXCOORDMODE_MIRROR_ONCE,
    };
    GRand *r = g_rand_new_with_seed(0x5a3713);
    unsigned differ = 0;

    for (int it = 0; it < 3000; it++) {
        /*
         * a third of the textures in the message-wide path's reach
         * (plain_lanes): 32-bit texels, powers of two, its address modes
         */
        bool wide = g_rand_int_range(r, 0, 3) == 0;
        uint32_t fmt = fmts[g_rand_int_range(r, 0, wide ? 2 :
                                                 G_N_ELEMENTS(fmts))];
        uint32_t w = wide ? 1u << g_rand_int_range(r, 2, 7)
                     : g_rand_int_range(r, 0, 3) ? g_rand_int_range(r, 1, 40)
                     : 1u << g_rand_int_range(r, 0, 6);
        uint32_t h = wide ? 1u << g_rand_int_range(r, 2, 7)
                     : g_rand_int_range(r, 0, 3) ? g_rand_int_range(r, 1, 40)
                     : 1u << g_rand_int_range(r, 0, 6);
        uint32_t emask = g_rand_int_range(r, 0, 4) ? 0xffff
                         : g_rand_int(r) & 0xffff;
        uint32_t tiling = g_rand_int_range(r, 0, 3);
        uint32_t mips = g_rand_int_range(r, 0, 7);
        uint32_t pitch = tiling == 1 ? 512 * g_rand_int_range(r, 1, 3)
                         : tiling == 2 ? 128 * g_rand_int_range(r, 2, 4)
                         : 4 * w + 4 * g_rand_int_range(r, 0, 40);
        /* most textures at TEX; some reach past the GTT's end */
        uint32_t base = g_rand_int_range(r, 0, 8)
                        ? TEX + 64 * g_rand_int_range(r, 0, 64)
                        : GEN4T_RAM_SIZE - 4096 * g_rand_int_range(r, 1, 4);
        int o = g_rand_int_range(r, 0, G_N_ELEMENTS(ops));
        uint32_t resp_bits[2][G4_EU_MAX_RLEN][8];

        gen4t_direct = g_rand_boolean(r);
        setup();
        gen4t_w32(SURF, (SURF_2D << 29) | (fmt << 18));
        gen4t_w32(SURF + 4, base);
        gen4t_w32(SURF + 8, ((h - 1) << 19) | ((w - 1) << 6) | (mips << 2));
        gen4t_w32(SURF + 12, ((pitch - 1) << 3) |
                  (tiling ? 2 | (tiling == 2) : 0));
        gen4t_w32(SURF + 16, (uint32_t)g_rand_int_range(r, 0, 3) << 28);
        gen4t_w32(SURF + 20, g_rand_int_range(r, 0, 4) ? 0   /* X/Y offset */
                  : (g_rand_int_range(r, 0, 4) << 25) |
                    (g_rand_int_range(r, 0, 4) << 20));
        for (uint32_t a = TEX; a < TEX + 0x30000; a += 4) {
            gen4t_w32(a, g_rand_int(r));
        }
        for (uint32_t a = GEN4T_RAM_SIZE - 4 * 4096; a < GEN4T_RAM_SIZE;
             a += 4) {
            gen4t_w32(a, g_rand_int(r));
        }
        gen4t_w32(SAMP, (1u << 28) * g_rand_int_range(r, 0, 2) |
                  (g_rand_int_range(r, 0, 4) << 22) |          /* base level */
                  (g_rand_int_range(r, 0, 4) << 20) |          /* mip filter */
                  (g_rand_int_range(r, 0, 2) << 17) |          /* mag */
                  (g_rand_int_range(r, 0, 2) << 14) |          /* min */
                  ((g_rand_int(r) & 0x7ff) << 3) * g_rand_int_range(r, 0, 2));
        gen4t_w32(SAMP + 4, ((uint32_t)g_rand_int_range(r, 0, 640) << 22) |
                  (g_rand_int_range(r, 0, 900) << 12) |
                  (wide ? wide_modes[g_rand_int_range(r, 0, 3)] << 6 |
                          wide_modes[g_rand_int_range(r, 0, 3)] << 3
                        : g_rand_int_range(r, 0, 6) << 6 |
                          g_rand_int_range(r, 0, 6) << 3) |
                  g_rand_int_range(r, 0, 6));
        gen4t_w32(SAMP + 8, BORDER);
        for (int k = 0; k < 4; k++) {
            gen4t_w32(BORDER + 4 * k, hwgpu_f2u(g_rand_double_range(r, 0, 1)));
        }
        memset(payload, 0, sizeof(payload));
        payload[2] = g_rand_int_range(r, 0, 4) ? 0 : g_rand_int(r) & 0xfff;
        payload[3] = SAMP;
        for (unsigned ch = 0; ch < 16; ch++) {
            float u0 = g_rand_double_range(r, -1.5, 2.5);
            float v0 = g_rand_double_range(r, -1.5, 2.5);
            /* a subspan's pixels a small step apart, as a PS sends */
            float step = (float)g_rand_double_range(r, 0, 0.3);

            for (unsigned p = 0; p < ops[o].np; p++) {
                uint32_t v = hwgpu_f2u(p == 0 ? u0 + step * (ch & 1)
                                       : p == 1 ? v0 + step * ((ch >> 1) & 1)
                                       : (float)g_rand_double_range(r, -2, 6));

                if (ops[o].type == 3) {
                    v = g_rand_int_range(r, -3, 45);   /* ld: integers */
                }
                if (ops[o].mlen == 4) {
                    if (ch < 8) {
                        payload[(1 + p) * 8 + ch] = v;
                    }
                } else {
                    payload[(1 + 2 * p + ch / 8) * 8 + ch % 8] = v;
                }
            }
        }
        for (int g = 0; g < 2; g++) {
            smp.general = g;
            send(ops[o].type, ops[o].mlen, ops[o].rlen, emask);
            memcpy(resp_bits[g], resp.data, sizeof(resp_bits[g]));
        }
        g_assert_cmpmem(resp_bits[0], sizeof(resp_bits[0]), resp_bits[1],
                        sizeof(resp_bits[1]));
        for (unsigned k = 0; k < 8 * ops[o].rlen; k++) {
            differ += resp_bits[0][k / 8][k % 8] != resp_bits[0][0][0];
        }
    }
    /* (the responses are not all one value) */
    g_assert_cmpuint(differ, >, 100000);
    gen4t_direct = false;
    g_rand_free(r);
}

/*
 * The message-wide path (plain_lanes) against the general path where a
 * message's LOD inputs differ from lane to lane: SAMPLE_B's bias and
 * SAMPLE_L's LOD the same for every lane, the same within each subspan,
 * or each lane its own, every subspan with the same footprint, on a mip
 * chain with nearest and linear mip filtering.
 */
static void test_wide_lod_inputs(void)
{
    static const uint32_t mips[] = {
        G45_SAMPLER_STATE_MIP_MODE_FILTER_NEAREST,
        G45_SAMPLER_STATE_MIP_MODE_FILTER_LINEAR,
    };
    static const struct { uint8_t type, p; } ops[] = {
        { 0, 3 },               /* SIMD16 sample_b: u v r b */
        { 1, 3 },               /* SIMD16 sample_l: u v r l */
    };
    GRand *r = g_rand_new_with_seed(0x1d0d);

    for (unsigned m = 0; m < G_N_ELEMENTS(mips); m++) {
        for (unsigned o = 0; o < G_N_ELEMENTS(ops); o++) {
            for (unsigned pattern = 0; pattern < 3; pattern++) {
                uint32_t bits[2][G4_EU_MAX_RLEN][8];

                setup();
                surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 32, 32,
                        1, 128, 5);
                for (uint32_t a = TEX; a < TEX + 0x2000; a += 4) {
                    gen4t_w32(a, g_rand_int(r));
                }
                sampler(G45_MAPFILTER_LINEAR, mips[m],
                        G45_TEXCOORDMODE_WRAP, 0, 13);
                for (unsigned ch = 0; ch < 16; ch++) {
                    float k = pattern == 0 ? 0.75f :
                              pattern == 1 ? 0.5f * (float)(ch / 4) :
                              0.37f * (float)ch - 1.0f;

                    p16(0, ch, 0.3f + 0.02f * (float)(ch & 1));
                    p16(1, ch, 0.6f + 0.02f * (float)((ch >> 1) & 1));
                    p16(2, ch, 0.0f);
                    p16(ops[o].p, ch, k);
                }
                for (int g = 0; g < 2; g++) {
                    smp.general = g;
                    send(ops[o].type, 9, 8, 0xffff);
                    memcpy(bits[g], resp.data, sizeof(bits[g]));
                }
                g_assert_cmpmem(bits[0], sizeof(bits[0]), bits[1],
                                sizeof(bits[1]));
            }
        }
    }
    g_rand_free(r);
}

/*
 * A texture whose texels are not 4-byte aligned (its base or its row
 * pitch), which the message-wide path reads texel by texel: the same
 * samples as the general path, filtered and nearest.
 */
static void test_wide_unaligned(void)
{
    static const struct { uint32_t base, pitch; } cases[] = {
        { TEX + 2, 64 }, { TEX, 66 }, { TEX + 1, 67 },
    };
    GRand *r = g_rand_new_with_seed(0x0a1e);

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        for (uint32_t filter = G45_MAPFILTER_NEAREST;
             filter <= G45_MAPFILTER_LINEAR; filter++) {
            uint32_t bits[2][G4_EU_MAX_RLEN][8];

            setup();
            surface(SURF_2D, G45_SURFACE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1,
                    cases[i].pitch, 0);
            gen4t_w32(SURF + 4, cases[i].base);
            for (uint32_t a = TEX; a < TEX + 0x1000; a += 4) {
                gen4t_w32(a, g_rand_int(r));
            }
            sampler(filter, G45_SAMPLER_STATE_MIP_MODE_FILTER_NONE,
                    G45_TEXCOORDMODE_CLAMP, 0, 13);
            for (unsigned ch = 0; ch < 16; ch++) {
                p16(0, ch, (float)g_rand_double_range(r, -0.2, 1.2));
                p16(1, ch, (float)g_rand_double_range(r, -0.2, 1.2));
            }
            for (int g = 0; g < 2; g++) {
                smp.general = g;
                send(0, 5, 8, 0xffff);
                memcpy(bits[g], resp.data, sizeof(bits[g]));
            }
            g_assert_cmpmem(bits[0], sizeof(bits[0]), bits[1],
                            sizeof(bits[1]));
        }
    }
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-sampler/mip-layout", test_mip_layout);
    g_test_add_func("/gen4-sampler/block-formats", test_block_formats);
    g_test_add_func("/gen4-sampler/fxt1", test_fxt1);
    g_test_add_func("/gen4-sampler/lai-formats", test_lai_formats);
    g_test_add_func("/gen4-sampler/sample-l-mips", test_sample_l_mips);
    g_test_add_func("/gen4-sampler/sample-derivative-lod",
                    test_sample_derivative_lod);
    g_test_add_func("/gen4-sampler/sample-3d", test_sample_3d);
    g_test_add_func("/gen4-sampler/address-modes", test_address_modes);
    g_test_add_func("/gen4-sampler/kept-state-keys", test_kept_state_keys);
    g_test_add_func("/gen4-sampler/sample-cube", test_sample_cube);
    g_test_add_func("/gen4-sampler/sample-compare", test_sample_compare);
    g_test_add_func("/gen4-sampler/resinfo", test_resinfo);
    g_test_add_func("/gen4-sampler/simd4x2", test_simd4x2);
    g_test_add_func("/gen4-sampler/tiled-linear-agree",
                    test_tiled_linear_agree);
    g_test_add_func("/gen4-sampler/hostile", test_hostile);
    g_test_add_func("/gen4-sampler/page-cache", test_page_cache);
    g_test_add_func("/gen4-sampler/anisotropic", test_anisotropic);
    g_test_add_func("/gen4-sampler/cube-seamless", test_cube_seamless);
    g_test_add_func("/gen4-sampler/fast-agrees", test_fast_agrees);
    g_test_add_func("/gen4-sampler/wide-lod-inputs", test_wide_lod_inputs);
    g_test_add_func("/gen4-sampler/wide-unaligned", test_wide_unaligned);
    return g_test_run();
}
