/*
 * Unit tests of the G45 command streamer's privileged state: logical
 * contexts (MI_SET_CONTEXT saving and restoring 3D state images, and where
 * a context is saved), then the privilege checks: privileged commands and
 * physical batches in non-secure batches, non-secure chains, and a hang
 * check that a secure batch cannot defeat.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "g45-cs-test.h"

/* ---- logical contexts (MI_SET_CONTEXT) ---------------------------- */

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
    /*
     * Restoring A emptied the 3D state (once: B's first use inhibited its
     * restore) and replayed A's two records through the 3D hook.
     */
    g_assert_cmpint(nrestores, ==, 1);
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

/* ---- non-secure batches (g45-cmd.h "Privilege", docs/g45-cs.md) ------ */

#define PC_QW_WRITE (((uint32_t)G45_GFX_PIPE_CONTROL << 16) | (1u << 14) | 2)

/*
 * Run `cmd` (n dwords) in a batch started with `flags` on the ring, followed
 * by a PIPE_CONTROL that writes 0x600d to DATA + 0x100 (allowed everywhere:
 * it shows that parsing went on) and BB_END.
 */
static void run_in_batch(G45Engine *e, const uint32_t *cmd, uint32_t n,
                         uint32_t flags)
{
    uint32_t a = BATCH;

    for (uint32_t i = 0; i < n; i++, a += 4) {
        gw32(a, cmd[i]);
    }
    gw32(a, PC_QW_WRITE);
    gw32(a + 4, DATA + 0x100);
    gw32(a + 8, 0x600d);
    gw32(a + 12, 0);
    gw32(a + 16, G45_MI(G45_MI_BATCH_BUFFER_END));
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT | flags);
    emit(BATCH);
    submit(e);
    g45_engine_run(e, 1000);
}

/*
 * Every privileged command in a non-secure batch is a no-op reported with
 * EIR bit 3 (IPEHR = its header); the batch goes on.  The same command in
 * a secure batch does what it says.
 */
static void test_nonsecure_privileged(void)
{
    const uint32_t phys = 0x3e0000;
    const struct {
        uint32_t dw[8];
        uint32_t n;
    } cmds[] = {
        { { G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2, 0, DATA,
            0xbad }, 4 },
        { { G45_MI(G45_MI_STORE_DATA_IMM) | 2, 0, phys, 0xbad }, 4 },
        { { G45_MI(G45_MI_STORE_DATA_INDEX) | 1, 0x40, 0xbad }, 3 },
        { { G45_MI(G45_MI_LOAD_REGISTER_IMM) | 1, 0x3000, 0xbad }, 3 },
        { { G45_MI(G45_MI_STORE_REGISTER_MEM) | G45_MI_USE_GGTT | 1, 0x3000,
            DATA }, 3 },
        { { G45_MI(G45_MI_SET_CONTEXT) | 0, CTX_A | G45_MI_CTX_MM_GTT }, 2 },
        { { G45_MI(G45_MI_DISPLAY_FLIP) | 2, 0, 0x100000, 0 }, 4 },
        { { G45_MI(G45_MI_WAIT_FOR_EVENT) | G45_WAIT_PIPE_A_VBLANK }, 1 },
        { { G45_MI(G45_MI_REPORT_HEAD) }, 1 },
        { { G45_MI(G45_MI_ARB_ON_OFF) }, 1 },
        { { G45_MI(G45_MI_SUSPEND_FLUSH) | 1 }, 1 },
        { { G45_MI(G45_MI_LOAD_SCAN_LINES_INCL), 0 }, 2 },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(cmds); i++) {
        G45Engine e;
        uint32_t ram_before;

        setup(&e, G45_ENGINE_RCS, 4);
        g45_engine_mmio_write(&e, G45_RING_HWS_PGA, HWS);
        memcpy(&ram_before, ram + phys, 4);
        run_in_batch(&e, cmds[i].dw, cmds[i].n, G45_MI_BB_NON_SECURE);
        g_assert_cmphex(eir_bits, ==, G45_EIR_CP_PRIV);
        g_assert_cmpuint(e.stats.priv_violations, ==, 1);
        g_assert_cmphex(rd(&e, G45_RING_IPEHR), !=, 0);
        g_assert_cmphex(gr32(DATA + 0x100), ==, 0x600d);   /* went on */
        g_assert_cmphex(gr32(DATA), ==, 0);
        g_assert_cmphex(gr32(HWS + 0x40), ==, 0);
        g_assert_cmphex(gr32(HWS + 0x10), ==, 0);
        g_assert_cmpmem(ram + phys, 4, &ram_before, 4);
        g_assert_cmpint(nreg_w, ==, 0);
        g_assert_cmpint(nflips, ==, 0);
        g_assert_cmphex(rd(&e, G45_RING_CCID), ==, 0);
        g_assert_false(g45_engine_busy(&e));
        g_assert_cmphex(rd(&e, G45_RING_HEAD), ==, rd(&e, G45_RING_TAIL));
        g45_engine_destroy(&e);

        /* Secure: no report, and the command ran. */
        setup(&e, G45_ENGINE_RCS, 4);
        g45_engine_mmio_write(&e, G45_RING_HWS_PGA, HWS);
        run_in_batch(&e, cmds[i].dw, cmds[i].n, 0);
        g_assert_cmphex(eir_bits & (G45_EIR_CP_PRIV | G45_EIR_MEM_PRIV), ==,
                        0);
        g_assert_cmpuint(e.stats.priv_violations, ==, 0);
        g45_engine_destroy(&e);
    }
}

