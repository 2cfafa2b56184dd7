/*
 * Capture and replay of the Gen4 3D pipeline's work; see
 * include/hwgpu/intel/gen4/gen4-capture.h and docs/gen4-capture.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/gen4/gen4-capture.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"

#define PAGE G45_GTT_PAGE_SIZE
#define GTT_ENTRIES (1u << 20)          /* 4 GiB of graphics addresses */

/* ---- recording ---- */

static void put(Gen4Capture *c, const void *p, size_t n)
{
    if (c->f && !c->failed && fwrite(p, 1, n, c->f) != n) {
        c->failed = true;
    }
}

static void put_header(Gen4Capture *c, uint32_t type, uint32_t bytes)
{
    uint32_t h[2] = { GUINT32_TO_LE(type), GUINT32_TO_LE(bytes) };

    put(c, h, sizeof(h));
}

bool gen4_capture_open(Gen4Capture *c, const char *path, uint64_t max_draws)
{
    uint32_t v = GUINT32_TO_LE(GEN4_CAPTURE_VERSION);

    memset(c, 0, sizeof(*c));
    c->f = fopen(path, "wb");
    if (!c->f) {
        return false;
    }
    c->max_draws = max_draws;
    c->seen = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                    NULL);
    put(c, GEN4_CAPTURE_MAGIC, 8);
    put(c, &v, 4);
    return !c->failed;
}

void gen4_capture_close(Gen4Capture *c)
{
    if (c->f) {
        fclose(c->f);
        c->f = NULL;
    }
    if (c->seen) {
        g_hash_table_destroy(c->seen);
        c->seen = NULL;
    }
}

bool gen4_capture_active(const Gen4Capture *c)
{
    return c->f && !c->failed && (!c->max_draws || c->draws < c->max_draws);
}

void gen4_capture_command(Gen4Capture *c, const uint32_t *dw, uint32_t n,
                          bool restore)
{
    uint32_t flags = GUINT32_TO_LE(restore ? 1u : 0u);

    if (!gen4_capture_active(c)) {
        return;
    }
    put_header(c, GEN4_REC_COMMAND, 4 + n * 4);
    put(c, &flags, 4);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t w = GUINT32_TO_LE(dw ? dw[i] : 0);

        put(c, &w, 4);
    }
}

/* The GTT's observer: the page's bytes before the draw touches it. */
static void touch(void *opaque, uint64_t page)
{
    Gen4Capture *c = opaque;
    G45Gtt *gtt = c->gtt;
    uint8_t buf[PAGE];
    uint64_t phys, *key, addr = GUINT64_TO_LE(page);

    if (g_hash_table_contains(c->seen, &page)) {
        return;
    }
    key = g_new(uint64_t, 1);
    *key = page;
    g_hash_table_add(c->seen, key);
    memset(buf, 0, sizeof(buf));
    if (g45_gtt_translate(gtt, page, &phys)) {
        gtt->host->dma_read(gtt->host->opaque, phys, buf, PAGE);
    }
    put_header(c, GEN4_REC_PAGE, 8 + PAGE);
    put(c, &addr, 8);
    put(c, buf, PAGE);
}

void gen4_capture_draw_begin(Gen4Capture *c, G45Gtt *gtt)
{
    if (!gen4_capture_active(c)) {
        return;
    }
    g_hash_table_remove_all(c->seen);
    c->gtt = gtt;
    gtt->touch_opaque = c;
    gtt->touch = touch;
}

void gen4_capture_draw_end(Gen4Capture *c)
{
    uint64_t n;

    if (!c->gtt) {
        return;
    }
    c->gtt->touch = NULL;
    c->gtt = NULL;
    n = GUINT64_TO_LE(c->draws);
    put_header(c, GEN4_REC_DRAW, 8);
    put(c, &n, 8);
    c->draws++;
    g_hash_table_remove_all(c->seen);
    if (c->f) {
        fflush(c->f);
    }
}

/* ---- replay ---- */

/* The page of page number pn (created zeroed when `make`), lock held. */
static uint8_t *replay_page(Gen4Replay *r, uint64_t pn, bool make)
{
    uint8_t *pg = g_hash_table_lookup(r->pages, &pn);

    if (!pg && make) {
        uint64_t *key = g_new(uint64_t, 1);

        *key = pn;
        pg = g_malloc0(PAGE);
        g_hash_table_insert(r->pages, key, pg);
    }
    return pg;
}

/* Pool threads of the pipeline come here at once: one lock. */
static bool mem_access(Gen4Replay *r, uint64_t addr, uint8_t *rbuf,
                       const uint8_t *wbuf, size_t len)
{
    hwgpu_mutex_lock(&r->lock);
    while (len) {
        uint64_t pn = addr / PAGE;
        size_t off = addr % PAGE, n = MIN(len, PAGE - off);
        uint8_t *pg = replay_page(r, pn, !rbuf);

        if (rbuf) {
            if (pg) {
                memcpy(rbuf, pg + off, n);
            } else {
                memset(rbuf, 0, n);
            }
            rbuf += n;
        } else {
            memcpy(pg + off, wbuf, n);
            wbuf += n;
        }
        addr += n;
        len -= n;
    }
    hwgpu_mutex_unlock(&r->lock);
    return true;
}

/* Direct access: pages stay until the replay ends (created on demand). */
static void *replay_map_page(void *opaque, uint64_t page, void **handle)
{
    Gen4Replay *r = opaque;
    uint8_t *pg;

    hwgpu_mutex_lock(&r->lock);
    pg = replay_page(r, page / PAGE, true);
    hwgpu_mutex_unlock(&r->lock);
    *handle = pg;
    return pg;
}

