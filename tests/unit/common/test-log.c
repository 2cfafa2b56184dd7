/*
 * The log policy (include/hwgpu/common/host.h): per-call-site rate limit, a count
 * of what was dropped, and a device reset that lets every site log again.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "common/fake-host.h"

static FakeHost fh;
static const HwgpuHost *host = &fh.host;

static void site_a(int i)
{
    HWGPU_GUEST_ERROR(host, "site a %d", i);
}

static void site_b(int i)
{
    HWGPU_UNIMP(host, "site b %d", i);
}

/* A loop on one site prints a bounded burst; another site is unaffected. */
static void test_burst_per_site(void)
{
    uint64_t before = hwgpu_log_suppressed_total();

    hwgpu_log_new_epoch();
    fake_host_clear_log(&fh);
    for (int i = 0; i < 100000; i++) {
        site_a(i);
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, HWGPU_LOG_BURST);
    g_assert_cmpuint(hwgpu_log_suppressed_total() - before, ==,
                     100000 - HWGPU_LOG_BURST);
    site_b(1);
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, HWGPU_LOG_BURST + 1);
    g_assert_cmpstr(fake_host_last_log(&fh), ==, "site b 1");
}

/* After a reset new errors appear again, with the count of dropped ones. */
static void test_reset_reopens(void)
{
    hwgpu_log_new_epoch();
    for (int i = 0; i < 50; i++) {
        site_a(i);
    }
    fake_host_clear_log(&fh);
    hwgpu_log_new_epoch();
    site_a(7);
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 1);
    g_assert_nonnull(strstr(fake_host_last_log(&fh), "site a 7"));
    g_assert_nonnull(strstr(fake_host_last_log(&fh), "similar suppressed"));
}

/* A window later the site logs again without a reset. */
static void test_window_reopens(void)
{
    hwgpu_log_new_epoch();
    for (int i = 0; i < 20; i++) {
        site_b(i);
    }
    fake_host_clear_log(&fh);
    g_usleep(HWGPU_LOG_WINDOW_US + 20000);
    site_b(99);
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 1);
    g_assert_nonnull(strstr(fake_host_last_log(&fh), "site b 99"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    fake_host_init(&fh, NULL, 0);
    g_test_add_func("/log/burst-per-site", test_burst_per_site);
    g_test_add_func("/log/reset-reopens", test_reset_reopens);
    g_test_add_func("/log/window-reopens", test_window_reopens);
    return g_test_run();
}
