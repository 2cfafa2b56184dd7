/*
 * Unit tests of the format module (hw/render/format.c): layouts parsed
 * from names, every SURFACE_FORMAT of the Intel command description
 * understood, and the conversions of the G45 PRM's vertex-fetch and
 * sampler rules (seed 000 §3.6 Table 3-1).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fenv.h>
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/render/format.h"
#include "hwgpu/common/cmdfield.h"
#include "g45-cmd-gen.h"

static void test_parse_layouts(void)
{
    HwgpuFormat f;

    g_assert_true(hwgpu_format_parse("R8G8B8A8_UNORM", &f));
    g_assert_cmpuint(f.kind, ==, HWGPU_FMT_PLAIN);
    g_assert_cmpuint(f.bits, ==, 32);
    g_assert_cmpuint(f.nchan, ==, 4);
    g_assert_cmpint(f.chan[0].name, ==, 'R');
    g_assert_cmpuint(f.chan[0].shift, ==, 0);
    g_assert_cmpint(f.chan[3].name, ==, 'A');
    g_assert_cmpuint(f.chan[3].shift, ==, 24);
    g_assert_false(f.srgb);

    /* Low bits first: B5G6R5 has blue in bits 4:0, red in 15:11. */
    g_assert_true(hwgpu_format_parse("B5G6R5_UNORM_SRGB", &f));
    g_assert_cmpuint(f.bits, ==, 16);
    g_assert_cmpint(f.chan[0].name, ==, 'B');
    g_assert_cmpuint(f.chan[2].shift, ==, 11);
    g_assert_true(f.srgb);

    /* Mixed types and typeless padding. */
    g_assert_true(hwgpu_format_parse("R10G10B10_SNORM_A2_UNORM", &f));
    g_assert_cmpuint(f.chan[0].type, ==, HWGPU_CT_SNORM);
    g_assert_cmpuint(f.chan[3].type, ==, HWGPU_CT_UNORM);
    g_assert_true(hwgpu_format_parse("R32_FLOAT_X8X24_TYPELESS", &f));
    g_assert_cmpuint(f.bits, ==, 64);
    g_assert_cmpuint(f.chan[1].type, ==, HWGPU_CT_TYPELESS);
    g_assert_true(hwgpu_format_parse("B8G8R8X8_UNORM", &f));
    g_assert_cmpuint(f.chan[3].type, ==, HWGPU_CT_TYPELESS);

    /* Special kinds, by name. */
    g_assert_true(hwgpu_format_parse("DXT1_RGB", &f));
    g_assert_cmpuint(f.kind, ==, HWGPU_FMT_COMPRESSED);
    g_assert_cmpuint(f.bits, ==, 64);
    g_assert_true(hwgpu_format_parse("BC3_UNORM", &f));
    g_assert_cmpuint(f.bits, ==, 128);
    g_assert_true(hwgpu_format_parse("R9G9B9E5_SHAREDEXP", &f));
    g_assert_cmpuint(f.kind, ==, HWGPU_FMT_SHAREDEXP);

    /* Not formats. */
    g_assert_false(hwgpu_format_parse("", &f));
    g_assert_false(hwgpu_format_parse("R8G8", &f));
    g_assert_false(hwgpu_format_parse("R8_BOGUS", &f));
    g_assert_false(hwgpu_format_parse("R3_UNORM", &f));     /* 3 bits */
    g_assert_false(hwgpu_format_parse("Q8_UNORM", &f));
    g_assert_false(hwgpu_format_parse("SRGB", &f));
}

/* The vendor's enumeration is the only table: every name must parse. */
static void test_every_surface_format(void)
{
    const HwgpuEnumDesc *e = &g45_enum_surface_format;

    g_assert_cmpuint(e->nvalues, >, 100);
    for (unsigned i = 0; i < e->nvalues; i++) {
        HwgpuFormat f;

        if (!hwgpu_format_parse(e->values[i].name, &f)) {
            g_error("SURFACE_FORMAT %s (0x%03x) not understood",
                    e->values[i].name, e->values[i].value);
        }
        g_assert_cmpuint(f.bits % 8, ==, 0);
        g_assert_cmpuint(f.bits, <=, 256);     /* R64G64B64A64 */
    }
}

static void unpack(const char *name, const void *src, uint32_t out[4])
{
    HwgpuFormat f;

    g_assert_true(hwgpu_format_parse(name, &f));
    g_assert_true(hwgpu_format_unpack(&f, src, out));
}

