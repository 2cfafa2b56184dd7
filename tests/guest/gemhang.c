/*
 * Guest-side: hang the render ring on purpose, the way a broken client
 * would.  Submits a batch whose MI_BATCH_BUFFER_START jumps to itself, then
 * waits (up to 60 s) for i915 to notice the hang, reset the GPU and
 * complete the request with an error.  Then a trivial batch must complete
 * normally again.  Built static on the host into the clients initramfs.
 * Prints "HWGPU-GEMHANG hang-detected=<0|1> recovered=<0|1>".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <i915_drm.h>

#define MI_BATCH_BUFFER_END     (0x0a << 23)
#define MI_BATCH_BUFFER_START   (0x31 << 23)
#define MI_BATCH_NON_SECURE     (1 << 8)        /* i965+ */
#define MI_BATCH_GTT            (1 << 7)        /* else guest-physical */

static int fd;

static uint32_t bo_create(const uint32_t *dw, uint32_t n)
{
    struct drm_i915_gem_create c = { .size = 4096 };
    struct drm_i915_gem_pwrite w = { 0 };

    if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c)) {
        perror("GEM_CREATE");
        return 0;
    }
    w.handle = c.handle;
    w.size = n * 4;
    w.data_ptr = (uintptr_t)dw;
    if (ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &w)) {
        perror("GEM_PWRITE");
    }
    return c.handle;
}

static int exec(uint32_t handle, struct drm_i915_gem_relocation_entry *r,
                int nreloc)
{
    struct drm_i915_gem_exec_object2 obj = {
        .handle = handle, .relocation_count = nreloc,
        .relocs_ptr = (uintptr_t)r,
    };
    struct drm_i915_gem_execbuffer2 eb = {
        .buffers_ptr = (uintptr_t)&obj, .buffer_count = 1,
        .batch_len = 16, .flags = I915_EXEC_RENDER,
    };

    return ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb) ? -errno : 0;
}

/* Wait for the handle to go idle; returns 0, -ETIME or another error. */
static int wait_idle(uint32_t handle, int64_t ns)
{
    struct drm_i915_gem_wait w = { .bo_handle = handle, .timeout_ns = ns };

    return ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w) ? -errno : 0;
}

int main(void)
{
    uint32_t loop[4] = { MI_BATCH_BUFFER_START | MI_BATCH_GTT |
                         MI_BATCH_NON_SECURE, 0, 0, 0 };
    uint32_t end[4] = { MI_BATCH_BUFFER_END, 0, 0, 0 };
    struct drm_i915_gem_relocation_entry r = {
        .offset = 4, .delta = 0,
        .read_domains = I915_GEM_DOMAIN_COMMAND,
    };
    uint32_t h, e;
    int rc, hang = 0, ok = 0;

    fd = open("/dev/dri/card0", O_RDWR);
    if (fd < 0) {
        perror("/dev/dri/card0");
        return 1;
    }
    h = bo_create(loop, 4);
    r.target_handle = h;
    rc = exec(h, &r, 1);
    printf("gemhang: self-looping batch submitted (%d)\n", rc);
    fflush(stdout);
    /* i915's heartbeat notices the stuck ring and resets the engine. */
    for (int i = 0; i < 60 && !hang; i++) {
        rc = wait_idle(h, 1000000000ll);
        if (rc != -ETIME) {
            hang = 1;
        }
    }
    printf("gemhang: the hung batch retired (%d)\n", rc);
    e = bo_create(end, 4);
    rc = exec(e, NULL, 0);
    if (!rc) {
        rc = wait_idle(e, 10000000000ll);
    }
    ok = rc == 0;
    printf("HWGPU-GEMHANG hang-detected=%d recovered=%d\n", hang, ok);
    return !(hang && ok);
}
