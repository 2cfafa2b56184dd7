/*
 * Texel and vertex formats from their names; see
 * include/hwgpu/render/format.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/render/format.h"

static const struct {
    const char *name;
    HwgpuChanType type;
} type_names[] = {
    { "UNORM", HWGPU_CT_UNORM },
    { "SNORM", HWGPU_CT_SNORM },
    { "UINT", HWGPU_CT_UINT },
    { "SINT", HWGPU_CT_SINT },
    { "USCALED", HWGPU_CT_USCALED },
    { "SSCALED", HWGPU_CT_SSCALED },
    { "FLOAT", HWGPU_CT_FLOAT },
    { "TYPELESS", HWGPU_CT_TYPELESS },
};

/* Block-compressed formats: name prefix, bits per 4x4 block. */
static const struct {
    const char *prefix;
    uint16_t bits;
    uint8_t block;
} compressed[] = {
    { "BC1_", 64, HWGPU_BLK_BC1 }, { "BC2_", 128, HWGPU_BLK_BC2 },
    { "BC3_", 128, HWGPU_BLK_BC3 }, { "BC4_", 64, HWGPU_BLK_BC4 },
    { "BC5_", 128, HWGPU_BLK_BC5 }, { "DXT1_RGB", 64, HWGPU_BLK_BC1_RGB },
    { "FXT1", 128, HWGPU_BLK_FXT1 },
};

/* A type word at *p ending at '_' or NUL; advances *p past it. */
static bool parse_type(const char **p, HwgpuChanType *t)
{
    for (unsigned i = 0; i < sizeof(type_names) / sizeof(type_names[0]);
         i++) {
        size_t n = strlen(type_names[i].name);

        if (!strncmp(*p, type_names[i].name, n) &&
            ((*p)[n] == '_' || !(*p)[n])) {
            *t = type_names[i].type;
            *p += n;
            return true;
        }
    }
    return false;
}

bool hwgpu_format_parse(const char *name, HwgpuFormat *out)
{
    const char *p = name;
    unsigned first = 0, shift = 0;

    memset(out, 0, sizeof(*out));
    for (unsigned i = 0; i < sizeof(compressed) / sizeof(compressed[0]);
         i++) {
        if (!strncmp(name, compressed[i].prefix,
                     strlen(compressed[i].prefix))) {
            out->kind = HWGPU_FMT_COMPRESSED;
            out->bits = compressed[i].bits;
            out->block = compressed[i].block;
            out->snorm = strstr(name, "_SNORM") != NULL;
            out->srgb = strstr(name, "_SRGB") != NULL;
            return true;
        }
    }
    if (!strcmp(name, "R9G9B9E5_SHAREDEXP")) {
        static const HwgpuChannel rgbe[4] = {
            { 'R', 0, 9, HWGPU_CT_FLOAT }, { 'G', 9, 9, HWGPU_CT_FLOAT },
            { 'B', 18, 9, HWGPU_CT_FLOAT }, { 'X', 27, 5, HWGPU_CT_TYPELESS },
        };

        out->kind = HWGPU_FMT_SHAREDEXP;
        out->bits = 32;
        out->nchan = 4;
        memcpy(out->chan, rgbe, sizeof(rgbe));
        return true;
    }
    /* (channel list '_' type)+ ['_SRGB'] */
    while (*p) {
        HwgpuChanType t;

        if (!strcmp(p, "SRGB") && out->nchan) {
            out->srgb = true;
            break;
        }
        while (strchr("RGBAXLI", *p) && *p) {
            unsigned bits = 0;
            char c = *p++;

            while (*p >= '0' && *p <= '9') {
                bits = bits * 10 + (*p++ - '0');
            }
            if (!bits || bits > 64 || out->nchan == HWGPU_FORMAT_MAX_CHANNELS) {
                goto bad;
            }
            out->chan[out->nchan++] = (HwgpuChannel) {
                .name = c, .shift = shift, .bits = bits,
            };
            shift += bits;
        }
        if (*p != '_' || out->nchan == first) {
            goto bad;
        }
        p++;
        if (!parse_type(&p, &t)) {
            goto bad;
        }
        for (unsigned i = first; i < out->nchan; i++) {
            out->chan[i].type = out->chan[i].name == 'X' ?
                                HWGPU_CT_TYPELESS : t;
        }
        first = out->nchan;
        if (*p == '_') {
            p++;
        }
    }
    if (!out->nchan || shift % 8 || shift > 256) {
        goto bad;
    }
    out->bits = shift;
    out->kind = HWGPU_FMT_PLAIN;
    return true;
bad:
    memset(out, 0, sizeof(*out));
    return false;
}

