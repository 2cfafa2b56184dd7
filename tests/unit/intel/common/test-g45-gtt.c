/*
 * Unit tests of the G45 GTT translation module.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/common/gtt.h"
#include "common/fake-host.h"

#define RAM_SIZE (1u << 20)
static uint8_t ram[RAM_SIZE];
static FakeHost fh;

/* Logged lines: all of them guest errors. */
static uint32_t ldl_le(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned nerrors(void)
{
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_UNIMP), ==, 0);
    return fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR);
}

static void test_pte_decode(void)
{
    uint64_t pa;

    g_assert_false(g45_pte_decode(0x12345000, &pa));
    g_assert_true(g45_pte_decode(0x12345001, &pa));
    g_assert_cmphex(pa, ==, 0x12345000);
    /* bits 7:4 are physical address bits 35:32 */
    g_assert_true(g45_pte_decode(0xfffff0f1, &pa));
    g_assert_cmphex(pa, ==, 0xffffff000ull);
    g_assert_true(g45_pte_decode(0x00001031, &pa));
    g_assert_cmphex(pa, ==, 0x300001000ull);
}

/* Both access paths: DMA per access, and pages mapped (g45_gtt_direct). */
static void translate_and_copy(bool direct)
{
    uint32_t ptes[4] = { 0x00003001, 0x00001001, 0x00005000, 0x0fff0001 };
    G45Gtt gtt;
    uint64_t pa;
    uint8_t buf[8192];

    hwgpu_log_new_epoch();          /* log-bounded used the sites up */
    g45_gtt_init(&gtt, ptes, 4, &fh.host);
    g45_gtt_direct(&gtt, direct);
    g_assert_true(g45_gtt_translate(&gtt, 0x0010, &pa));
    g_assert_cmphex(pa, ==, 0x3010);
    g_assert_true(g45_gtt_translate(&gtt, 0x1ffc, &pa));
    g_assert_cmphex(pa, ==, 0x1ffc);
    g_assert_false(g45_gtt_translate(&gtt, 0x2000, &pa));   /* invalid PTE */
    g_assert_false(g45_gtt_translate(&gtt, 0x4000, &pa));   /* beyond GTT */
    g_assert_false(g45_gtt_translate(&gtt, ~0ull, &pa));

    /* A copy that crosses pages lands in the right physical pages. */
    memset(ram, 0, sizeof(ram));
    memset(buf, 0xab, sizeof(buf));
    g_assert_true(g45_gtt_write(&gtt, 0x0ff0, buf, 0x20));
    g_assert_cmpint(ram[0x3ff0], ==, 0xab);
    g_assert_cmpint(ram[0x3fff], ==, 0xab);
    g_assert_cmpint(ram[0x4000], ==, 0);
    g_assert_cmpint(ram[0x1000], ==, 0xab);
    g_assert_cmpint(ram[0x100f], ==, 0xab);
    g_assert_cmpint(ram[0x1010], ==, 0);

    /* Invalid and out-of-range pages: reads give zeros, writes vanish. */
    fake_host_clear_log(&fh);
    memset(ram, 0x55, sizeof(ram));
    memset(buf, 0xcc, sizeof(buf));
    g_assert_false(g45_gtt_read(&gtt, 0x1800, buf, 0x1000));
    g_assert_cmpint(buf[0], ==, 0x55);            /* page 1: mapped */
    g_assert_cmpint(buf[0x7ff], ==, 0x55);
    g_assert_cmpint(buf[0x800], ==, 0);           /* page 2: invalid */
    g_assert_false(g45_gtt_write(&gtt, 0x2000, buf, 16));
    g_assert_false(g45_gtt_read(&gtt, 0x10000, buf, 16));
    g_assert_cmpint(nerrors(), ==, 3);
    /* A valid PTE pointing outside guest RAM fails without touching it. */
    g_assert_false(g45_gtt_read(&gtt, 0x3000, buf, 16));
    g_assert_cmpint(buf[0], ==, 0);
    g45_gtt_unmap_all(&gtt);
}

static void test_translate_and_copy(void)
{
    translate_and_copy(false);
}

static void test_translate_and_copy_direct(void)
{
    uint64_t maps = fh.maps;

    translate_and_copy(true);
    g_assert_cmpuint(fh.maps, >, maps);
    g_assert_cmpuint(fh.unmaps, ==, fh.maps);
}

/*
 * Direct access: a page is mapped once and accessed many times; unmap_all
 * gives every page back, those written flagged so; a PTE changed while
 * its page is mapped takes effect at the next mapping (per command, as a
 * TLB would).
 */
