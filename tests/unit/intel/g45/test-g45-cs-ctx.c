/*
 * Unit tests of the G45 command streamer's logical contexts: MI_SET_CONTEXT
 * saving and restoring 3D state images, and where a context is saved.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "g45-cs-test.h"

static void test_set_context(void)
{
    G45Engine e;
    uint32_t dr_a = 0x79000002, dr_b = 0x79000002;
    uint32_t ctx_dw;

    setup(&e, G45_ENGINE_RCS, 4);
    g_assert_cmpuint(rd(&e, G45_RING_CXT_SIZE), ==, G45_CXT_SIZE_RESET);
    g_assert_cmpuint((G45_CXT_SIZE_RESET + 1) * 64, ==, G45_CTX_IMAGE_BYTES);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(CTX_A | G45_MI_CTX_MM_GTT | G45_MI_CTX_RESTORE_INHIBIT);
    emit(dr_a);                     /* 3DSTATE_DRAWING_RECTANGLE */
    emit(0x00000000);
    emit(0x00ff00ff);
    emit(0x00000000);
    emit(0x79000002);               /* same state again: replaces it */
    emit(0x00000000);
    emit(0x01ff01ff);
    emit(0x00000000);
    emit(0x780a0001);               /* 3DSTATE_INDEX_BUFFER */
    emit(0x1000);
    emit(0x2000);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(CTX_B | G45_MI_CTX_MM_GTT | G45_MI_CTX_RESTORE_INHIBIT);
    emit(dr_b);
    emit(0x00000000);
    emit(0x00100010);
    emit(0x00000000);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(CTX_A | G45_MI_CTX_MM_GTT);
    submit(&e);
    g45_engine_run(&e, 100);
    /* Context A's image: magic, 7 dwords (latest rectangle + index). */
    g_assert_cmphex(gr32(CTX_A), ==, G45_CTX_MAGIC);
    g_assert_cmpuint(gr32(CTX_A + 4), ==, 7);
    g_assert_cmphex(gr32(CTX_A + 8), ==, 0x79000002);
    g_assert_cmphex(gr32(CTX_A + 16), ==, 0x01ff01ff);
    g_assert_cmphex(gr32(CTX_A + 24), ==, 0x780a0001);
    /* B saved with its one record when A came back. */
    g_assert_cmpuint(gr32(CTX_B + 4), ==, 4);
    g_assert_cmphex(gr32(CTX_B + 16), ==, 0x00100010);
    g_assert_cmphex(rd(&e, G45_RING_CCID), ==, CTX_A | G45_CCID_VALID);
    /* Restoring A replayed its two records through the 3D hook. */
    g_assert_cmpint(nhooks, ==, 6);
    g_assert_true(hook_restore[4] && hook_restore[5]);
    g_assert_cmphex(hook_hdr[4], ==, 0x79000002);
    g_assert_cmphex(hook_hdr[5], ==, 0x780a0001);
    g_assert_cmpuint(e.ctx_len, ==, 7);
    g_assert_cmpuint(e.stats.ctx_switches, ==, 3);

    /* Same context again without FORCE_RESTORE: nothing happens. */
    ctx_dw = gr32(CTX_A + 4);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(CTX_A | G45_MI_CTX_MM_GTT);
    submit(&e);
    g45_engine_run(&e, 100);
    g_assert_cmpuint(e.stats.ctx_switches, ==, 3);
    g_assert_cmpuint(gr32(CTX_A + 4), ==, ctx_dw);

    /* A garbage image is a logged guest error, the state is empty. */
    gw32(CTX_B, 0x12345678);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(CTX_B | G45_MI_CTX_MM_GTT);
    submit(&e);
    fake_host_clear_log(&fh);
    g45_engine_run(&e, 100);
    g_assert_cmpint(fake_host_nerrors(&fh), ==, 1);
    g_assert_cmpuint(e.ctx_len, ==, 0);
    g45_engine_destroy(&e);
}

/*
 * A context switch saves the outgoing context in the address space it was
 * loaded from: a physical context A followed by a GTT context B writes A's
 * image to physical memory, not to graphics address A.
 */
static void test_ctx_save_address_space(void)
{
    const uint32_t phys_a = 0x3c0000;
    G45Engine e;
    uint32_t magic;

    setup(&e, G45_ENGINE_RCS, 4);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(phys_a | G45_MI_CTX_RESTORE_INHIBIT);          /* physical */
    emit(0x79000002);               /* 3DSTATE_DRAWING_RECTANGLE */
    emit(0);
    emit(0x00ff00ff);
    emit(0);
    emit(G45_MI(G45_MI_SET_CONTEXT));
    emit(CTX_B | G45_MI_CTX_MM_GTT | G45_MI_CTX_RESTORE_INHIBIT);
    submit(&e);
    g45_engine_run(&e, 100);
    memcpy(&magic, ram + phys_a, 4);
    g_assert_cmphex(magic, ==, G45_CTX_MAGIC);
    g_assert_cmphex(gr32(phys_a), ==, 0);
    g45_engine_destroy(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g45-cs/set-context", test_set_context);
    g_test_add_func("/g45-cs/ctx-save-address-space",
                    test_ctx_save_address_space);
    return g_test_run();
}