bool hwgpu_format_is_integer(const HwgpuFormat *f)
{
    bool any = false;

    for (unsigned i = 0; i < f->nchan; i++) {
        switch (f->chan[i].type) {
        case HWGPU_CT_UINT:
        case HWGPU_CT_SINT:
            any = true;
            break;
        case HWGPU_CT_TYPELESS:
        case HWGPU_CT_NONE:
            break;
        default:
            return false;
        }
    }
    return any;
}

float hwgpu_half_to_float(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v;

    if (e == 31) {
        v = m ? NAN : INFINITY;
    } else if (e == 0) {
        v = ldexpf((float)m, -24);
    } else {
        v = ldexpf((float)(m | 1024), e - 25);
    }
    return (h & 0x8000) ? -v : v;
}

/* Unsigned float with a 5-bit exponent and `mant_bits` of mantissa. */
float hwgpu_ufloat_to_float(uint32_t v, unsigned mant_bits)
{
    uint32_t e = (v >> mant_bits) & 31, m = v & ((1u << mant_bits) - 1);

    if (e == 31) {
        return m ? NAN : INFINITY;
    }
    if (e == 0) {
        return ldexpf((float)m, -14 - (int)mant_bits);
    }
    return ldexpf((float)(m | (1u << mant_bits)), (int)e - 15 -
                  (int)mant_bits);
}

/* Bits [shift, shift + bits) of the element (bits <= 64), little-endian:
 * the bytes that hold them in one word when they fit, else bit by bit. */
static uint64_t take(const uint8_t *src, unsigned shift, unsigned bits)
{
    uint64_t v = 0;

    if (bits && (shift & 7) + bits <= 64) {
        unsigned first = shift / 8, last = (shift + bits - 1) / 8;

        for (unsigned i = first; i <= last; i++) {
            v |= (uint64_t)src[i] << (8 * (i - first));
        }
        v >>= shift & 7;
        return bits == 64 ? v : v & ((1ull << bits) - 1);
    }
    for (unsigned i = 0; i < bits; i++) {
        unsigned b = shift + i;

        v |= (uint64_t)((src[b / 8] >> (b % 8)) & 1) << i;
    }
    return v;
}

/* One channel's value, converted. */
static uint32_t convert(const HwgpuChannel *c, uint64_t v)
{
    unsigned n = c->bits;
    int64_t s = n < 64 && (v >> (n - 1)) & 1 ? (int64_t)(v - (1ull << n))
                                              : (int64_t)v;
    double d;

    switch (c->type) {
    case HWGPU_CT_UNORM:
        return hwgpu_f2u((float)((double)v / (double)((1ull << n) - 1)));
    case HWGPU_CT_SNORM:
        d = (double)s / (double)((1ull << (n - 1)) - 1);
        return hwgpu_f2u((float)(d < -1.0 ? -1.0 : d));
    case HWGPU_CT_USCALED:
        return hwgpu_f2u((float)v);
    case HWGPU_CT_SSCALED:
        return hwgpu_f2u((float)s);
    case HWGPU_CT_UINT:
        return (uint32_t)v;
    case HWGPU_CT_SINT:
        return (uint32_t)(int32_t)s;
    case HWGPU_CT_FLOAT:
        if (n == 32) {
            return (uint32_t)v;
        } else if (n == 16) {
            return hwgpu_f2u(hwgpu_half_to_float(v));
        } else if (n == 64) {
            memcpy(&d, &v, 8);
            return hwgpu_f2u((float)d);
        } else if (n == 11 || n == 10) {
            return hwgpu_f2u(hwgpu_ufloat_to_float(v, n - 5));
        }
        return 0;
    default:
        return 0;
    }
}