/*
 * A non-secure batch may not start a batch in physical memory (EIR bit 4,
 * the BB_START is a no-op), and a batch it chains to through the GTT stays
 * non-secure whatever its own bit 8 says.
 */
static void test_nonsecure_phys_and_sticky(void)
{
    const uint32_t pstore[] = {
        G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2, 0, DATA, 0xbad,
        G45_MI(G45_MI_BATCH_BUFFER_END),
    };
    const uint32_t to_phys[] = {
        G45_MI(G45_MI_BATCH_BUFFER_START), PHYS_BATCH,
    };
    const uint32_t chain[] = {
        G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT, BATCH + 0x1000,
    };
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    memcpy(ram + PHYS_BATCH, pstore, sizeof(pstore));
    run_in_batch(&e, to_phys, 2, G45_MI_BB_NON_SECURE);
    g_assert_cmphex(eir_bits, ==, G45_EIR_MEM_PRIV);
    g_assert_cmphex(gr32(DATA), ==, 0);
    g_assert_cmphex(gr32(DATA + 0x100), ==, 0x600d);
    g45_engine_destroy(&e);

    setup(&e, G45_ENGINE_RCS, 4);
    for (uint32_t i = 0; i < G_N_ELEMENTS(pstore); i++) {
        gw32(BATCH + 0x1000 + 4 * i, pstore[i]);
    }
    run_in_batch(&e, chain, 2, G45_MI_BB_NON_SECURE);
    g_assert_cmphex(eir_bits, ==, G45_EIR_CP_PRIV);
    g_assert_cmphex(gr32(DATA), ==, 0);
    g_assert_false(g45_engine_busy(&e));
    g45_engine_destroy(&e);
}

/*
 * The hang check cannot be defeated: an LRI to the ring's own HEAD from a
 * (secure) batch is dropped, so a batch that chains to itself is declared
 * hung once it has chained G45_BB_MAX_CHAIN times.
 */
static void test_self_chain_hangs(void)
{
    G45Engine e;

    setup(&e, G45_ENGINE_RCS, 4);
    gw32(BATCH, G45_MI(G45_MI_LOAD_REGISTER_IMM) | 1);
    gw32(BATCH + 4, G45_RCS_BASE + G45_RING_HEAD);
    gw32(BATCH + 8, 0);
    gw32(BATCH + 12, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    gw32(BATCH + 16, BATCH);
    emit(G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    emit(BATCH);
    submit(&e);
    g45_engine_run(&e, 4 * G45_BB_MAX_CHAIN);
    g_assert_cmpint(nhangs, ==, 1);
    g_assert_false(g45_engine_busy(&e));
    g_assert_cmpint(nreg_w, ==, 0);
    g45_engine_destroy(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g45-cs/set-context", test_set_context);
    g_test_add_func("/g45-cs/ctx-save-address-space",
                    test_ctx_save_address_space);
    g_test_add_func("/g45-cs/nonsecure-privileged", test_nonsecure_privileged);
    g_test_add_func("/g45-cs/nonsecure-phys-and-sticky",
                    test_nonsecure_phys_and_sticky);
    g_test_add_func("/g45-cs/self-chain-hangs", test_self_chain_hangs);
    return g_test_run();
}