static void test_unpack(void)
{
    uint32_t v[4];
    static const uint8_t rgba8[4] = { 0xff, 0x00, 0x80, 0x7f };
    static const int8_t snorm8[4] = { 127, -127, -128, 0 };
    static const uint16_t half[2] = { 0x3c00, 0xc000 };      /* 1, -2 */
    static const int16_t sint16[2] = { -5, 7 };
    uint16_t rgb565 = (31u << 11) | (0u << 5) | 15u;         /* R max, B 15 */
    uint32_t r11 = (15u << 6) | (0u << 17) | (15u << 27);    /* 1.0, 0, 1.0 */
    uint32_t e5 = 256u | (256u << 9) | (15u << 27);         /* 0.5, 0.5 */

    unpack("R8G8B8A8_UNORM", rgba8, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[1]), ==, 0.0f);
    g_assert_cmpfloat_with_epsilon(hwgpu_u2f(v[2]), 128.0f / 255, 1e-7);
    unpack("R8G8B8A8_SNORM", snorm8, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[1]), ==, -1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[2]), ==, -1.0f);     /* -128 clamps */
    unpack("R8G8B8A8_USCALED", rgba8, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 255.0f);
    unpack("R8G8B8A8_UINT", rgba8, v);
    g_assert_cmpuint(v[0], ==, 255);
    g_assert_cmpuint(v[3], ==, 0x7f);
    unpack("R16G16_FLOAT", half, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[1]), ==, -2.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[2]), ==, 0.0f);      /* missing: 0, 0, 1 */
    g_assert_cmpfloat(hwgpu_u2f(v[3]), ==, 1.0f);
    unpack("R16G16_SINT", sint16, v);
    g_assert_cmpint((int32_t)v[0], ==, -5);
    g_assert_cmpuint(v[3], ==, 1);               /* integer alpha 1 */
    unpack("R16G16_SSCALED", sint16, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, -5.0f);
    unpack("B5G6R5_UNORM", &rgb565, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[1]), ==, 0.0f);
    g_assert_cmpfloat_with_epsilon(hwgpu_u2f(v[2]), 15.0f / 31, 1e-7);
    unpack("R11G11B10_FLOAT", &r11, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[1]), ==, 0.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[2]), ==, 1.0f);
    unpack("R9G9B9E5_SHAREDEXP", &e5, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 0.5f);
    g_assert_cmpfloat(hwgpu_u2f(v[2]), ==, 0.0f);
    unpack("L8_UNORM", rgba8, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[2]), ==, 1.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[3]), ==, 1.0f);
    unpack("A8_UNORM", rgba8, v);
    g_assert_cmpfloat(hwgpu_u2f(v[0]), ==, 0.0f);
    g_assert_cmpfloat(hwgpu_u2f(v[3]), ==, 1.0f);
    unpack("I8_UNORM", &rgba8[2], v);
    g_assert_cmpfloat(hwgpu_u2f(v[3]), ==, hwgpu_u2f(v[0]));
    g_assert_cmpfloat(hwgpu_half_to_float(0x0001), ==, ldexpf(1, -24));
    g_assert_true(isinf(hwgpu_half_to_float(0x7c00)));
    g_assert_true(isnan(hwgpu_half_to_float(0x7e00)));
}

static void pack(const char *name, const float rgba[4], unsigned mask,
                 uint8_t *dst)
{
    HwgpuFormat f;
    uint32_t v[4];

    for (int i = 0; i < 4; i++) {
        v[i] = hwgpu_f2u(rgba[i]);
    }
    g_assert_true(hwgpu_format_parse(name, &f));
    g_assert_true(hwgpu_format_pack(&f, v, mask, dst));
}

