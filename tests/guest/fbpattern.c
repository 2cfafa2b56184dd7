/*
 * Guest-side: fill /dev/fb0 with a deterministic pattern (see
 * scripts/fbcheck.py for the same formula).  Built static on the host and
 * put into the initramfs.  Usage: fbpattern [/dev/fb0 [SECONDS]]
 * With SECONDS, keeps redrawing a moving pattern for that long (for the
 * scanout benchmark's fully changing screen).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fcntl.h>
#include <linux/fb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* Must match pattern() in scripts/fbcheck.py. */
static uint32_t pattern(uint32_t x, uint32_t y)
{
    uint32_t v = x * 2654435761u ^ (y * 40503u + 0x9e3779b9u);

    v ^= v >> 15;
    v *= 0x2c1b3c6du;
    v ^= v >> 12;
    return v;
}

int main(int argc, char **argv)
{
    const char *dev = argc > 1 ? argv[1] : "/dev/fb0";
    struct fb_var_screeninfo var;
    struct fb_fix_screeninfo fix;
    struct timespec t0, t1;
    uint8_t *fb;
    int fd = open(dev, O_RDWR);

    if (fd < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &var) ||
        ioctl(fd, FBIOGET_FSCREENINFO, &fix)) {
        perror(dev);
        return 1;
    }
    fb = mmap(NULL, fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (fb == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    if (argc > 2) {
        int secs = atoi(argv[2]);
        uint32_t frames = 0;

        clock_gettime(CLOCK_MONOTONIC, &t0);
        do {
            frames++;
            for (uint32_t y = 0; y < var.yres; y++) {
                uint32_t *line = (uint32_t *)(fb + (size_t)y * fix.line_length);
                for (uint32_t x = 0; x < var.xres * var.bits_per_pixel / 32;
                     x++) {
                    line[x] = pattern(x + frames, y);
                }
            }
            clock_gettime(CLOCK_MONOTONIC, &t1);
        } while (t1.tv_sec - t0.tv_sec < secs);
        printf("HWGPU-FBLOOP frames=%u in %d s\n", frames, secs);
        return 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (uint32_t y = 0; y < var.yres; y++) {
        uint8_t *line = fb + (size_t)y * fix.line_length;
        for (uint32_t x = 0; x < var.xres; x++) {
            uint32_t v = pattern(x, y);
            if (var.bits_per_pixel == 32) {
                v &= 0xffffff;
                memcpy(line + 4 * x, &v, 4);
            } else if (var.bits_per_pixel == 16) {
                uint16_t h = v;
                memcpy(line + 2 * x, &h, 2);
            } else {
                line[x] = v;
            }
        }
    }
    msync(fb, fix.smem_len, MS_SYNC);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("HWGPU-FBPATTERN %ux%u bpp=%u stride=%u red=%u/%u green=%u/%u "
           "blue=%u/%u fill_ms=%.1f\n", var.xres, var.yres,
           var.bits_per_pixel, fix.line_length, var.red.offset,
           var.red.length, var.green.offset, var.green.length,
           var.blue.offset, var.blue.length,
           (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}
