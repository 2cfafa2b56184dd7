/*
 * Texel and vertex formats from their names; see
 * include/hwgpu/render/format.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
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
} compressed[] = {
    { "BC1_", 64 }, { "BC2_", 128 }, { "BC3_", 128 }, { "BC4_", 64 },
    { "BC5_", 128 }, { "DXT1_", 64 }, { "FXT1", 128 },
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
    if (!out->nchan || shift % 8 || shift > 128) {
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

/* Bits [shift, shift + bits) of the element (bits <= 64). */
static uint64_t take(const uint8_t *src, unsigned shift, unsigned bits)
{
    uint64_t v = 0;

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
        uint32_t v = convert(c, take(src, c->shift, c->bits));

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