static void test_pack(void)
{
    static const float c[4] = { 1.0f, 0.0f, 0.5f, 0.25f };
    uint8_t b[16];
    uint16_t h[4];
    uint32_t back[4];
    HwgpuFormat f;

    memset(b, 0xaa, sizeof(b));
    pack("B8G8R8A8_UNORM", c, 0xf, b);
    g_assert_cmphex(b[0], ==, 0x80);            /* blue first */
    g_assert_cmphex(b[1], ==, 0x00);
    g_assert_cmphex(b[2], ==, 0xff);
    g_assert_cmphex(b[3], ==, 0x40);            /* 63.75 rounds to 64 */
    /* Write mask: green and alpha keep what was there. */
    memset(b, 0xaa, sizeof(b));
    pack("R8G8B8A8_UNORM", c, 0x5, b);
    g_assert_cmphex(b[0], ==, 0xff);
    g_assert_cmphex(b[1], ==, 0xaa);
    g_assert_cmphex(b[2], ==, 0x80);
    g_assert_cmphex(b[3], ==, 0xaa);
    /* X padding keeps its bits too. */
    memset(b, 0xaa, sizeof(b));
    pack("B8G8R8X8_UNORM", c, 0xf, b);
    g_assert_cmphex(b[3], ==, 0xaa);
    /* 5:6:5 and out-of-range values clamp. */
    {
        static const float big[4] = { 2.0f, -1.0f, 1.0f, 1.0f };
        uint16_t w = 0;

        pack("B5G6R5_UNORM", big, 0xf, (uint8_t *)&w);
        g_assert_cmphex(w, ==, 0xf81f);
    }
    pack("R16G16B16A16_FLOAT", c, 0xf, (uint8_t *)h);
    g_assert_cmphex(h[0], ==, 0x3c00);
    g_assert_cmphex(h[2], ==, 0x3800);
    g_assert_cmphex(hwgpu_float_to_half(65520.0f), ==, 0x7c00);
    g_assert_cmphex(hwgpu_float_to_half(ldexpf(1, -24)), ==, 0x0001);
    /* Round trips through unpack. */
    pack("R32G32B32A32_FLOAT", c, 0xf, b);
    g_assert_true(hwgpu_format_parse("R32G32B32A32_FLOAT", &f));
    g_assert_true(hwgpu_format_unpack(&f, b, back));
    g_assert_cmpfloat(hwgpu_u2f(back[3]), ==, 0.25f);
    g_assert_cmpfloat_with_epsilon(hwgpu_linear_to_srgb(0.5f), 0.7354f, 1e-4);
}

/* 64-bit float channels (the vertex fetch's GL_DOUBLE attributes). */
static void test_double_channels(void)
{
    static const double v[4] = { 1.5, -2.0, 0.25, 3.0 };
    HwgpuFormat f;
    uint32_t rgba[4];

    g_assert_true(hwgpu_format_parse("R64G64B64A64_FLOAT", &f));
    g_assert_cmpuint(hwgpu_format_bytes(&f), ==, 32);
    g_assert_true(hwgpu_format_unpack(&f, (const uint8_t *)v, rgba));
    for (int i = 0; i < 4; i++) {
        g_assert_cmpfloat(hwgpu_u2f(rgba[i]), ==, (float)v[i]);
    }
    g_assert_true(hwgpu_format_parse("R64G64B64_FLOAT", &f));
    g_assert_true(hwgpu_format_unpack(&f, (const uint8_t *)v, rgba));
    g_assert_cmpfloat(hwgpu_u2f(rgba[2]), ==, 0.25f);
    g_assert_cmpfloat(hwgpu_u2f(rgba[3]), ==, 1.0f);
}

/*
 * hwgpu_pack8 (the render target's per-pixel shortcut) gives the bytes
 * hwgpu_format_pack gives, for every surface format it plans for, random
 * colours (NaN, infinities and out-of-range values among them) and every
 * write mask; the plan covers the common 8-bit formats and refuses the
 * rest.  hwgpu_unpack8 reads every byte value back as
 * hwgpu_format_unpack does, for the plans it applies to.
 */
