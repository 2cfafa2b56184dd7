/*
 * Command and state layouts as data, for any GPU family.
 *
 * A layout describes the dwords of one command packet or one state
 * structure in memory: named fields (dword, bit range, type) and repeating
 * groups (an array of same-shaped elements, e.g. one per vertex buffer).
 * Layouts are generated at build time from a family's description
 * (hw/intel/g45/g45-commands.xml for G45) by hw/common/cmdgen.py; the same
 * generator writes inline getters for each field.  This file holds the
 * vendor-neutral part: the descriptor types, the bit extractors the
 * generated getters use, a formatter that prints any packet field by field
 * (the disassemblers) and a consistency check (the unit tests).
 * Header decoding (which packet a dword 0 starts, its length rule) is the
 * vendor's: see docs/g45-cs.md "Command description".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_CMDFIELD_H
#define HWGPU_CMDFIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/bits.h"
#include <string.h>

typedef enum HwgpuFieldType {
    HWGPU_FIELD_UINT,       /* unsigned, printed in decimal */
    HWGPU_FIELD_HEX,        /* unsigned, printed in hex (masks, colours) */
    HWGPU_FIELD_INT,        /* two's complement, sign-extended */
    HWGPU_FIELD_BOOL,
    HWGPU_FIELD_ENUM,       /* printed by value name */
    HWGPU_FIELD_ADDRESS,    /* graphics address: bits kept in place */
    HWGPU_FIELD_OFFSET,     /* offset from a base address: in place */
    HWGPU_FIELD_FLOAT,      /* IEEE single, a whole dword */
    HWGPU_FIELD_UFIXED,     /* unsigned fixed point, `frac` fraction bits */
    HWGPU_FIELD_SFIXED,     /* signed fixed point */
} HwgpuFieldType;

typedef struct HwgpuEnumValue {
    uint32_t value;
    const char *name;
} HwgpuEnumValue;

typedef struct HwgpuEnumDesc {
    const char *name;
    const HwgpuEnumValue *values;
    uint16_t nvalues;
} HwgpuEnumDesc;

typedef struct HwgpuFieldDesc {
    const char *name;
    uint16_t dword;         /* from the start of the layout or element */
    uint8_t lo, hi;         /* bit range, inclusive */
    uint8_t type;           /* HwgpuFieldType */
    uint8_t frac;           /* fixed point: fraction bits */
    bool optional;          /* may lie beyond the minimum length */
    const HwgpuEnumDesc *enm;
} HwgpuFieldDesc;

/*
 * A repeating group: `count` elements of `size` dwords from `dword` on
 * (count 0: as many as the packet's length holds; such a group is last).
 */
typedef struct HwgpuGroupDesc {
    const char *name;
    uint16_t dword, size, count, max;   /* max 0: no limit */
    const HwgpuFieldDesc *fields;
    uint16_t nfields;
    uint32_t addr_mask;     /* dwords of one element holding addresses */
} HwgpuGroupDesc;

typedef struct HwgpuLayout {
    const char *name;
    uint32_t min_len;       /* dwords every instance has */
    uint32_t max_len;       /* largest length the encoding allows */
    uint32_t hdr_mask;      /* dword 0 bits that are the vendor's header */
    const HwgpuFieldDesc *fields;
    uint16_t nfields;
    const HwgpuGroupDesc *groups;
    uint16_t ngroups;
    uint64_t addr_mask;     /* dwords 0..63 holding graphics addresses */
} HwgpuLayout;

/* Bits hi:lo of v, shifted down. */
static inline uint32_t hwgpu_bits(uint32_t v, unsigned hi, unsigned lo)
{
    return (v >> lo) & (UINT32_MAX >> (31 - (hi - lo)));
}

/* Bits hi:lo of v, sign-extended. */
static inline int32_t hwgpu_sbits(uint32_t v, unsigned hi, unsigned lo)
{
    unsigned w = hi - lo + 1;
    uint32_t u = hwgpu_bits(v, hi, lo);

    return w == 32 ? (int32_t)u : (int32_t)(u ^ (1u << (w - 1))) -
                                  (int32_t)(1u << (w - 1));
}

/* Bits hi:lo of v in place (addresses, offsets). */
static inline uint32_t hwgpu_bits_in_place(uint32_t v, unsigned hi,
                                           unsigned lo)
{
    return v & (UINT32_MAX >> (31 - hi)) & (UINT32_MAX << lo);
}

/* Mask of bits hi:lo. */
static inline uint32_t hwgpu_field_mask(const HwgpuFieldDesc *f)
{
    return hwgpu_bits_in_place(UINT32_MAX, f->hi, f->lo);
}

/* The field's raw value (shifted down; addresses and offsets in place). */
uint32_t hwgpu_field_raw(const HwgpuFieldDesc *f, const uint32_t *dw);

/* Name of `value` in `e`, or NULL. */
const char *hwgpu_enum_name(const HwgpuEnumDesc *e, uint32_t value);

/* Append " name=value" for `f` of the packet at dw; returns chars wanted. */
int hwgpu_field_format(const HwgpuFieldDesc *f, const uint32_t *dw,
                       char *buf, size_t size);

/*
 * Append every field of `l` that lies within the `n` dwords at dw, then
 * each element of its groups (" name[i]:" and the element's fields), to
 * buf (NUL-terminated, truncated to `size`).  Returns the length written.
 */
size_t hwgpu_layout_format(const HwgpuLayout *l, const uint32_t *dw,
                           uint32_t n, char *buf, size_t size);

/*
 * Check a layout: fields inside their dword and inside the length (or
 * optional and inside the maximum), no two fields of a dword or element
 * overlapping, no field on header bits, groups inside the length and after
 * the fields, enum values that fit their field.  NULL if consistent, else a
 * description of the first problem (static storage).
 */
const char *hwgpu_layout_check(const HwgpuLayout *l);

#endif
