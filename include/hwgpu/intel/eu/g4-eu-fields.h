/*
 * The EU instruction's fields as data: the enum G4F_* and the bit range
 * of each field per generation, from the one list in g4-eu-fields.def.
 * The codec (decode and encode, hw/intel/eu/g4-eu-decode.c) reads and
 * writes instruction words only through g4_eu_get()/g4_eu_set(), so no bit
 * position is written twice; describing another generation is filling
 * its column of the list (docs/g4-eu-codec.md).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G4_EU_FIELDS_H
#define HWGPU_INTEL_G4_EU_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum G4EuField {
#define G4_EU_FIELD(name, g4, g5, g8) G4F_##name,
#include "hwgpu/intel/eu/g4-eu-fields.def"
#undef G4_EU_FIELD
    G4F__COUNT
} G4EuField;

/* The generations the list has a column for. */
typedef enum G4EuGen {
    G4_EU_GEN4,             /* 965 and G4x (G45): the native layout */
    G4_EU_GEN5,             /* Ironlake */
    G4_EU_GEN8,             /* Broadwell */
    G4_EU_GENS
} G4EuGen;

typedef struct G4EuFieldRange {
    uint8_t hi, lo;         /* absolute bits in the 128-bit instruction */
    bool present;           /* false: the generation has no such field */
} G4EuFieldRange;

extern const G4EuFieldRange g4_eu_field_ranges[G4_EU_GENS][G4F__COUNT];
extern const char *const g4_eu_field_names[G4F__COUNT];

/* Field f of instruction words dw (Gen4 layout), shifted down. */
static inline uint32_t g4_eu_get(const uint32_t dw[4], G4EuField f)
{
    const G4EuFieldRange *r = &g4_eu_field_ranges[G4_EU_GEN4][f];
    unsigned w = r->lo / 32, lo = r->lo % 32, width = r->hi - r->lo + 1;

    return (dw[w] >> lo) & (UINT32_MAX >> (32 - width));
}

/* Set field f of dw to v (bits of v beyond the field are dropped). */
static inline void g4_eu_set(uint32_t dw[4], G4EuField f, uint32_t v)
{
    const G4EuFieldRange *r = &g4_eu_field_ranges[G4_EU_GEN4][f];
    unsigned w = r->lo / 32, lo = r->lo % 32, width = r->hi - r->lo + 1;
    uint32_t m = (UINT32_MAX >> (32 - width)) << lo;

    dw[w] = (dw[w] & ~m) | ((v << lo) & m);
}

/* The bits of field f within its dword (for whole-dword checks). */
static inline uint32_t g4_eu_dword_mask(G4EuField f)
{
    const G4EuFieldRange *r = &g4_eu_field_ranges[G4_EU_GEN4][f];
    unsigned width = r->hi - r->lo + 1;

    return (UINT32_MAX >> (32 - width)) << (r->lo % 32);
}

#endif
