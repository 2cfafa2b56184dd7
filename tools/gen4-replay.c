/*
 * gen4-replay: replay a recording of the Gen4 3D pipeline's work (made
 * with `-device intel-g45,x-capture=FILE`, docs/gen4-capture.md) without
 * QEMU, and write render targets as PNG files.
 *
 *   gen4-replay [-a] [-d] [-v] [-n N] [-t THREADS] FILE PREFIX
 *
 * The render target of a draw is the surface of its pixel shader's binding
 * table entry 0 (where crocus puts colour buffer 0).  PREFIX-RRRRRRRR.png
 * holds each render target (R: its graphics address) as the last draw
 * left it; with -a, PREFIX-dNNNNN.png after every draw as well.  -n N
 * stops after N draws.  -t draws on THREADS threads (0: one per host
 * core; the default 1), as the device's render-threads property does.
 * Prints the draw count and the time the pipeline took, with triangles
 * (objects) and pixels per second; with -v, each draw's time (from the end
 * of the draw before), pixels, PS threads (and of them those run on the
 * EU), objects and VS threads on
 * standard error, and the kernel cache's hits and misses at the end; with
 * -d, each draw's state, commands and kernels (gen4_draw_dump) on standard
 * error.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hwgpu/common/pool.h"
#include "hwgpu/intel/gen4/gen4-capture.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/common/bits.h"
#include "g45-cmd-gen.h"

/* room for one draw's dump with its kernels */
#define G4_REPLAY_DUMP_SIZE (256 * 1024)

typedef struct Rt {
    uint32_t ss[GEN4_SURFACE_DW];
    uint32_t addr;
} Rt;

typedef struct Tool {
    const char *prefix;
    bool every, verbose, dump;
    uint64_t limit;
    struct timespec last;       /* -v: the end of the draw before */
    Gen4DrawStats seen;         /* -v: the statistics then */
    GArray *rts;            /* Rt: every render target seen */
} Tool;

static uint8_t to8(const HwgpuFormat *f, uint32_t v)
{
    float x;

    if (hwgpu_format_is_integer(f)) {
        return v > 255 ? 255 : v;
    }
    x = hwgpu_u2f(v);
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    return (uint8_t)(x * 255.0f + 0.5f);
}