bool hwgpu_format_unpack(const HwgpuFormat *f, const uint8_t *src,
                         uint32_t rgba[4])
{
    bool integer = hwgpu_format_is_integer(f);
    uint32_t one = integer ? 1 : hwgpu_f2u(1.0f);

    rgba[0] = rgba[1] = rgba[2] = 0;
    rgba[3] = one;
    if (f->kind == HWGPU_FMT_SHAREDEXP) {
        uint32_t w = (uint32_t)take(src, 0, 32);
        int e = (int)(w >> 27) - 15 - 9;

        for (int i = 0; i < 3; i++) {
            rgba[i] = hwgpu_f2u(ldexpf((float)((w >> (9 * i)) & 511), e));
        }
        return true;
    }
    if (f->kind != HWGPU_FMT_PLAIN) {
        return false;
    }
    for (unsigned i = 0; i < f->nchan; i++) {
        const HwgpuChannel *c = &f->chan[i];
        /* (byte-aligned 8-bit channels, the common case, read directly) */
        uint32_t v = convert(c, c->bits == 8 && !(c->shift & 7) ?
                                src[c->shift / 8] :
                                take(src, c->shift, c->bits));

        switch (c->name) {
        case 'R':
            rgba[0] = v;
            break;
        case 'G':
            rgba[1] = v;
            break;
        case 'B':
            rgba[2] = v;
            break;
        case 'A':
            rgba[3] = v;
            break;
        case 'L':
            rgba[0] = rgba[1] = rgba[2] = v;
            break;
        case 'I':
            rgba[0] = rgba[1] = rgba[2] = rgba[3] = v;
            break;
        default:
            break;
        }
    }
    return true;
}

unsigned hwgpu_format_float32_rgba(const HwgpuFormat *f)
{
    if (!f || f->kind != HWGPU_FMT_PLAIN || !f->nchan || f->nchan > 4 ||
        f->bits != 32 * f->nchan) {
        return 0;
    }
    for (unsigned i = 0; i < f->nchan; i++) {
        const HwgpuChannel *c = &f->chan[i];

        if (c->name != "RGBA"[i] || c->shift != 32 * i || c->bits != 32 ||
            c->type != HWGPU_CT_FLOAT) {
            return 0;
        }
    }
    return f->nchan;
}

uint16_t hwgpu_float_to_half(float f)
{
    uint32_t u = hwgpu_f2u(f), sign = (u >> 16) & 0x8000;
    int e = (int)((u >> 23) & 0xff) - 127 + 15;
    uint32_t m = u & 0x7fffff;

    if (((u >> 23) & 0xff) == 0xff) {
        return sign | 0x7c00 | (m ? 0x200 : 0);        /* Inf, NaN */
    }
    if (e >= 31) {
        return sign | 0x7c00;                           /* overflow */
    }
    if (e <= 0) {
        /* Denormal half (or zero): shift in the implicit bit, round. */
        uint32_t full = m | 0x800000, shift = 14 - e;
        uint32_t h, rem, half;

        if (shift > 24) {
            return sign;
        }
        h = full >> shift;
        rem = full & ((1u << shift) - 1);
        half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1))) {
            h++;
        }
        return sign | h;
    }
    {
        uint32_t h = ((uint32_t)e << 10) | (m >> 13), rem = m & 0x1fff;

        if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) {
            h++;                /* may carry into the exponent: correct */
        }
        return sign | h;
    }
}

float hwgpu_linear_to_srgb(float v)
{
    if (!(v > 0.0f)) {
        return 0.0f;
    }
    if (v >= 1.0f) {
        return 1.0f;
    }
    return v <= 0.0031308f ? v * 12.92f : 1.055f * powf(v, 1 / 2.4f) - 0.055f;
}

float hwgpu_srgb_to_linear(float v)
{
    if (!(v > 0.0f)) {
        return 0.0f;
    }
    if (v >= 1.0f) {
        return 1.0f;
    }
    return v <= 0.04045f ? v / 12.92f : powf((v + 0.055f) / 1.055f, 2.4f);
}

/*
 * One channel's bits from an RGBA value (float bits or an integer).
 * Rounding is explicit (floor of x + 0.5), so the result does not depend
 * on the host's rounding mode (the EU runs in round-toward-zero).
 */
static uint64_t to_bits(const HwgpuChannel *c, uint32_t v, bool integer)
{
    unsigned n = c->bits;
    uint64_t max = n >= 64 ? UINT64_MAX : (1ull << n) - 1;
    float f = hwgpu_u2f(v);

    switch (c->type) {
    case HWGPU_CT_UNORM:
        f = f > 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;     /* NaN -> 0 */
        /* non-negative: truncation is floor (and no libm call) */
        return (uint64_t)((double)f * (double)max + 0.5);
    case HWGPU_CT_SNORM: {
        double lim = (double)((1ull << (n - 1)) - 1);

        f = f > 1.0f ? 1.0f : f > -1.0f ? f : -1.0f;
        return (uint64_t)(int64_t)floor((double)f * lim + 0.5) & max;
    }
    case HWGPU_CT_USCALED:
        return f > 0.0f ? (uint64_t)fmin((double)f, (double)max) : 0;
    case HWGPU_CT_SSCALED:
        return (uint64_t)(int64_t)fmax(fmin((double)f, (double)(max >> 1)),
                                       -(double)(max >> 1) - 1) & max;
    case HWGPU_CT_UINT:
        return integer ? (v > max ? max : v) : 0;
    case HWGPU_CT_SINT: {
        int64_t i = (int32_t)v, hi = (int64_t)(max >> 1), lo = -hi - 1;

        return (uint64_t)(i > hi ? hi : i < lo ? lo : i) & max;
    }
    case HWGPU_CT_FLOAT:
        if (n == 32) {
            return v;
        } else if (n == 16) {
            return hwgpu_float_to_half(f);
        }
        return 0;               /* 11/10/64-bit float targets: not packed */
    default:
        return 0;
    }
}

