/*
 * Command and state layouts as data: formatter and consistency check; see
 * include/hwgpu/common/cmdfield.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>

#include "hwgpu/common/cmdfield.h"

uint32_t hwgpu_field_raw(const HwgpuFieldDesc *f, const uint32_t *dw)
{
    uint32_t v = dw[f->dword];

    if (f->type == HWGPU_FIELD_ADDRESS || f->type == HWGPU_FIELD_OFFSET) {
        return hwgpu_bits_in_place(v, f->hi, f->lo);
    }
    return hwgpu_bits(v, f->hi, f->lo);
}

const char *hwgpu_enum_name(const HwgpuEnumDesc *e, uint32_t value)
{
    for (unsigned i = 0; e && i < e->nvalues; i++) {
        if (e->values[i].value == value) {
            return e->values[i].name;
        }
    }
    return NULL;
}

int hwgpu_field_format(const HwgpuFieldDesc *f, const uint32_t *dw,
                       char *buf, size_t size)
{
    uint32_t v = hwgpu_field_raw(f, dw);
    unsigned w = f->hi - f->lo + 1;
    const char *name;

    switch (f->type) {
    case HWGPU_FIELD_INT:
        return snprintf(buf, size, " %s=%d", f->name,
                        hwgpu_sbits(dw[f->dword], f->hi, f->lo));
    case HWGPU_FIELD_HEX:
        return snprintf(buf, size, " %s=0x%0*x", f->name, (w + 3) / 4, v);
    case HWGPU_FIELD_ENUM:
        name = hwgpu_enum_name(f->enm, v);
        if (name) {
            return snprintf(buf, size, " %s=%s", f->name, name);
        }
        return snprintf(buf, size, " %s=%u?", f->name, v);
    case HWGPU_FIELD_ADDRESS:
    case HWGPU_FIELD_OFFSET:
        return snprintf(buf, size, " %s=0x%08x", f->name, v);
    case HWGPU_FIELD_FLOAT:
        return snprintf(buf, size, " %s=%g", f->name, hwgpu_u2f(v));
    case HWGPU_FIELD_UFIXED:
        return snprintf(buf, size, " %s=%g", f->name,
                        (double)v / (double)(1u << f->frac));
    case HWGPU_FIELD_SFIXED:
        return snprintf(buf, size, " %s=%g", f->name,
                        (double)hwgpu_sbits(dw[f->dword], f->hi, f->lo) /
                        (double)(1u << f->frac));
    case HWGPU_FIELD_BOOL:
    case HWGPU_FIELD_UINT:
    default:
        return snprintf(buf, size, " %s=%u", f->name, v);
    }
}

/* Append fields of `dw` (n dwords available) to buf at *pos. */
static void format_fields(const HwgpuFieldDesc *fields, unsigned nfields,
                          const uint32_t *dw, uint32_t n, char *buf,
                          size_t size, size_t *pos)
{
    for (unsigned i = 0; i < nfields && *pos < size; i++) {
        int r;

        if (fields[i].dword >= n) {
            continue;
        }
        r = hwgpu_field_format(&fields[i], dw, buf + *pos, size - *pos);
        *pos += r < 0 ? 0 : (size_t)r;
    }
}

static uint32_t group_count(const HwgpuGroupDesc *g, uint32_t n)
{
    uint32_t c;

    if (n <= g->dword || !g->size) {
        return 0;
    }
    c = (n - g->dword) / g->size;
    if (g->count && c > g->count) {
        c = g->count;
    }
    return c;
}

