/*
 * Guest-side: an unprivileged process (uid 65534, no capabilities) submits
 * every privileged Gen4 command in its own GEM batches (i915 dispatches
 * userspace batches non-secure and has no command parser on Gen4), and
 * the root parent checks that none of them changed memory the process does
 * not own, registers or the display, that the kernel refuses it a secure
 * batch, that its own GPU work still runs, and that i915 stays healthy.
 * Built static on the host into the clients initramfs.  Prints one line per
 * check: "HWGPU-GEMPRIV <name> ok|FAIL <detail>", then "HWGPU-GEMPRIV done".
 *
 * Command encodings: docs/g45-cs.md (MI opcodes in bits 28:23).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <i915_drm.h>

#define MI(op)                  ((uint32_t)(op) << 23)
#define MI_NOOP                 MI(0x00)
#define MI_WAIT_FOR_EVENT       MI(0x03)
#define MI_REPORT_HEAD          MI(0x07)
#define MI_ARB_ON_OFF           MI(0x08)
#define MI_BATCH_BUFFER_END     MI(0x0a)
#define MI_SUSPEND_FLUSH        MI(0x0b)
#define MI_LOAD_SCAN_LINES_INCL MI(0x12)
#define MI_DISPLAY_FLIP         MI(0x14)
#define MI_SET_CONTEXT          MI(0x18)
#define MI_STORE_DATA_IMM       MI(0x20)
#define MI_STORE_DATA_INDEX     MI(0x21)
#define MI_LOAD_REGISTER_IMM    MI(0x22)
#define MI_STORE_REGISTER_MEM   MI(0x24)
#define MI_BATCH_BUFFER_START   MI(0x31)
#define MI_USE_GGTT             (1u << 22)
#define MI_BATCH_GTT            (1u << 7)
#define MI_BATCH_NON_SECURE     (1u << 8)
#define PIPE_CONTROL_QW         ((0x7a00u << 16) | (1u << 14) | 2)

/* Registers the attacks aim at (G45 MMIO, BAR0). */
#define REG_FENCE15_LO          0x3078
#define REG_FENCE15_HI          0x307c
#define REG_PIPEASRC            0x6001c
#define REG_DSPACNTR            0x70180
#define REG_DSPASTRIDE          0x70188
#define REG_DSPASURF            0x7019c
#define REG_PGTBL_CTL           0x2020

static const uint32_t watched[] = {
    REG_FENCE15_LO, REG_FENCE15_HI, REG_PIPEASRC, REG_DSPACNTR,
    REG_DSPASTRIDE, REG_DSPASURF, REG_PGTBL_CTL,
};

static int fails;

