/*
 * Texel and vertex formats for software rendering, for any vendor.
 *
 * A format is described by its name, the way GPU documents and APIs name
 * them: channel groups listed from the least significant bits up, each
 * followed by its numeric type ("R8G8B8A8_UNORM", "B5G6R5_UNORM",
 * "R10G10B10_SNORM_A2_UNORM", "R32_FLOAT_X8X24_TYPELESS"), optionally
 * "_SRGB".  hwgpu_format_parse() turns such a name into a layout, so a
 * vendor's format enumeration (the SURFACE_FORMAT enum of the Intel
 * command description, later AMD's) is the only table there is.  Block-
 * compressed and shared-exponent formats are recognised by name and
 * marked; their decoders live beside the sampler.
 *
 * Conversions follow the rules the Intel G45 PRM gives for the sampler and
 * the vertex fetch unit (seed 000 §3.6 Table 3-1, which refers to the
 * sampler's conversion rules): UNORM n bits -> v / (2^n - 1); SNORM ->
 * max(v / (2^(n-1) - 1), -1); USCALED/SSCALED -> (float)v; FLOAT 16/32/64
 * bits -> IEEE half/single/double, 11 and 10 bits -> the unsigned small
 * floats of R11G11B10; UINT/SINT are passed as integers.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_RENDER_FORMAT_H
#define HWGPU_RENDER_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "hwgpu/common/compiler.h"

typedef enum HwgpuChanType {
    HWGPU_CT_NONE,
    HWGPU_CT_UNORM,
    HWGPU_CT_SNORM,
    HWGPU_CT_UINT,
    HWGPU_CT_SINT,
    HWGPU_CT_USCALED,
    HWGPU_CT_SSCALED,
    HWGPU_CT_FLOAT,
    HWGPU_CT_TYPELESS,      /* bits that are there but carry no value */
} HwgpuChanType;

typedef enum HwgpuFormatKind {
    HWGPU_FMT_PLAIN,        /* channels at bit positions in one element */
    HWGPU_FMT_SHAREDEXP,    /* R9G9B9E5 */
    HWGPU_FMT_COMPRESSED,   /* 4x4 blocks (BC1-5/DXT, FXT1) */
} HwgpuFormatKind;

/* Which block compression a COMPRESSED format uses. */
typedef enum HwgpuBlockKind {
    HWGPU_BLK_NONE,
    HWGPU_BLK_BC1,          /* DXT1: RGB + 1-bit alpha */
    HWGPU_BLK_BC1_RGB,      /* DXT1 read as opaque RGB */
    HWGPU_BLK_BC2,          /* DXT3: explicit 4-bit alpha */
    HWGPU_BLK_BC3,          /* DXT5: interpolated alpha */
    HWGPU_BLK_BC4,          /* one interpolated channel */
    HWGPU_BLK_BC5,          /* two interpolated channels */
    HWGPU_BLK_FXT1,
} HwgpuBlockKind;

#define HWGPU_FORMAT_MAX_CHANNELS   6

typedef struct HwgpuChannel {
    char name;              /* R G B A, L(uminance) I(ntensity) X(unused) */
    uint8_t shift;          /* first bit within the element */
    uint8_t bits;
    uint8_t type;           /* HwgpuChanType */
} HwgpuChannel;

typedef struct HwgpuFormat {
    uint8_t kind;           /* HwgpuFormatKind */
    uint8_t nchan;
    uint16_t bits;          /* element size (block size when compressed) */
    bool srgb;
    uint8_t block;          /* HwgpuBlockKind when COMPRESSED */
    bool snorm;             /* COMPRESSED: BC4/BC5 signed */
    HwgpuChannel chan[HWGPU_FORMAT_MAX_CHANNELS];
} HwgpuFormat;

/* Parse a format name; false (with *out zeroed) when it is not one. */
bool hwgpu_format_parse(const char *name, HwgpuFormat *out);

/* A compressed format's block in texels: 8x4 for FXT1, else 4x4 (1x1 when
 * not compressed). */
static inline void hwgpu_block_dims(const HwgpuFormat *f, unsigned *bw,
                                    unsigned *bh)
{
    bool c = f && f->kind == HWGPU_FMT_COMPRESSED;

    *bw = !c ? 1 : f->block == HWGPU_BLK_FXT1 ? 8 : 4;
    *bh = c ? 4 : 1;
}

/* Bytes per element (per block when compressed). */
static inline unsigned hwgpu_format_bytes(const HwgpuFormat *f)
{
    return f->bits / 8;
}

/* True when every value channel is UINT or SINT (no float conversion). */
bool hwgpu_format_is_integer(const HwgpuFormat *f);