size_t hwgpu_layout_format(const HwgpuLayout *l, const uint32_t *dw,
                           uint32_t n, char *buf, size_t size)
{
    size_t pos = 0;

    if (!size) {
        return 0;
    }
    buf[0] = 0;
    format_fields(l->fields, l->nfields, dw, n, buf, size, &pos);
    for (unsigned g = 0; g < l->ngroups; g++) {
        const HwgpuGroupDesc *gd = &l->groups[g];
        uint32_t c = group_count(gd, n);

        for (uint32_t i = 0; i < c && pos < size; i++) {
            int r = snprintf(buf + pos, size - pos, " %s[%u]:", gd->name, i);

            pos += r < 0 ? 0 : (size_t)r;
            format_fields(gd->fields, gd->nfields,
                          dw + gd->dword + i * gd->size, gd->size, buf,
                          size, &pos);
        }
    }
    return pos < size ? pos : size - 1;
}

static char problem[160];

static const char *fail(const char *layout, const char *field,
                        const char *what)
{
    snprintf(problem, sizeof(problem), "%s.%s: %s", layout, field, what);
    return problem;
}

/* Fields of one layout or element: `len` dwords always there, `max` at most. */
static const char *check_fields(const char *lname, const HwgpuFieldDesc *f,
                                unsigned nf, uint32_t len, uint32_t max,
                                uint32_t hdr_mask)
{
    for (unsigned i = 0; i < nf; i++) {
        if (f[i].lo > f[i].hi || f[i].hi > 31) {
            return fail(lname, f[i].name, "bad bit range");
        }
        if (f[i].dword >= max || (f[i].dword >= len && !f[i].optional)) {
            return fail(lname, f[i].name, "beyond the length");
        }
        if (f[i].dword == 0 && (hwgpu_field_mask(&f[i]) & hdr_mask)) {
            return fail(lname, f[i].name, "on header bits");
        }
        if (f[i].type == HWGPU_FIELD_FLOAT && (f[i].lo || f[i].hi != 31)) {
            return fail(lname, f[i].name, "float is not a whole dword");
        }
        if (f[i].type == HWGPU_FIELD_ENUM) {
            if (!f[i].enm) {
                return fail(lname, f[i].name, "enum without values");
            }
            for (unsigned k = 0; k < f[i].enm->nvalues; k++) {
                if (f[i].enm->values[k].value >
                    hwgpu_bits(UINT32_MAX, f[i].hi, f[i].lo)) {
                    return fail(lname, f[i].name, "enum value too wide");
                }
            }
        }
        for (unsigned j = 0; j < i; j++) {
            if (f[j].dword == f[i].dword &&
                (hwgpu_field_mask(&f[j]) & hwgpu_field_mask(&f[i]))) {
                return fail(lname, f[i].name, "overlaps another field");
            }
        }
    }
    return NULL;
}

const char *hwgpu_layout_check(const HwgpuLayout *l)
{
    uint32_t end = 0;
    const char *why;

    if (!l->min_len || l->max_len < l->min_len) {
        return fail(l->name, "-", "bad length rule");
    }
    why = check_fields(l->name, l->fields, l->nfields, l->min_len,
                       l->max_len, l->hdr_mask);
    if (why) {
        return why;
    }
    for (unsigned i = 0; i < l->nfields; i++) {
        end = l->fields[i].dword + 1u > end ? l->fields[i].dword + 1u : end;
    }
    for (unsigned g = 0; g < l->ngroups; g++) {
        const HwgpuGroupDesc *gd = &l->groups[g];

        if (!gd->size || gd->dword < end) {
            return fail(l->name, gd->name, "group overlaps the fields");
        }
        if (!gd->count && g + 1 != l->ngroups) {
            return fail(l->name, gd->name, "open group is not the last");
        }
        if (gd->count && gd->dword + gd->count * gd->size > l->max_len) {
            return fail(l->name, gd->name, "group beyond the length");
        }
        if (gd->dword >= l->max_len) {
            return fail(l->name, gd->name, "group beyond the length");
        }
        why = check_fields(l->name, gd->fields, gd->nfields, gd->size,
                           gd->size, 0);
        if (why) {
            return why;
        }
        end = gd->dword + gd->count * gd->size;
    }
    return NULL;
}
