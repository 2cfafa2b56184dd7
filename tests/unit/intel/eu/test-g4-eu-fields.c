/*
 * Unit tests of the EU instruction field table (include/hwgpu/intel/eu/
 * g4-eu-fields.def): every range inside the 128-bit instruction, inside one
 * dword (the accessors work on dwords), at most 32 bits; the fields one
 * encoding form uses never overlap; get/set round trips.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-fields.h"

static void test_ranges(void)
{
    for (int g = 0; g < G4_EU_GENS; g++) {
        for (int f = 0; f < G4F__COUNT; f++) {
            const G4EuFieldRange *r = &g4_eu_field_ranges[g][f];

            if (!r->present) {
                continue;
            }
            if (r->hi > 127 || r->lo > r->hi || r->hi / 32 != r->lo / 32) {
                g_error("%s: bits %u:%u not within one dword of the "
                        "instruction", g4_eu_field_names[f], r->hi, r->lo);
            }
        }
    }
    /* The Gen4 column is complete. */
    for (int f = 0; f < G4F__COUNT; f++) {
        g_assert_true(g4_eu_field_ranges[G4_EU_GEN4][f].present);
        g_assert_nonnull(g4_eu_field_names[f]);
    }
}

/*
 * One encoding form (Align1 direct operands, register sources) uses these
 * fields; together they must cover the 128 bits exactly once.
 */
static void test_align1_direct_form_tiles(void)
{
    static const G4EuField form[] = {
        G4F_OPCODE, G4F_DW0_RSVD, G4F_ACCESS_MODE, G4F_MASK_CONTROL,
        G4F_NO_DD_CLEAR, G4F_NO_DD_CHECK, G4F_COMPRESSION,
        G4F_THREAD_CONTROL, G4F_PRED_CONTROL, G4F_PRED_INV, G4F_EXEC_SIZE,
        G4F_COND_MODIFIER, G4F_MASK_CONTROL_EX, G4F_COMPACT_CONTROL,
        G4F_DEBUG, G4F_SATURATE,
        G4F_DST_FILE, G4F_DST_TYPE, G4F_SRC0_FILE, G4F_SRC0_TYPE,
        G4F_SRC1_FILE, G4F_SRC1_TYPE, G4F_DW1_RSVD,
        G4F_DST_ADDR_MODE, G4F_DST_HSTRIDE, G4F_DST_DA_REG_NR,
        G4F_DST_DA1_SUBREG_NR,
        G4F_SRC0_DA1_SUBREG_NR, G4F_SRC0_DA_REG_NR, G4F_SRC0_ABS,
        G4F_SRC0_NEGATE, G4F_SRC0_ADDR_MODE, G4F_SRC0_A1_HSTRIDE,
        G4F_SRC0_A1_WIDTH, G4F_SRC0_VSTRIDE, G4F_FLAG_SUBREG_NR,
        G4F_DW2_RSVD,
        G4F_SRC1_DA1_SUBREG_NR, G4F_SRC1_DA_REG_NR, G4F_SRC1_ABS,
        G4F_SRC1_NEGATE, G4F_SRC1_ADDR_MODE, G4F_SRC1_A1_HSTRIDE,
        G4F_SRC1_A1_WIDTH, G4F_SRC1_VSTRIDE, G4F_DW3_RSVD,
    };
    uint32_t seen[4] = { 0 };

    for (unsigned i = 0; i < G_N_ELEMENTS(form); i++) {
        const G4EuFieldRange *r = &g4_eu_field_ranges[G4_EU_GEN4][form[i]];
        uint32_t m = g4_eu_dword_mask(form[i]);

        if (seen[r->lo / 32] & m) {
            g_error("%s overlaps another field of the form",
                    g4_eu_field_names[form[i]]);
        }
        seen[r->lo / 32] |= m;
    }
    for (int w = 0; w < 4; w++) {
        g_assert_cmphex(seen[w], ==, 0xffffffffu);
    }
}

static void test_get_set(void)
{
    uint32_t dw[4];

    memset(dw, 0xff, sizeof(dw));
    g4_eu_set(dw, G4F_SEND_MLEN, 3);
    g_assert_cmpuint(g4_eu_get(dw, G4F_SEND_MLEN), ==, 3);
    g_assert_cmphex(dw[3], ==, 0xff3fffffu);
    g4_eu_set(dw, G4F_IMM32, 0x12345678);
    g_assert_cmphex(dw[3], ==, 0x12345678);
    g_assert_cmpuint(g4_eu_get(dw, G4F_JUMP_COUNT), ==, 0x5678);
    g4_eu_set(dw, G4F_OPCODE, 0x1ff);          /* 7 bits kept */
    g_assert_cmpuint(g4_eu_get(dw, G4F_OPCODE), ==, 0x7f);
    g_assert_cmphex(dw[0], ==, 0xffffffffu);
    g4_eu_set(dw, G4F_DST_DA_REG_NR, 0);
    g_assert_cmphex(dw[1], ==, 0xe01fffffu);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g4-eu/fields/ranges", test_ranges);
    g_test_add_func("/g4-eu/fields/align1-direct-form-tiles",
                    test_align1_direct_form_tiles);
    g_test_add_func("/g4-eu/fields/get-set", test_get_set);
    return g_test_run();
}
