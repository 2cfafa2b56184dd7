/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Guest-side: a hostile GL-less client that feeds the render ring garbage
 * 3D work through GEM, the way a broken or malicious process could: state
 * packets with random fields, 3DPRIMITIVEs of random topologies and
 * counts, unit states, kernels, binding tables, surfaces and vertices all
 * random, and at the end a batch that jumps to itself so the ring never
 * idles.  Every word, in the batch and in its 4 MiB arena, is either a
 * pointer into the arena's first 2 MiB or a small number (< 1024), and
 * the state base addresses stay 0: whatever the GPU writes then lands in
 * the process's own arena, as it would on the hardware, instead of in
 * another client's memory (G45 has one GTT for all).  i915 must notice the hang, reset the
 * GPU and retire the request; a trivial batch must then complete.  GL
 * clients afterwards must render as before (tests/guest/gl-test.sh).
 * Prints "HWGPU-GEM3D hang-detected=<0|1> recovered=<0|1>".
 *
 *   gem3dgarbage [SEED]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <i915_drm.h>

#define MI_BATCH_BUFFER_END     (0x0a << 23)
#define MI_BATCH_BUFFER_START   (0x31 << 23)
#define MI_BATCH_NON_SECURE     (1 << 8)
#define MI_BATCH_GTT            (1 << 7)

#define ARENA   (4u << 20)
#define REACH   (2u << 20)      /* where arena pointers point */
#define BATCH   (64u * 1024)

static int fd;
static uint32_t seed;

static uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed ^ (seed >> 15);
}

/* A pointer into the arena or a small number. */
static uint32_t word(uint32_t base)
{
    uint32_t r = rnd();

    return (r & 1) ? base + ((rnd() % REACH) & ~3u) : (r >> 1) & 0x3ff;
}

static uint32_t bo_create(uint32_t size)
{
    struct drm_i915_gem_create c = { .size = size };

    if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c)) {
        perror("GEM_CREATE");
        exit(1);
    }
    return c.handle;
}

static void bo_write(uint32_t h, const void *data, uint32_t size)
{
    struct drm_i915_gem_pwrite w = {
        .handle = h, .size = size, .data_ptr = (uintptr_t)data,
    };

    if (ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &w)) {
        perror("GEM_PWRITE");
        exit(1);
    }
}

/* Execute batch (the last object); returns 0 or -errno. */
static int exec(struct drm_i915_gem_exec_object2 *obj, int n, uint32_t len)
{
    struct drm_i915_gem_execbuffer2 eb = {
        .buffers_ptr = (uintptr_t)obj, .buffer_count = n,
        .batch_len = len, .flags = I915_EXEC_RENDER,
    };

    return ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb) ? -errno : 0;
}

static int wait_idle(uint32_t handle, int64_t ns)
{
    struct drm_i915_gem_wait w = { .bo_handle = handle, .timeout_ns = ns };

    return ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w) ? -errno : 0;
}

/* GFXPIPE state commands crocus sends, with their dword counts. */
static const struct { uint32_t key, len; } pkts[] = {
    { 0x6101, 6 },      /* STATE_BASE_ADDRESS */
    { 0x6000, 3 },      /* URB_FENCE */
    { 0x6001, 2 },      /* CS_URB_STATE */
    { 0x6002, 2 },      /* CONSTANT_BUFFER */
    { 0x7800, 7 },      /* 3DSTATE_PIPELINED_POINTERS */
    { 0x7801, 6 },      /* 3DSTATE_BINDING_TABLE_POINTERS */
    { 0x7808, 5 },      /* 3DSTATE_VERTEX_BUFFERS, one buffer */
    { 0x7809, 5 },      /* 3DSTATE_VERTEX_ELEMENTS, two elements */
    { 0x780a, 3 },      /* 3DSTATE_INDEX_BUFFER */
    { 0x7900, 4 },      /* 3DSTATE_DRAWING_RECTANGLE */
    { 0x7905, 6 },      /* 3DSTATE_DEPTH_BUFFER */
    { 0x7b00, 6 },      /* 3DPRIMITIVE */
};