static void replay_unmap_page(void *opaque, void *handle, bool written)
{
}

static bool replay_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
    return mem_access(opaque, addr, buf, NULL, len);
}

static bool replay_write(void *opaque, uint64_t addr, const void *buf,
                         size_t len)
{
    return mem_access(opaque, addr, NULL, buf, len);
}

static void replay_log(void *opaque, HwgpuLogKind kind, const char *msg)
{
    Gen4Replay *r = opaque;

    r->errors++;
    fprintf(stderr, "replay: %s\n", msg);
}

void gen4_replay_init(Gen4Replay *r)
{
    memset(r, 0, sizeof(*r));
    r->host.opaque = r;
    r->host.dma_read = replay_read;
    r->host.dma_write = replay_write;
    r->host.log = replay_log;
    r->host.map_page = replay_map_page;
    r->host.unmap_page = replay_unmap_page;
    hwgpu_mutex_init(&r->lock);
    r->pages = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                     g_free);
    r->ptes = g_new(uint32_t, GTT_ENTRIES);
    for (uint32_t i = 0; i < GTT_ENTRIES; i++) {
        r->ptes[i] = (i << 12) | G45_PTE_VALID;
    }
    g45_gtt_init(&r->gtt, r->ptes, GTT_ENTRIES, &r->host);
    g45_gtt_direct(&r->gtt, true);
    /* as the device's view, so that a replay pays what a draw pays */
    g45_gtt_follow_ptes(&r->gtt, &r->pte_epoch);
    gen4_state_init(&r->state, &r->host, &r->gtt);
    r->state.kernels = gen4_kernels_new();
    r->state.bufs = gen4_bufs_new();
    r->draw = g_new0(Gen4Draw, 1);
}

void gen4_replay_free(Gen4Replay *r)
{
    g_hash_table_destroy(r->pages);
    hwgpu_mutex_destroy(&r->lock);
    gen4_kernels_free(r->state.kernels);
    gen4_bufs_free(r->state.bufs);
    g_free(r->ptes);
    g_free(r->draw);
}

bool gen4_replay_file(Gen4Replay *r, const char *path,
                      void (*after)(void *opaque, Gen4Replay *r),
                      void *opaque, const char **why)
{
    FILE *f = fopen(path, "rb");
    char magic[8];
    uint32_t v, hdr[2], prim[6] = { 0 }, *cmd = NULL;
    bool have_prim = false, ok = false;

    *why = "cannot open the file";
    if (!f) {
        return false;
    }
    *why = "not a hwgpu 3D recording (or another version)";
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, GEN4_CAPTURE_MAGIC, 8) ||
        fread(&v, 1, 4, f) != 4 || GUINT32_FROM_LE(v) != GEN4_CAPTURE_VERSION) {
        goto out;
    }
    *why = "a record is cut short or malformed";
    while (fread(hdr, 1, 8, f) == 8) {
        uint32_t type = GUINT32_FROM_LE(hdr[0]), bytes = GUINT32_FROM_LE(hdr[1]);

        if (type == GEN4_REC_COMMAND) {
            uint32_t n = bytes / 4;

            if (bytes < 4 || bytes % 4 || bytes > 4 + 4 * 1024) {
                goto out;
            }
            cmd = g_renew(uint32_t, cmd, n);
            if (fread(cmd, 4, n, f) != n) {
                goto out;
            }
            for (uint32_t i = 0; i < n; i++) {
                cmd[i] = GUINT32_FROM_LE(cmd[i]);
            }
            r->commands++;
            /* a 3DPRIMITIVE waits for its pages and its DRAW record */
            if (gen4_state_command(&r->state, n > 1 ? cmd + 1 : NULL, n - 1,
                                   cmd[0] & 1)) {
                memcpy(prim, cmd + 1, MIN(n - 1, 6u) * 4);
                have_prim = true;
            }
        } else if (type == GEN4_REC_PAGE) {
            uint64_t addr;
            uint8_t buf[PAGE], old[PAGE];

            if (bytes != 8 + PAGE || fread(&addr, 1, 8, f) != 8 ||
                fread(buf, 1, PAGE, f) != PAGE) {
                goto out;
            }
            addr = GUINT64_FROM_LE(addr) & ~(uint64_t)(PAGE - 1);
            /* new bytes where a kernel may be: as the driver's
             * invalidation of the instruction cache before the draw */
            mem_access(r, addr, old, NULL, PAGE);
            if (memcmp(old, buf, PAGE)) {
                gen4_kernels_invalidate(r->state.kernels);
            }
            mem_access(r, addr, NULL, buf, PAGE);
        } else if (type == GEN4_REC_DRAW) {
            uint64_t n;
            gint64 t0;

            if (bytes != 8 || fread(&n, 1, 8, f) != 8 || !have_prim) {
                goto out;
            }
            gen4_draw_snapshot(&r->state, prim, r->draw);
            t0 = g_get_monotonic_time();
            gen4_draw(&r->state, r->draw, &r->stats);
            g45_gtt_unmap_all(&r->gtt);
            /* (the pages the file wrote before it are not the draw's) */
            r->last_draw_ns = (uint64_t)(g_get_monotonic_time() - t0) * 1000;
            r->draw_ns += r->last_draw_ns;
            r->draws++;
            have_prim = false;
            if (after) {
                after(opaque, r);
            }
            if (r->stop) {
                ok = true;
                goto out;
            }
        } else {
            goto out;
        }
    }
    ok = feof(f);
out:
    g_free(cmd);
    fclose(f);
    return ok;
}
