/*
 * The EU instruction's field table, from include/hwgpu/intel/eu/
 * g4-eu-fields.def (Intel G45 PRM Vol 4, §13.2 "Instruction Machine
 * Formats", Tables 13-4 to 13-17).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/intel/eu/g4-eu-fields.h"

#define B(h, l) { .hi = (h), .lo = (l), .present = true }
#define NA { .hi = 0, .lo = 0, .present = false }

const G4EuFieldRange g4_eu_field_ranges[G4_EU_GENS][G4F__COUNT] = {
    [G4_EU_GEN4] = {
#define G4_EU_FIELD(name, g4, g5, g8) [G4F_##name] = g4,
#include "hwgpu/intel/eu/g4-eu-fields.def"
#undef G4_EU_FIELD
    },
    [G4_EU_GEN5] = {
#define G4_EU_FIELD(name, g4, g5, g8) [G4F_##name] = g5,
#include "hwgpu/intel/eu/g4-eu-fields.def"
#undef G4_EU_FIELD
    },
    [G4_EU_GEN8] = {
#define G4_EU_FIELD(name, g4, g5, g8) [G4F_##name] = g8,
#include "hwgpu/intel/eu/g4-eu-fields.def"
#undef G4_EU_FIELD
    },
};

const char *const g4_eu_field_names[G4F__COUNT] = {
#define G4_EU_FIELD(name, g4, g5, g8) [G4F_##name] = #name,
#include "hwgpu/intel/eu/g4-eu-fields.def"
#undef G4_EU_FIELD
};