/*
 * Unpack one element (hwgpu_format_bytes() bytes at src, little endian)
 * of a PLAIN or SHAREDEXP format into RGBA.  Float formats give float bit
 * patterns; integer formats give the integers (sign-extended for SINT).
 * Channels the format lacks read 0 (alpha: 1.0, or 1 for integers);
 * L is replicated to RGB, I to RGBA.  sRGB decoding is the caller's.
 * Returns false for compressed formats.
 */
bool hwgpu_format_unpack(const HwgpuFormat *f, const uint8_t *src,
                         uint32_t rgba[4]);

/*
 * Pack RGBA into one element of a PLAIN format (the inverse of unpack):
 * float channels are converted by the channel's type (UNORM/SNORM clamp
 * and round to nearest, FLOAT to half or single, SCALED truncate); with
 * `integer` the values are integers for UINT/SINT channels.  L takes R,
 * I takes R, A takes alpha.  Channels whose bit is clear in `write_mask`
 * (bit 0 R .. bit 3 A) keep their bits in dst.  sRGB encoding is the
 * caller's.  Returns false for formats it cannot pack.
 */
bool hwgpu_format_pack(const HwgpuFormat *f, const uint32_t rgba[4],
                       unsigned write_mask, uint8_t *dst);

/*
 * The per-pixel shortcut of hwgpu_format_pack for formats whose channels
 * are all byte-aligned UNORM8 (or padding), worked out once per format
 * (per message, per draw): byte i of an element takes RGBA component
 * src[i], -1 keeping its bits.  hwgpu_pack8 gives the same bytes as
 * hwgpu_format_pack.  The plan is false for other formats.
 */
typedef struct HwgpuPack8 {
    uint8_t bytes;
    int8_t src[16];
    bool rgba;                  /* only R, G, B, A (and X): hwgpu_unpack8 */
} HwgpuPack8;

bool hwgpu_pack8_plan(const HwgpuFormat *f, HwgpuPack8 *p);

/*
 * UNORM8 as hwgpu_format_pack rounds it: clamped to [0, 1] (NaN to 0),
 * then v * 255 rounded half up.  In double every step is exact whatever
 * the rounding mode (the EU runs toward zero): v * 255 needs 32 of the 53
 * bits, and adding 0.5 to a value in [0.5, 255] at most 41, so the
 * truncation gives floor(v * 255 + 0.5); below 0.5 it gives 0.  No
 * branches: it runs for every channel of every pixel written.
 */
static inline uint8_t hwgpu_unorm8(uint32_t bits)
{
    float f;
    double d;

    memcpy(&f, &bits, sizeof(f));
    d = (double)f * 255.0;
    d = d > 0.0 ? d : 0.0;          /* negative, -0 and NaN: 0 */
    d = d < 255.0 ? d : 255.0;      /* 1.0 and above, +Inf: 255 */
    return (uint8_t)(uint32_t)(d + 0.5);
}

/*
 * hwgpu_unorm8 of 8 lanes, each shifted left by `sh` and or-ed into
 * out[].  With SSE2 four lanes a step, the same double arithmetic: maxpd
 * against 0 gives its second operand for NaN and for -0 (0, as the
 * scalar test does), minpd clamps +Inf, and cvttpd truncates as the
 * scalar cast does.
 */
static inline void hwgpu_unorm8x8(const uint32_t *bits, unsigned sh,
                                  uint32_t *out)
{
#ifdef __SSE2__
    const __m128d k255 = _mm_set1_pd(255.0), zero = _mm_setzero_pd();
    const __m128d half = _mm_set1_pd(0.5);

    const __m128i shift = _mm_cvtsi32_si128((int)sh);

    for (unsigned l = 0; l < 8; l += 4) {   /* four lanes: two doubles x 2 */
        __m128 f = _mm_loadu_ps((const float *)(bits + l));
        __m128d d0 = _mm_mul_pd(_mm_cvtps_pd(f), k255);
        __m128d d1 = _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(f, f)), k255);
        __m128i v, o;

        d0 = _mm_min_pd(_mm_max_pd(d0, zero), k255);
        d1 = _mm_min_pd(_mm_max_pd(d1, zero), k255);
        v = _mm_unpacklo_epi64(_mm_cvttpd_epi32(_mm_add_pd(d0, half)),
                               _mm_cvttpd_epi32(_mm_add_pd(d1, half)));
        o = _mm_loadu_si128((const __m128i *)(out + l));
        _mm_storeu_si128((__m128i *)(out + l),
                         _mm_or_si128(o, _mm_sll_epi32(v, shift)));
    }
