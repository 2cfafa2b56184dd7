/*
 * Unit tests of the helper-thread pool: every task runs once whatever the
 * size, and the default size follows a cgroup CPU quota.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hwgpu/common/pool.h"
#include "common/fake-host.h"

static FakeHost fh;

static void count_task(void *opaque, unsigned task, unsigned slot)
{
    gint *runs = opaque;

    g_assert_cmpuint(slot, <, HWGPU_POOL_MAX);
    g_atomic_int_inc(&runs[task]);
}

static void test_every_task_once(void)
{
    unsigned sizes[] = { 1, 2, 5, HWGPU_POOL_MAX };

    for (unsigned i = 0; i < G_N_ELEMENTS(sizes); i++) {
        HwgpuPool p;
        gint runs[300];

        hwgpu_pool_init(&p, sizes[i], &fh.host);
        for (unsigned job = 0; job < 20; job++) {
            unsigned n = 1 + job * 15;

            memset(runs, 0, sizeof(runs));
            hwgpu_pool_run(&p, n, count_task, runs);
            for (unsigned t = 0; t < G_N_ELEMENTS(runs); t++) {
                g_assert_cmpint(runs[t], ==, t < n ? 1 : 0);
            }
        }
        hwgpu_pool_destroy(&p);
    }
}

/* Write ROOT/REL (its directories made) with TEXT. */
static void put(const char *root, const char *rel, const char *text)
{
    g_autofree char *path = g_build_filename(root, rel, NULL);
    g_autofree char *dir = g_path_get_dirname(path);

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
}

static void test_cgroup_quota(void)
{
    g_autofree char *root = g_dir_make_tmp("hwgpu-pool-XXXXXX", NULL);

    g_assert_nonnull(root);
    /* v2: a quota of 1.5 CPUs is 2; "max" is none */
    put(root, "box/cpu.max", "150000 100000\n");
    put(root, "free/cpu.max", "max 100000\n");
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root, "0::/box\n"), ==, 2);
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root, "0::/free\n"), ==, 0);
    /* no such group, no file: none */
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root, "0::/gone\n"), ==, 0);
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root, ""), ==, 0);
    /* v1: the cpu controller's group, even among others on its line */
    put(root, "cpu,cpuacct/ci/cpu.cfs_quota_us", "200000\n");
    put(root, "cpu,cpuacct/ci/cpu.cfs_period_us", "100000\n");
    put(root, "cpu/none/cpu.cfs_quota_us", "-1\n");
    put(root, "cpu/none/cpu.cfs_period_us", "100000\n");
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root,
                     "4:memory:/x\n2:cpu,cpuacct:/ci\n0::/\n"), ==, 2);
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root, "1:cpu:/none\n"), ==, 0);
    /* the smallest quota of those named wins */
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root,
                     "2:cpu,cpuacct:/ci\n0::/box\n"), ==, 2);
    put(root, "one/cpu.max", "30000 100000");
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root,
                     "2:cpu,cpuacct:/ci\n0::/one\n"), ==, 1);
    /* a path climbing out of the root is not followed */
    g_assert_cmpuint(hwgpu_pool_cgroup_cpus(root, "0::/../box\n"), ==, 0);
    /* the default size never exceeds what the host shows */
    g_assert_cmpuint(hwgpu_pool_host_cores(), >=, 1);
    g_assert_cmpuint(hwgpu_pool_host_cores(), <=, g_get_num_processors());
    {
        g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", root);

        g_assert_cmpint(system(cmd), ==, 0);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    fake_host_init(&fh, NULL, 4096);
    g_test_add_func("/pool/every-task-once", test_every_task_once);
    g_test_add_func("/pool/cgroup-quota", test_cgroup_quota);
    return g_test_run();
}