/* The render target ss as an 8-bit RGBA PNG; false if not writable. */
static bool write_png(Gen4Replay *r, const uint32_t *ss, const char *path)
{
    uint32_t w = g45_surface_state_width_minus_1(ss) + 1;
    uint32_t h = g45_surface_state_height_minus_1(ss) + 1;
    uint32_t base = g45_surface_state_base_address(ss);
    const HwgpuFormat *f = gen4_format(g45_surface_state_surface_format(ss));
    unsigned bpp = f ? hwgpu_format_bytes(f) : 0;
    png_structp png;
    png_infop info;
    uint8_t *row;
    FILE *out;

    if (!f || f->kind != HWGPU_FMT_PLAIN || !bpp || bpp > 16 ||
        w > 8192 || h > 8192) {
        return false;
    }
    out = fopen(path, "wb");
    if (!out) {
        return false;
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(out);
        return false;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    row = g_malloc(w * 4);
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            uint8_t px[16];
            uint32_t rgba[4];

            r->host.dma_read(r->host.opaque,
                             base + gen4_surface_offset(ss, x, y, bpp), px,
                             bpp);
            if (!hwgpu_format_unpack(f, px, rgba)) {
                memset(rgba, 0, sizeof(rgba));
            }
            for (int c = 0; c < 4; c++) {
                row[x * 4 + c] = to8(f, rgba[c]);
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    g_free(row);
    fclose(out);
    return true;
}

static double seconds(const struct timespec *a, const struct timespec *b)
{
    return (b->tv_sec - a->tv_sec) + (b->tv_nsec - a->tv_nsec) / 1e9;
}

static void after(void *opaque, Gen4Replay *r)
{
    Tool *t = opaque;
    Gen4Surfaces *c = g_new(Gen4Surfaces, 1);
    const uint32_t *ss;

    if (t->dump) {
        g_autofree char *text = g_malloc(G4_REPLAY_DUMP_SIZE);

        gen4_draw_dump(&r->state, r->draw, true, text, G4_REPLAY_DUMP_SIZE);
        fprintf(stderr, "%s", text);
    }
    if (t->verbose) {
        struct timespec now;

        clock_gettime(CLOCK_MONOTONIC, &now);
        fprintf(stderr, "draw %llu: %.3f ms (%.3f drawing), %llu pixels, "
                "%llu PS threads (%llu run), %llu objects, %llu VS threads\n",
                (unsigned long long)r->draws - 1, seconds(&t->last, &now) * 1e3,
                r->last_draw_ns / 1e6,
                (unsigned long long)(r->stats.pixels - t->seen.pixels),
                (unsigned long long)(r->stats.ps_threads - t->seen.ps_threads),
                (unsigned long long)(r->stats.ps_threads_run -
                                     t->seen.ps_threads_run),
                (unsigned long long)(r->stats.objects - t->seen.objects),
                (unsigned long long)(r->stats.vs_threads - t->seen.vs_threads));
        t->seen = r->stats;
    }

    gen4_surfaces_init_ps(c, r->draw);
    ss = r->draw->ps_bt_addr ? gen4_surface(&r->state, r->draw, c, 0) : NULL;
    if (ss && g45_surface_state_surface_type(ss) != G45_SURFTYPE_NULL) {
        Rt rt = { .addr = g45_surface_state_base_address(ss) };
        guint i;

        memcpy(rt.ss, ss, sizeof(rt.ss));
        for (i = 0; i < t->rts->len; i++) {
            Rt *o = &g_array_index(t->rts, Rt, i);

            if (o->addr == rt.addr) {
                *o = rt;
                break;
            }
        }
        if (i == t->rts->len) {
            g_array_append_val(t->rts, rt);
        }
        if (t->every) {
            g_autofree char *path = g_strdup_printf(
                "%s-d%05llu.png", t->prefix, (unsigned long long)r->draws - 1);

            write_png(r, ss, path);
        }
    }
    g_free(c);
    if (t->verbose) {
        clock_gettime(CLOCK_MONOTONIC, &t->last);   /* PNGs not counted */
    }
    if (t->limit && r->draws >= t->limit) {
        /* stop: pretend the file ended here */
        r->stop = true;
    }
}

int main(int argc, char **argv)
{
    Tool t = { .rts = g_array_new(false, true, sizeof(Rt)) };
    Gen4Replay r;
    const char *why = NULL;
    struct timespec t0, t1;
    double s, d;
    int opt;
    bool ok;

    HwgpuPool pool;
    unsigned threads = 1;

    while ((opt = getopt(argc, argv, "adn:t:v")) != -1) {
        switch (opt) {
        case 'a':
            t.every = true;
            break;
        case 'd':
            t.dump = true;
            break;
        case 'v':
            t.verbose = true;
            break;
        case 'n':
            t.limit = strtoull(optarg, NULL, 0);
            break;
        case 't':
            threads = strtoul(optarg, NULL, 0);
            break;
        default:
            goto usage;
        }
    }
    if (argc - optind != 2) {
        goto usage;
    }
    t.prefix = argv[optind + 1];
    gen4_replay_init(&r);
    hwgpu_pool_init(&pool, threads, NULL);
    r.state.pool = pool.size > 1 ? &pool : NULL;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    t.last = t0;
    ok = gen4_replay_file(&r, argv[optind], after, &t, &why);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!ok) {
        fprintf(stderr, "gen4-replay: %s: %s\n", argv[optind], why);
    }
    for (guint i = 0; i < t.rts->len; i++) {
        Rt *rt = &g_array_index(t.rts, Rt, i);
        g_autofree char *path = g_strdup_printf("%s-%08x.png", t.prefix,
                                                rt->addr);

        if (write_png(&r, rt->ss, path)) {
            printf("render target 0x%08x %ux%u: %s\n", rt->addr,
                   g45_surface_state_width_minus_1(rt->ss) + 1,
                   g45_surface_state_height_minus_1(rt->ss) + 1, path);
        }
    }
    s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    d = MAX(r.draw_ns / 1e9, 1e-6);
    printf("%llu draws, %llu commands in %.3f s on %u thread%s: "
           "%.0f objects/s, %.2f Mpixels/s; drawing alone %.3f s: "
           "%.0f objects/s, %.2f Mpixels/s\n", (unsigned long long)r.draws,
           (unsigned long long)r.commands, s, pool.size,
           pool.size > 1 ? "s" : "", r.stats.objects / s,
           r.stats.pixels / s / 1e6, d, r.stats.objects / d,
           r.stats.pixels / d / 1e6);
    if (t.verbose) {
        uint64_t hits, misses;

        gen4_kernels_stats(r.state.kernels, &hits, &misses);
        fprintf(stderr, "kernel loads: %llu found in the cache, %llu decoded "
                "anew\n", (unsigned long long)hits,
                (unsigned long long)misses);
    }
    gen4_replay_free(&r);
    hwgpu_pool_destroy(&pool);
    return ok ? 0 : 1;
usage:
    fprintf(stderr, "usage: gen4-replay [-a] [-d] [-v] [-n N] [-t THREADS] FILE "
            "PREFIX\n");
    return 2;
}