static void test_pack8(void)
{
    const HwgpuEnumDesc *e = &g45_enum_surface_format;
    GRand *r = g_rand_new_with_seed(8);
    static const uint32_t special[] = {
        0x7fc00000u, 0x7f800000u, 0xff800000u, 0x3f800001u, 0xbf800000u,
        0x3effffffu, 0x3b808081u, 0x00000001u,
    };
    unsigned planned = 0;
    HwgpuFormat f;
    HwgpuPack8 p;

    g_assert_true(hwgpu_format_parse("B8G8R8A8_UNORM", &f));
    g_assert_true(hwgpu_pack8_plan(&f, &p));
    g_assert_true(hwgpu_format_parse("B8G8R8X8_UNORM_SRGB", &f));
    g_assert_true(hwgpu_pack8_plan(&f, &p));
    g_assert_true(hwgpu_format_parse("B5G6R5_UNORM", &f));
    g_assert_false(hwgpu_pack8_plan(&f, &p));
    g_assert_true(hwgpu_format_parse("R8G8B8A8_SNORM", &f));
    g_assert_false(hwgpu_pack8_plan(&f, &p));
    for (unsigned i = 0; i < e->nvalues; i++) {
        g_assert_true(hwgpu_format_parse(e->values[i].name, &f));
        if (!hwgpu_pack8_plan(&f, &p)) {
            continue;
        }
        planned++;
        for (int k = 0; k < 2000; k++) {
            uint8_t a[16], b[16];
            uint32_t rgba[4];
            unsigned mask = k % 16;

            for (int c = 0; c < 4; c++) {
                rgba[c] = k % 7 == 0 ?
                          special[g_rand_int_range(r, 0, G_N_ELEMENTS(special))] :
                          k % 2 ? g_rand_int(r) :
                          hwgpu_f2u((float)g_rand_double_range(r, -0.5, 1.5));
            }
            for (int j = 0; j < 16; j++) {
                a[j] = b[j] = g_rand_int(r);
            }
            g_assert_true(hwgpu_format_pack(&f, rgba, mask, a));
            hwgpu_pack8(&p, rgba, mask, b);
            g_assert_cmpmem(a, sizeof(a), b, sizeof(b));
            if (p.rgba) {
                uint32_t u[4], v[4];

                g_assert_true(hwgpu_format_unpack(&f, b, u));
                hwgpu_unpack8(&p, b, v);
                g_assert_cmpmem(u, sizeof(u), v, sizeof(v));
            }
        }
    }
    g_assert_cmpuint(planned, >=, 8);
    g_rand_free(r);
}

/* The reference: clamp in float, then v * 255 + 0.5 in double (exact),
 * truncated, in the default rounding mode. */
static uint8_t unorm8_ref(uint32_t bits)
{
    float v = hwgpu_u2f(bits);

    v = v > 1.0f ? 1.0f : v > 0.0f ? v : 0.0f;
    return (uint8_t)((double)v * 255.0 + 0.5);
}

/*
 * hwgpu_unorm8 (clamped after the scaling, in whatever rounding mode the
 * caller runs) equals the reference: around every rounding boundary
 * (k + 0.5) / 255 (64 ulps each side), over a third of all floats in
 * [0, 1], and for the special values; and the same toward zero, as the
 * EU's render-target writes run it.
 */
static void unorm8_checks(void)
{
    static const uint32_t special[] = {
        0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
        0x7f800001u, 0x3f800000u, 0x3f800001u, 0x3f7fffffu, 0x00000001u,
        0x007fffffu, 0x00800000u, 0xbf800000u, 0x4f000000u,
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(special); i++) {
        g_assert_cmpuint(hwgpu_unorm8(special[i]), ==,
                         unorm8_ref(special[i]));
    }
    for (unsigned k = 0; k < 255; k++) {
        uint32_t b = hwgpu_f2u((float)((k + 0.5) / 255.0));

        for (uint32_t u = b - 64; u <= b + 64; u++) {
            g_assert_cmpuint(hwgpu_unorm8(u), ==, unorm8_ref(u));
        }
    }
    for (uint32_t u = 0; u <= 0x3f800000u; u += 3) {
        if (hwgpu_unorm8(u) != unorm8_ref(u)) {
            g_assert_cmphex(u, ==, 0);      /* names the first mismatch */
        }
    }
}

/* hwgpu_unorm8x8 (or its AVX2 form) lane by lane against hwgpu_unorm8,
 * shifted and or-ed, on the special values and around every rounding
 * boundary. */
static void unorm8x8_checks(bool avx2)
{
    static const uint32_t special[] = {
        0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
        0x7f800001u, 0x3f800000u, 0x3f800001u, 0x3f7fffffu, 0x00000001u,
        0x007fffffu, 0x00800000u, 0xbf800000u, 0x4f000000u, 0x3f000000u,
    };
    uint32_t in[8], out[8];

    for (uint32_t k = 0; k < 255 * 130; k += 8) {
        for (unsigned l = 0; l < 8; l++) {
            uint32_t b = hwgpu_f2u((float)(((k + l) / 130 + 0.5) / 255.0));

            in[l] = (k + l) % 9 == 0 ? special[(k + l) / 9 % 16]
                                     : b - 64 + (k + l) % 130;
            out[l] = 0x5a000000u + l;
        }
#if HWGPU_X86_TARGETS
        if (avx2) {
            hwgpu_unorm8x8_avx2(in, 8 * (k / 8 % 4), out);
        } else
#endif
        {
            hwgpu_unorm8x8(in, 8 * (k / 8 % 4), out);
        }
        for (unsigned l = 0; l < 8; l++) {
            g_assert_cmphex(out[l], ==, (0x5a000000u + l) |
                            (uint32_t)hwgpu_unorm8(in[l]) << 8 * (k / 8 % 4));
        }
    }
}