#else
    for (unsigned l = 0; l < 8; l++) {
        out[l] |= (uint32_t)hwgpu_unorm8(bits[l]) << sh;
    }
#endif
}

#if HWGPU_X86_TARGETS
/*
 * hwgpu_unorm8x8 four lanes a step with AVX: the same double arithmetic
 * and the same maxpd/minpd/cvttpd rules.  For callers that checked
 * hwgpu_cpu_avx2().
 */
__attribute__((target("avx2")))
static inline void hwgpu_unorm8x8_avx2(const uint32_t *bits, unsigned sh,
                                       uint32_t *out)
{
    const __m256d k255 = _mm256_set1_pd(255.0), zero = _mm256_setzero_pd();
    const __m256d half = _mm256_set1_pd(0.5);
    const __m128i shift = _mm_cvtsi32_si128((int)sh);

    for (unsigned l = 0; l < 8; l += 4) {
        __m128 f = _mm_loadu_ps((const float *)(bits + l));
        __m256d d = _mm256_mul_pd(_mm256_cvtps_pd(f), k255);
        __m128i v, o;

        d = _mm256_min_pd(_mm256_max_pd(d, zero), k255);
        v = _mm256_cvttpd_epi32(_mm256_add_pd(d, half));
        o = _mm_loadu_si128((const __m128i *)(out + l));
        _mm_storeu_si128((__m128i *)(out + l),
                         _mm_or_si128(o, _mm_sll_epi32(v, shift)));
    }
}
#endif

/*
 * A 4-byte plan's bytes for rgba as the host's dword (byte i of memory in
 * byte i of the dword's memory image), with *keep the bits that stay the
 * destination's (components absent or not in write_mask).
 */
static inline uint32_t hwgpu_pack8_dword(const HwgpuPack8 *p,
                                         const uint32_t rgba[4],
                                         unsigned write_mask, uint32_t *keep)
{
    uint32_t out = 0;

    *keep = 0;
    for (unsigned i = 0; i < 4; i++) {
        int src = p->src[i];
        unsigned sh = 8 * (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
                           3 - i : i);

        if (src >= 0 && (write_mask & (1u << src))) {
            out |= (uint32_t)hwgpu_unorm8(rgba[src]) << sh;
        } else {
            *keep |= 0xffu << sh;
        }
    }
    return out;
}

/* Per pixel, inline: the render targets' hot path. */
static inline void hwgpu_pack8(const HwgpuPack8 *p, const uint32_t rgba[4],
                               unsigned write_mask, uint8_t *dst)
{
    if (p->bytes == 4) {
        /*
         * Built in a register and stored once: four byte stores read back
         * as one dword (the caller's copy to memory) would stall on the
         * failed store forwarding, 7% of a kmscube frame.
         */
        uint32_t keep, out = hwgpu_pack8_dword(p, rgba, write_mask, &keep);
        uint32_t v;

        memcpy(&v, dst, 4);
        v = (v & keep) | out;
        memcpy(dst, &v, 4);
        return;
    }
    for (unsigned i = 0; i < p->bytes; i++) {
        int src = p->src[i];

        if (src >= 0 && (write_mask & (1u << src))) {
            dst[i] = hwgpu_unorm8(rgba[src]);
        }
    }
}
/*
 * The inverse for a plan with p->rgba: the pixel at src as
 * hwgpu_format_unpack gives it (absent channels 0, alpha 1.0).
 */
void hwgpu_unpack8(const HwgpuPack8 *p, const uint8_t *src, uint32_t rgba[4]);
/*
 * n when the format is n 32-bit float channels R, G, B, A in that order
 * (R32_FLOAT .. R32G32B32A32_FLOAT): hwgpu_format_unpack gives its n
 * dwords as they are (and 0, 0, 1.0 after them); 0 otherwise.
 */
unsigned hwgpu_format_float32_rgba(const HwgpuFormat *f);
/* The 256 values hwgpu_unpack8 gives an UNORM8 byte, as float bits. */
const uint32_t *hwgpu_unorm8_floats(void);

/* IEEE half, and the unsigned 11/10-bit floats, to single precision. */
float hwgpu_half_to_float(uint16_t h);
/* Single precision to IEEE half (round to nearest even). */
uint16_t hwgpu_float_to_half(float f);
/* The sRGB encoding of a linear value in [0, 1], and its inverse. */
float hwgpu_linear_to_srgb(float v);
float hwgpu_srgb_to_linear(float v);
float hwgpu_ufloat_to_float(uint32_t v, unsigned mant_bits);

#endif