static void report(const char *name, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void report(const char *name, int ok, const char *fmt, ...)
{
    va_list ap;

    printf("HWGPU-GEMPRIV %s %s ", name, ok ? "ok" : "FAIL");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    fails += !ok;
}

/* Guest-physical address of a locked page of ours (root only). */
static uint64_t phys_of(void *p)
{
    uint64_t e = 0;
    int fd = open("/proc/self/pagemap", O_RDONLY);

    if (fd < 0 || pread(fd, &e, 8, (uintptr_t)p / 4096 * 8) != 8) {
        perror("pagemap");
        exit(1);
    }
    close(fd);
    if (!(e >> 63) || !(e & ((1ull << 55) - 1))) {
        fprintf(stderr, "pagemap: no frame for %p\n", p);
        exit(1);
    }
    return (e & ((1ull << 55) - 1)) * 4096;
}

static void *locked_page(uint32_t fill)
{
    uint32_t *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

    if (p == MAP_FAILED || mlock(p, 4096)) {
        perror("locked page");
        exit(1);
    }
    for (int i = 0; i < 1024; i++) {
        p[i] = fill;
    }
    return p;
}

/* ---- the unprivileged child ------------------------------------------- */

static int drm;

static uint32_t bo_create(const void *data, uint32_t len)
{
    struct drm_i915_gem_create c = { .size = 4096 };
    struct drm_i915_gem_pwrite w = { 0 };

    if (ioctl(drm, DRM_IOCTL_I915_GEM_CREATE, &c)) {
        return 0;
    }
    w.handle = c.handle;
    w.size = len;
    w.data_ptr = (uintptr_t)data;
    if (len && ioctl(drm, DRM_IOCTL_I915_GEM_PWRITE, &w)) {
        return 0;
    }
    return c.handle;
}

/* Run a batch (n dwords + BB_END) with relocations; wait for it. */
static int run_batch(const uint32_t *dw, uint32_t n, uint64_t flags,
                     struct drm_i915_gem_exec_object2 *extra,
                     struct drm_i915_gem_relocation_entry *rel, int nrel)
{
    uint32_t b[64];
    struct drm_i915_gem_exec_object2 obj[2];
    struct drm_i915_gem_execbuffer2 eb = { 0 };
    struct drm_i915_gem_wait w = { .timeout_ns = 10000000000ll };
    int k = 0, rc;

    memcpy(b, dw, n * 4);
    b[n++] = MI_BATCH_BUFFER_END;
    if (n & 1) {
        b[n++] = MI_NOOP;
    }
    memset(obj, 0, sizeof(obj));
    if (extra) {
        obj[k++] = *extra;
    }
    obj[k].handle = bo_create(b, n * 4);
    obj[k].relocation_count = nrel;
    obj[k].relocs_ptr = (uintptr_t)rel;
    k++;
    eb.buffers_ptr = (uintptr_t)obj;
    eb.buffer_count = k;
    eb.batch_len = n * 4;
    eb.flags = I915_EXEC_RENDER | flags;
    if (ioctl(drm, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb)) {
        return -errno;
    }
    w.bo_handle = obj[k - 1].handle;
    rc = ioctl(drm, DRM_IOCTL_I915_GEM_WAIT, &w) ? -errno : 0;
    return rc;
}

/*
 * The attacks: `victim` and `evil` are the parent's pages (guest-physical),
 * `theirs` the graphics address of a buffer object of another DRM client
 * (the parent's).
 */
static int child(uint64_t victim, uint64_t evil, uint32_t theirs)
{
    struct {
        const char *name;
        uint32_t dw[8];
        uint32_t n;
    } attacks[] = {
        { "store-data-imm-phys", { MI_STORE_DATA_IMM | 2,
          (uint32_t)(victim >> 32), (uint32_t)victim, 0xbad0001 }, 4 },
        { "store-data-imm-gtt", { MI_STORE_DATA_IMM | MI_USE_GGTT | 2, 0,
          theirs, 0xbad0002 }, 4 },
        { "store-data-index", { MI_STORE_DATA_INDEX | 1, 0x100, 0xbad0003 },
          3 },
        { "lri-fence", { MI_LOAD_REGISTER_IMM | 3, REG_FENCE15_LO,
          0x00100001, REG_FENCE15_HI, 0x00200000 }, 5 },
        { "lri-pipesrc-odd", { MI_LOAD_REGISTER_IMM | 1, REG_PIPEASRC,
          0x03fe02ff }, 3 },
        { "lri-plane", { MI_LOAD_REGISTER_IMM | 3, REG_DSPASURF, 0x100000,
          REG_DSPACNTR, 0x98000000 }, 5 },
        { "lri-gtt-off", { MI_LOAD_REGISTER_IMM | 1, REG_PGTBL_CTL, 0 }, 3 },
        { "srm-to-their-bo", { MI_STORE_REGISTER_MEM | MI_USE_GGTT | 1,
          REG_DSPASURF, theirs + 4 }, 3 },
        { "set-context", { MI_SET_CONTEXT, 0x00200000 | (1u << 8) | 1 }, 2 },
        { "display-flip", { MI_DISPLAY_FLIP | 2, 4096, 0x100000, 0 }, 4 },
        { "report-head", { MI_REPORT_HEAD }, 1 },
        { "wait-for-event", { MI_WAIT_FOR_EVENT | (1u << 3) }, 1 },
        { "arb-on-off", { MI_ARB_ON_OFF }, 1 },
        { "suspend-flush", { MI_SUSPEND_FLUSH | 1 }, 1 },
        { "load-scan-lines", { MI_LOAD_SCAN_LINES_INCL, 0 }, 2 },
        { "bb-start-phys", { MI_BATCH_BUFFER_START,
          (uint32_t)evil }, 2 },
    };
    uint32_t nop[1] = { MI_NOOP };
    uint32_t mine[4] = { 0 }, got[4] = { 0 };
    struct drm_i915_gem_exec_object2 tgt = { 0 };
    struct drm_i915_gem_relocation_entry rel = {
        .offset = 4, .delta = 8,
        .read_domains = I915_GEM_DOMAIN_INSTRUCTION,
        .write_domain = I915_GEM_DOMAIN_INSTRUCTION,
    };
    struct drm_i915_gem_pread pr = { 0 };
    uint32_t pc[4] = { PIPE_CONTROL_QW, 0, 0x600df00d, 0 };
    int rc;

    if (setgroups(0, NULL) || setgid(65534) || setuid(65534) ||
        getuid() == 0 || geteuid() == 0) {
        report("drop-root", 0, "still uid %d", (int)geteuid());
        return 1;
    }
    report("drop-root", getuid() == 65534 && geteuid() == 65534,
           "uid %d", (int)getuid());
    drm = open("/dev/dri/renderD128", O_RDWR);
    if (drm < 0) {
        drm = open("/dev/dri/card0", O_RDWR);
    }
    if (drm < 0) {
        report("open-drm", 0, "%s", strerror(errno));
        return 1;
    }
    rc = run_batch(nop, 1, I915_EXEC_SECURE, NULL, NULL, 0);
    report("secure-refused", rc == -EPERM, "execbuffer(I915_EXEC_SECURE) = %d",
           rc);
    for (size_t i = 0; i < sizeof(attacks) / sizeof(attacks[0]); i++) {
        rc = run_batch(attacks[i].dw, attacks[i].n, 0, NULL, NULL, 0);
        printf("gempriv: %s submitted and retired (%d)\n", attacks[i].name,
               rc);
        fflush(stdout);
    }
    /* Its own work still runs: a PIPE_CONTROL write into its own buffer. */
    tgt.handle = bo_create(mine, sizeof(mine));
    rel.target_handle = tgt.handle;
    rc = run_batch(pc, 4, 0, &tgt, &rel, 1);
    pr.handle = tgt.handle;
    pr.offset = 8;
    pr.size = 4;
    pr.data_ptr = (uintptr_t)got;
    if (!rc) {
        rc = ioctl(drm, DRM_IOCTL_I915_GEM_PREAD, &pr) ? -errno : 0;
    }
    report("own-work-runs", rc == 0 && got[0] == 0x600df00d,
           "rc %d, value 0x%08x", rc, got[0]);
    return 0;
}

/* ---- the root parent -------------------------------------------------- */

int main(void)
{
    uint32_t *victim = locked_page(0x5a5a5a5a);
    uint32_t *evil = locked_page(0);
    uint64_t victim_phys = phys_of(victim), evil_phys = phys_of(evil);
    uint32_t before[sizeof(watched) / 4], pattern[1024], back[1024];
    struct drm_i915_gem_exec_object2 mine = { 0 };
    struct drm_i915_gem_pread pr = { 0 };
    volatile uint32_t *mmio;
    char wedged[16] = "";
    int fd, status, same = 1, rc = 0;
    pid_t pid;

    fd = open("/sys/bus/pci/devices/0000:00:02.0/resource0", O_RDONLY);
    mmio = fd < 0 ? MAP_FAILED : mmap(NULL, 512 * 1024, PROT_READ,
                                      MAP_SHARED, fd, 0);
    if (mmio == MAP_FAILED) {
        perror("BAR0");
        return 1;
    }
    /* The physical batch the child tries to chain to would write the
     * victim page if it ran. */
    evil[0] = MI_STORE_DATA_IMM | 2;
    evil[1] = (uint32_t)(victim_phys >> 32);
    evil[2] = (uint32_t)victim_phys;
    evil[3] = 0xbad0004;
    evil[4] = MI_BATCH_BUFFER_END;
    for (size_t i = 0; i < sizeof(watched) / 4; i++) {
        before[i] = mmio[watched[i] / 4];
    }
    /* A buffer of the parent's own DRM client, bound in the GTT. */
    drm = open("/dev/dri/card0", O_RDWR);
    for (int i = 0; i < 1024; i++) {
        pattern[i] = 0xc0ffee00 + i;
    }
    mine.handle = bo_create(pattern, sizeof(pattern));
    {
        struct drm_i915_gem_exec_object2 obj[2] = { mine };
        struct drm_i915_gem_execbuffer2 eb = {
            .buffers_ptr = (uintptr_t)obj, .buffer_count = 2,
            .batch_len = 8, .flags = I915_EXEC_RENDER,
        };
        uint32_t end[2] = { MI_BATCH_BUFFER_END, MI_NOOP };

        obj[1].handle = bo_create(end, sizeof(end));
        rc = ioctl(drm, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb) ? -errno : rc;
        mine.offset = obj[0].offset;
    }
    report("parent-bo-bound", rc == 0 && mine.offset, "rc %d, at 0x%llx",
           rc, (unsigned long long)mine.offset);
    chmod("/dev/dri/card0", 0666);
    chmod("/dev/dri/renderD128", 0666);
    printf("gempriv: victim page at 0x%llx, physical batch at 0x%llx\n",
           (unsigned long long)victim_phys, (unsigned long long)evil_phys);
    fflush(stdout);

    pid = fork();
    if (pid == 0) {
        close(drm);
        _exit(child(victim_phys, evil_phys, (uint32_t)mine.offset));
    }
    waitpid(pid, &status, 0);
    report("child-ran", WIFEXITED(status) && WEXITSTATUS(status) == 0,
           "status 0x%x", status);

    for (int i = 0; i < 1024; i++) {
        same &= victim[i] == 0x5a5a5a5a;
    }
    report("victim-page-unchanged", same, "first dword 0x%08x", victim[0]);
    for (size_t i = 0; i < sizeof(watched) / 4; i++) {
        uint32_t now = mmio[watched[i] / 4];

        report("register-unchanged", now == before[i], "0x%05x: 0x%08x -> "
               "0x%08x", watched[i], before[i], now);
    }
    pr.handle = mine.handle;
    pr.size = sizeof(back);
    pr.data_ptr = (uintptr_t)back;
    rc = ioctl(drm, DRM_IOCTL_I915_GEM_PREAD, &pr) ? -errno : 0;
    report("their-bo-unchanged", rc == 0 && !memcmp(back, pattern,
           sizeof(back)), "rc %d, dwords 0..1: 0x%08x 0x%08x", rc, back[0],
           back[1]);
    fd = open("/sys/kernel/debug/dri/0/i915_wedged", O_RDONLY);
    if (fd >= 0) {
        ssize_t n = read(fd, wedged, sizeof(wedged) - 1);

        wedged[n > 0 ? n : 0] = 0;
        report("gpu-not-wedged", atoi(wedged) == 0, "i915_wedged %s",
               wedged);
    }
    printf("HWGPU-GEMPRIV done fails=%d\n", fails);
    return fails != 0;
}