static void test_direct(void)
{
    uint32_t ptes[2] = { 0x00002001, 0x00004001 };
    uint64_t maps = fh.maps, unmaps = fh.unmaps, written = fh.unmaps_written;
    G45Gtt gtt;
    uint32_t v = 0x11223344, r;

    memset(ram, 0, sizeof(ram));
    g45_gtt_init(&gtt, ptes, 2, &fh.host);
    g45_gtt_direct(&gtt, true);
    for (int i = 0; i < 100; i++) {
        g_assert_true(g45_gtt_write(&gtt, 4 * i, &v, 4));
    }
    g_assert_true(g45_gtt_read(&gtt, 0x1000, &r, 4));
    g_assert_cmpuint(fh.maps - maps, ==, 2);
    g_assert_cmpuint(gtt.maps_made, ==, 2);
    g_assert_cmphex(ldl_le(ram + 0x2000 + 4 * 99), ==, 0x11223344);
    ptes[0] = 0x00003001;           /* still the old page until unmapped */
    g_assert_true(g45_gtt_write(&gtt, 0x10, &v, 4));
    g_assert_cmphex(ldl_le(ram + 0x3010), ==, 0);
    g45_gtt_unmap_all(&gtt);
    g_assert_cmpuint(fh.unmaps - unmaps, ==, 2);
    g_assert_cmpuint(fh.unmaps_written - written, ==, 1);
    g_assert_true(g45_gtt_write(&gtt, 0x10, &v, 4));
    g_assert_cmphex(ldl_le(ram + 0x3010), ==, 0x11223344);
    /* Off: everything given back, and the DMA path again. */
    g45_gtt_direct(&gtt, false);
    g_assert_cmpuint(fh.unmaps, ==, fh.maps);
    maps = fh.maps;
    g_assert_true(g45_gtt_write(&gtt, 0x20, &v, 4));
    g_assert_cmpuint(fh.maps, ==, maps);
}

/*
 * Pages in one map set: two take turns without mapping again (two vertex
 * buffers read element by element); a third replaces the one used less
 * recently, and the pointer just returned survives it.
 */
static void test_direct_sets(void)
{
    enum { NPTES = 3 * G45_GTT_SETS + 1 };
    uint32_t ptes[NPTES];
    uint64_t a = 0, b = (uint64_t)G45_GTT_SETS * 4096,
             c = 2 * (uint64_t)G45_GTT_SETS * 4096;
    G45Gtt gtt;
    uint8_t *pa, *pb;

    memset(ram, 0, sizeof(ram));
    for (unsigned i = 0; i < NPTES; i++) {
        ptes[i] = (0x10000 + i * 0x1000) | 1;
    }
    g_assert_cmpuint(g45_gtt_map_set(a), ==, g45_gtt_map_set(b));
    g_assert_cmpuint(g45_gtt_map_set(a), ==, g45_gtt_map_set(c));
    g45_gtt_init(&gtt, ptes, NPTES, &fh.host);
    g45_gtt_direct(&gtt, true);
    for (int i = 0; i < 50; i++) {
        pa = g45_gtt_direct_ptr(&gtt, a + 4 * i, 4, true);
        pb = g45_gtt_direct_ptr(&gtt, b + 4 * i, 4, false);
        g_assert_nonnull(pa);
        g_assert_nonnull(pb);
        g_assert_true(pa == ram + 0x10000 + 4 * i);
        g_assert_true(pb == ram + 0x10000 + G45_GTT_SETS * 0x1000 + 4 * i);
    }
    g_assert_cmpuint(gtt.maps_made, ==, 2);
    /* b used last: c takes a's way, and b's pointer still holds */
    pb = g45_gtt_direct_ptr(&gtt, b, 4, false);
    g_assert_nonnull(g45_gtt_direct_ptr(&gtt, c, 4, false));
    g_assert_cmpuint(gtt.maps_made, ==, 3);
    g_assert_true(g45_gtt_direct_ptr(&gtt, b + 8, 4, false) == pb + 8);
    g_assert_cmpuint(gtt.maps_made, ==, 3);
    g_assert_nonnull(g45_gtt_direct_ptr(&gtt, a, 4, false));
    g_assert_cmpuint(gtt.maps_made, ==, 4);
    g45_gtt_direct(&gtt, false);
    g_assert_cmpuint(fh.unmaps, ==, fh.maps);
}

/*
 * A view following the PTE writes (g45_gtt_follow_ptes): a PTE written
 * while its page is mapped and the count raised, the next g45_gtt_sync or
 * copy (or mapping of another page) gives every page back, and accesses
 * reach the page the PTE maps now; pages whose PTE stayed are mapped
 * again.  Until then a mapped page's pointer holds (the per-pixel path
 * does not look).
 */