/* Bits [shift, shift + bits) of dst (little endian) = v, a byte at a time. */
static void put_bits(uint8_t *dst, unsigned shift, unsigned bits, uint64_t v)
{
    while (bits) {
        unsigned b = shift % 8, take = 8 - b < bits ? 8 - b : bits;
        uint8_t m = (uint8_t)(((1u << take) - 1) << b);

        dst[shift / 8] = (dst[shift / 8] & ~m) | ((uint8_t)(v << b) & m);
        v >>= take;
        shift += take;
        bits -= take;
    }
}

/* The RGBA component a channel takes (L and I: red), -1 for padding. */
static int chan_src(char name)
{
    switch (name) {
    case 'R':
    case 'L':
    case 'I':
        return 0;
    case 'G':
        return 1;
    case 'B':
        return 2;
    case 'A':
        return 3;
    default:
        return -1;              /* X: padding keeps its bits */
    }
}


static bool byte_unorm8(const HwgpuChannel *c)
{
    return c->type == HWGPU_CT_UNORM && c->bits == 8 && !(c->shift & 7);
}

bool hwgpu_format_pack(const HwgpuFormat *f, const uint32_t rgba[4],
                       unsigned write_mask, uint8_t *dst)
{
    int integer = -1;           /* worked out when a channel needs it */

    if (f->kind != HWGPU_FMT_PLAIN) {
        return false;
    }
    for (unsigned i = 0; i < f->nchan; i++) {
        const HwgpuChannel *c = &f->chan[i];
        int src = chan_src(c->name);

        if (src < 0 || !(write_mask & (1u << src))) {
            continue;
        }
        if (byte_unorm8(c)) {
            dst[c->shift / 8] = hwgpu_unorm8(rgba[src]);
            continue;
        }
        if (integer < 0) {
            integer = hwgpu_format_is_integer(f);
        }
        put_bits(dst, c->shift, c->bits, to_bits(c, rgba[src], integer));
    }
    return true;
}

bool hwgpu_pack8_plan(const HwgpuFormat *f, HwgpuPack8 *p)
{
    unsigned bytes = hwgpu_format_bytes(f);

    if (f->kind != HWGPU_FMT_PLAIN || !bytes || bytes > sizeof(p->src)) {
        return false;
    }
    p->bytes = bytes;
    p->rgba = true;
    memset(p->src, -1, sizeof(p->src));
    for (unsigned i = 0; i < f->nchan; i++) {
        const HwgpuChannel *c = &f->chan[i];
        int src = chan_src(c->name);

        if (src < 0) {
            continue;
        }
        if (!byte_unorm8(c) || c->shift / 8 >= bytes) {
            return false;
        }
        p->src[c->shift / 8] = src;
        p->rgba &= c->name != 'L' && c->name != 'I';
    }
    return true;
}

/* UNORM8 byte to float bits, as convert() computes it. */
static uint32_t unorm8_float[256];
static pthread_once_t unorm8_once = PTHREAD_ONCE_INIT;

static void unorm8_table(void)
{
    for (unsigned v = 0; v < 256; v++) {
        unorm8_float[v] = hwgpu_f2u((float)((double)v / 255.0));
    }
}

const uint32_t *hwgpu_unorm8_floats(void)
{
    pthread_once(&unorm8_once, unorm8_table);
    return unorm8_float;
}

void hwgpu_unpack8(const HwgpuPack8 *p, const uint8_t *src, uint32_t rgba[4])
{
    pthread_once(&unorm8_once, unorm8_table);
    rgba[0] = rgba[1] = rgba[2] = 0;
    rgba[3] = hwgpu_f2u(1.0f);
    for (unsigned i = 0; i < p->bytes; i++) {
        if (p->src[i] >= 0) {
            rgba[p->src[i]] = unorm8_float[src[i]];
        }
    }
}

