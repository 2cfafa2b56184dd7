/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Guest-side: two threads (one per vCPU) store to and load from GEM
 * buffers through GTT mmaps (the aperture) while buffers come and go, so
 * that the device keeps mapping aperture pages onto RAM, recycling its
 * aliases and unmapping pages whose PTEs i915 rewrites, while the other
 * vCPU is in the middle of aperture accesses.  Every load must return
 * what the thread stored; QEMU must survive.  This is the workload that
 * made QEMU 10.0's TLB look up stale section indices in a newer memory
 * map (intel-g45.c, g45_ap_schedule; fixed by
 * scripts/qemu-patches/physmem-tlb-map.patch): with a CPU burner beside
 * the guest, unpatched QEMU read back wrong pages or aborted.
 * Prints "HWGPU-GTTSTORM accesses=N mismatches=M".
 *
 *   gttstorm [SECONDS]
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <i915_drm.h>

#define BO_SIZE     (1u << 20)
#define BOS         12          /* per thread: 2 x 12 MiB, 6144 pages */
#define PAGES       (BO_SIZE / 4096)

static int fd;
static volatile int stop;

typedef struct Worker {
    int id;
    uint32_t handle[BOS];
    volatile uint32_t *map[BOS];
    unsigned long accesses, mismatches;
} Worker;

static int bo_map(Worker *w, int i)
{
    struct drm_i915_gem_create c = { .size = BO_SIZE };
    struct drm_i915_gem_mmap_gtt m = { 0 };
    void *p;

    if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c)) {
        perror("GEM_CREATE");
        return -1;
    }
    m.handle = c.handle;
    if (ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &m)) {
        perror("GEM_MMAP_GTT");
        return -1;
    }
    p = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
    if (p == MAP_FAILED) {
        perror("mmap");
        return -1;
    }
    w->handle[i] = c.handle;
    w->map[i] = p;
    return 0;
}

static void bo_unmap(Worker *w, int i)
{
    struct drm_gem_close cl = { .handle = w->handle[i] };

    munmap((void *)w->map[i], BO_SIZE);
    ioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl);
}

static void *work(void *opaque)
{
    Worker *w = opaque;
    uint32_t round = 0;

    for (int i = 0; i < BOS; i++) {
        if (bo_map(w, i)) {
            w->mismatches++;
            return NULL;
        }
    }
    while (!stop) {
        round++;
        for (int i = 0; i < BOS; i++) {
            for (uint32_t pg = 0; pg < PAGES; pg++) {
                /* a few accesses per page: enough to have it mapped */
                volatile uint32_t *q = w->map[i] + pg * 1024 + w->id * 16;
                uint32_t v = round << 16 ^ (uint32_t)i << 12 ^ pg;

                for (int k = 0; k < 6; k++) {
                    q[k] = v + k;
                }
                for (int k = 0; k < 6; k++) {
                    w->mismatches += q[k] != v + k;
                }
                w->accesses += 12;
            }
        }
        /* one buffer goes and a new one comes: i915 rewrites PTEs */
        bo_unmap(w, round % BOS);
        if (bo_map(w, round % BOS)) {
            w->mismatches++;
            break;
        }
    }
    for (int i = 0; i < BOS; i++) {
        bo_unmap(w, i);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int seconds = argc > 1 ? atoi(argv[1]) : 20;
    Worker w[2];
    pthread_t th[2];
    unsigned long acc = 0, bad = 0;

    fd = open("/dev/dri/card0", O_RDWR);
    if (fd < 0) {
        perror("/dev/dri/card0");
        return 1;
    }
    memset(w, 0, sizeof(w));
    for (int i = 0; i < 2; i++) {
        cpu_set_t set;

        w[i].id = i;
        pthread_create(&th[i], NULL, work, &w[i]);
        CPU_ZERO(&set);
        CPU_SET(i, &set);
        pthread_setaffinity_np(th[i], sizeof(set), &set);
    }
    sleep(seconds);
    stop = 1;
    for (int i = 0; i < 2; i++) {
        pthread_join(th[i], NULL);
        acc += w[i].accesses;
        bad += w[i].mismatches;
    }
    printf("HWGPU-GTTSTORM accesses=%lu mismatches=%lu\n", acc, bad);
    return bad != 0;
}