static void test_direct_follows_ptes(void)
{
    uint32_t ptes[2] = { 0x00002001, 0x00004001 };
    uint32_t epoch = 7, v = 0x55667788, r;
    uint64_t unmaps;
    G45Gtt gtt;

    memset(ram, 0, sizeof(ram));
    g45_gtt_init(&gtt, ptes, 2, &fh.host);
    g45_gtt_direct(&gtt, true);
    g45_gtt_follow_ptes(&gtt, &epoch);
    g_assert_true(g45_gtt_direct_ptr(&gtt, 0x10, 4, true) == ram + 0x2010);
    g_assert_true(g45_gtt_read(&gtt, 0x1000, &r, 4));
    g_assert_cmpuint(gtt.maps_made, ==, 2);
    ptes[0] = 0x00003001;
    g45_gtt_sync(&gtt);             /* not counted yet: nothing changes */
    g_assert_true(g45_gtt_direct_ptr(&gtt, 0x10, 4, true) == ram + 0x2010);
    epoch++;
    g_assert_true(g45_gtt_direct_ptr(&gtt, 0x10, 4, true) == ram + 0x2010);
    unmaps = fh.unmaps;
    g45_gtt_sync(&gtt);
    g_assert_cmpuint(fh.unmaps - unmaps, ==, 2);
    g_assert_true(g45_gtt_direct_ptr(&gtt, 0x10, 4, true) == ram + 0x3010);
    /* a copy looks by itself */
    ptes[0] = 0x00005001;
    epoch++;
    g_assert_true(g45_gtt_write(&gtt, 0x20, &v, 4));
    g_assert_cmphex(ldl_le(ram + 0x5020), ==, 0x55667788);
    g_assert_cmphex(ldl_le(ram + 0x3020), ==, 0);
    /* so does mapping a page: the other one, through its unchanged PTE */
    ptes[0] = 0x00006001;
    epoch++;
    g_assert_true(g45_gtt_direct_ptr(&gtt, 0x1008, 4, false) ==
                  ram + 0x4008);
    g_assert_true(g45_gtt_direct_ptr(&gtt, 0x10, 4, true) == ram + 0x6010);
    g45_gtt_direct(&gtt, false);
    g_assert_cmpuint(fh.unmaps, ==, fh.maps);
}

static void test_log_bounded(void)
{
    uint32_t ptes[1] = { 0 };
    G45Gtt gtt;
    uint8_t b;

    fake_host_clear_log(&fh);
    g45_gtt_init(&gtt, ptes, 1, &fh.host);
    for (int i = 0; i < 1000; i++) {
        g45_gtt_read(&gtt, i * 4096ull, &b, 1);
    }
    /* the per-call-site rate limit: a few lines, not 1000 */
    g_assert_cmpint(nerrors(), >=, 1);
    g_assert_cmpint(nerrors(), <=, 9);
    g_assert_cmpint(gtt.bad_accesses, ==, 1000);
}

/* Random PTEs and addresses: every access stays inside guest RAM, on
 * both paths (the direct one unmapping now and then, as commands end). */
static void random_accesses(bool direct)
{
    static uint32_t ptes[1024];
    GRand *r = g_rand_new_with_seed(2022);
    G45Gtt gtt;
    uint8_t buf[9000];

    for (int i = 0; i < 1024; i++) {
        ptes[i] = g_rand_int(r) & (g_rand_boolean(r) ? 0x000ff0f1 : ~0u);
    }
    g45_gtt_init(&gtt, ptes, 1024, &fh.host);
    g45_gtt_direct(&gtt, direct);
    for (int i = 0; i < 20000; i++) {
        uint64_t a = g_rand_boolean(r) ? g_rand_int(r) % (1100 * 4096) :
                     ((uint64_t)g_rand_int(r) << 32) | g_rand_int(r);
        uint32_t len = g_rand_int_range(r, 0, sizeof(buf));
        if (g_rand_boolean(r)) {
            g45_gtt_read(&gtt, a, buf, len);
        } else {
            g45_gtt_write(&gtt, a, buf, len);
        }
        if (i % 97 == 0) {
            g45_gtt_unmap_all(&gtt);
        }
    }
    g45_gtt_unmap_all(&gtt);
    g_rand_free(r);
}

static void test_random(void)
{
    random_accesses(false);
}

static void test_random_direct(void)
{
    random_accesses(true);
    g_assert_cmpuint(fh.unmaps, ==, fh.maps);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    fake_host_init(&fh, ram, RAM_SIZE);
    g_test_add_func("/g45-gtt/pte-decode", test_pte_decode);
    g_test_add_func("/g45-gtt/translate-and-copy", test_translate_and_copy);
    g_test_add_func("/g45-gtt/log-bounded", test_log_bounded);
    g_test_add_func("/g45-gtt/random", test_random);
    g_test_add_func("/g45-gtt/translate-and-copy-direct",
                    test_translate_and_copy_direct);
    g_test_add_func("/g45-gtt/direct", test_direct);
    g_test_add_func("/g45-gtt/direct-sets", test_direct_sets);
    g_test_add_func("/g45-gtt/direct-follows-ptes", test_direct_follows_ptes);
    g_test_add_func("/g45-gtt/random-direct", test_random_direct);
    return g_test_run();
}