int main(int argc, char **argv)
{
    static uint32_t arena[ARENA / 4], batch[BATCH / 4];
    struct drm_i915_gem_exec_object2 obj[2];
    struct drm_i915_gem_relocation_entry loop_reloc = {
        .read_domains = I915_GEM_DOMAIN_COMMAND,
    };
    uint32_t ha, hb, he, base, n = 0;
    uint32_t end[2] = { MI_BATCH_BUFFER_END, 0 };
    int rc, hang = 0, ok = 0;

    seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 4242;
    fd = open("/dev/dri/card0", O_RDWR);
    if (fd < 0) {
        perror("/dev/dri/card0");
        return 1;
    }
    ha = bo_create(ARENA);
    /* A first, harmless batch tells where the arena lives in the GTT. */
    he = bo_create(4096);
    bo_write(he, end, sizeof(end));
    memset(obj, 0, sizeof(obj));
    obj[0].handle = ha;
    obj[1].handle = he;
    rc = exec(obj, 2, 8);
    if (rc || wait_idle(he, 10000000000ll)) {
        fprintf(stderr, "gem3dgarbage: first batch failed (%d)\n", rc);
        return 1;
    }
    base = (uint32_t)obj[0].offset;
    printf("gem3dgarbage: seed %u, arena at 0x%08x\n", seed, base);
    for (uint32_t i = 0; i < ARENA / 4; i++) {
        arena[i] = word(base);
    }
    bo_write(ha, arena, ARENA);

    batch[n++] = 0x69040000;                    /* PIPELINE_SELECT 3D */
    while (n + 16 < BATCH / 4 - 8) {
        uint32_t k = rnd() % (sizeof(pkts) / sizeof(pkts[0]));

        batch[n++] = pkts[k].key << 16 | (pkts[k].len - 2);
        for (uint32_t i = 1; i < pkts[k].len; i++) {
            /* state base addresses 0 (modify), the rest random */
            batch[n++] = pkts[k].key == 0x6101 ? 1 : word(base);
        }
        if (pkts[k].key == 0x7b00) {
            batch[n - 6] |= (rnd() % 22) << 10;     /* a topology */
            batch[n - 5] &= 0x3ff;                  /* up to 1023 vertices */
            batch[n - 3] &= 0xf;                    /* instances up to 15 */
        }
    }
    /* The end: jump back to itself for ever. */
    batch[n++] = MI_BATCH_BUFFER_START | MI_BATCH_GTT | MI_BATCH_NON_SECURE;
    loop_reloc.offset = n * 4;
    batch[n++] = 0;
    hb = bo_create(BATCH);
    bo_write(hb, batch, n * 4);
    loop_reloc.target_handle = hb;
    loop_reloc.delta = (n - 2) * 4;
    memset(obj, 0, sizeof(obj));
    obj[0].handle = ha;
    obj[0].offset = base;
    obj[1].handle = hb;
    obj[1].relocation_count = 1;
    obj[1].relocs_ptr = (uintptr_t)&loop_reloc;
    rc = exec(obj, 2, n * 4);
    printf("gem3dgarbage: %u dwords of garbage 3D submitted (%d)\n", n, rc);
    if ((uint32_t)obj[0].offset != base) {
        printf("gem3dgarbage: the arena moved (0x%08x)\n",
               (uint32_t)obj[0].offset);
    }
    fflush(stdout);
    for (int i = 0; i < 90 && !hang; i++) {
        rc = wait_idle(hb, 1000000000ll);
        if (rc != -ETIME) {
            hang = 1;
        }
    }
    printf("gem3dgarbage: the garbage batch retired (%d)\n", rc);
    memset(obj, 0, sizeof(obj));
    obj[0].handle = he;
    rc = exec(obj, 1, 8);
    if (!rc) {
        rc = wait_idle(he, 10000000000ll);
    }
    ok = rc == 0;
    printf("HWGPU-GEM3D hang-detected=%d recovered=%d\n", hang, ok);
    return !(hang && ok);
}