/* unorm8x8_checks on the SSE2 form and, where the host has AVX2, the
 * AVX2 one. */
static void unorm8x8_both(void)
{
    unorm8x8_checks(false);
#if HWGPU_X86_TARGETS
    if (hwgpu_cpu_avx2()) {
        unorm8x8_checks(true);
    } else {
        g_test_message("no AVX2: hwgpu_unorm8x8_avx2 not checked");
    }
#endif
}

static void test_unorm8(void)
{
    static uint8_t got[4096];

    unorm8_checks();
    unorm8x8_both();
    fesetround(FE_TOWARDZERO);
    unorm8x8_both();
    fesetround(FE_TONEAREST);
    /* toward zero, as the EU's render-target writes run it; the
     * reference's values in the default mode */
    for (uint32_t u0 = 0; u0 <= 0x3f800000u; u0 += 13 * 4096) {
        fesetround(FE_TOWARDZERO);
        for (uint32_t i = 0; i < 4096; i++) {
            got[i] = hwgpu_unorm8(u0 + i * 13);
        }
        fesetround(FE_TONEAREST);
        for (uint32_t i = 0; i < 4096; i++) {
            if (got[i] != unorm8_ref(u0 + i * 13)) {
                g_assert_cmphex(u0 + i * 13, ==, 0);
            }
        }
    }
}

/*
 * hwgpu_format_float32_rgba: the R32..R32G32B32A32 floats (and no other
 * surface format) say n, and unpack to their dwords as they are, with
 * 0, 0, 1.0 after them.
 */
static void test_float32_rgba(void)
{
    const HwgpuEnumDesc *e = &g45_enum_surface_format;
    GRand *r = g_rand_new_with_seed(32);
    unsigned found = 0;
    HwgpuFormat f;

    g_assert_true(hwgpu_format_parse("R32G32B32_FLOAT", &f));
    g_assert_cmpuint(hwgpu_format_float32_rgba(&f), ==, 3);
    g_assert_true(hwgpu_format_parse("R32G32B32A32_SINT", &f));
    g_assert_cmpuint(hwgpu_format_float32_rgba(&f), ==, 0);
    g_assert_true(hwgpu_format_parse("L32A32_FLOAT", &f));
    g_assert_cmpuint(hwgpu_format_float32_rgba(&f), ==, 0);
    g_assert_cmpuint(hwgpu_format_float32_rgba(NULL), ==, 0);
    for (unsigned i = 0; i < e->nvalues; i++) {
        unsigned n;

        g_assert_true(hwgpu_format_parse(e->values[i].name, &f));
        n = hwgpu_format_float32_rgba(&f);
        if (!n) {
            continue;
        }
        found++;
        for (int k = 0; k < 100; k++) {
            uint32_t raw[4], rgba[4], want[4] = { 0, 0, 0, 0x3f800000u };

            for (int c = 0; c < 4; c++) {
                raw[c] = g_rand_int(r);
            }
            memcpy(want, raw, 4 * n);
            g_assert_true(hwgpu_format_unpack(&f, (uint8_t *)raw, rgba));
            g_assert_cmpmem(rgba, sizeof(rgba), want, sizeof(want));
        }
    }
    g_assert_cmpuint(found, ==, 4);
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/render/format/parse", test_parse_layouts);
    g_test_add_func("/render/format/every-surface-format",
                    test_every_surface_format);
    g_test_add_func("/render/format/unpack", test_unpack);
    g_test_add_func("/render/format/pack", test_pack);
    g_test_add_func("/render/format/double-channels", test_double_channels);
    g_test_add_func("/render/format/pack8", test_pack8);
    g_test_add_func("/render/format/unorm8", test_unorm8);
    g_test_add_func("/render/format/float32-rgba", test_float32_rgba);
    return g_test_run();
}
