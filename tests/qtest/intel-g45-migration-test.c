/*
 * qtest for intel-g45 migration: a ring and batch stream (stores, a
 * fill, a copy, and two MI_WAIT_FOR_EVENTs that hold the ring at known
 * places: once in the ring, once inside the batch) run through once
 * without interruption and once migrated to a fresh QEMU at each wait.
 * The memory it leaves, the frame counter and the ring registers at each
 * point must be identical.  A ring stuck in a batch that jumps to itself
 * migrates (the save does not wait on it) and is recovered on the
 * destination.  Then bad streams: a ring register with bits
 * it cannot hold, a context record longer than its buffer and a
 * truncated stream are refused, and the refused destination holds no
 * out-of-range state.
 *
 * docs/migration.md says what is saved and how a load is checked.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "intel-g45-qtest.h"
#include "hwgpu/intel/g45/g45-blt.h"

#define PHYS_BASE       0x1000000u
#define GFX_PAGES       128u
#define GFX_HWS         0x00000u
#define GFX_RING        0x10000u
#define GFX_BATCH       0x20000u
#define GFX_DATA        0x30000u
#define GFX_SURF_A      0x40000u    /* 64 x 64 x 4 bytes */
#define GFX_SURF_B      0x50000u
#define SURF_W          64
#define SURF_PITCH      (SURF_W * 4)
#define SURF_BYTES      (SURF_PITCH * 64)

#define CMD_USER_IRQ    G45_MI(G45_MI_USER_INTERRUPT)
#define CMD_BB_END      G45_MI(G45_MI_BATCH_BUFFER_END)
#define CMD_BB_START    (G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT)
#define CMD_WAIT_VBL_A  (G45_MI(G45_MI_WAIT_FOR_EVENT) | G45_WAIT_PIPE_A_VBLANK)
#define CMD_SDI         (G45_MI(G45_MI_STORE_DATA_INDEX) | 1)
#define CMD_SDIMM       (G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2)
#define BLT_WRITE_ALL   (G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA)
#define CMD_XY_COLOR    (G45_2D(G45_BLT_XY_COLOR) | 4 | BLT_WRITE_ALL)
#define CMD_XY_SRC_COPY (G45_2D(G45_BLT_XY_SRC_COPY) | 6 | BLT_WRITE_ALL)
#define BR13_32BPP(rop) ((3u << G45_BR13_DEPTH_SHIFT) | \
                         ((rop) << G45_BR13_ROP_SHIFT) | SURF_PITCH)

/* What the workload left, to compare runs. */
typedef struct Result {
    uint32_t hws[4];
    uint32_t data[2];
    uint8_t surf_a[SURF_BYTES], surf_b[SURF_BYTES];
    uint32_t frames;
} Result;

static const uint32_t batch[] = {
    CMD_SDIMM, 0, GFX_DATA, 0xb1,
    CMD_XY_COLOR, BR13_32BPP(0xf0), 0, (64u << 16) | 64, GFX_SURF_A,
    0x00336699,
    CMD_WAIT_VBL_A,
    CMD_SDIMM, 0, GFX_DATA + 4, 0xb2,
    CMD_XY_SRC_COPY, BR13_32BPP(0xcc), (16u << 16) | 16,
    (48u << 16) | 48, GFX_SURF_B, 0, SURF_PITCH, GFX_SURF_A,
    CMD_BB_END,
};

static void start(G45Q *c, G45QRing *r)
{
    g45q_start(c, "");
    g45q_map_linear(c, PHYS_BASE, GFX_PAGES);
    g45q_wr(c, G45_IMR, ~G45_IIR_USER);
    g45q_pipe_a(c, SURF_W, 64);
    g45q_ring_init(r, c, G45_RCS_BASE, GFX_RING, 4096, GFX_HWS);
    for (size_t i = 0; i < ARRAY_SIZE(batch); i++) {
        g45q_gfx_writel(c, GFX_BATCH + 4 * i, batch[i]);
    }
}

/* Wait until the render ring waits for an event and `gfx` holds `v`. */
static void wait_held(G45Q *c, uint32_t gfx, uint32_t v)
{
    for (int us = 0; !(g45q_rd(c, G45_RCS_BASE + G45_RING_CTL) &
                       G45_CTL_WAIT) || g45q_gfx_readl(c, gfx) != v;
         us += 1000) {
        g_assert_cmpint(us, <, G45Q_WAIT_US);
        g_usleep(1000);
    }
}

/* Migrate, checking that what a driver can see of the ring and the pipe
 * is the same on both sides. */
static void migrate_checked(G45Q *c)
{
    static const uint32_t regs[] = {
        G45_RCS_BASE + G45_RING_HEAD, G45_RCS_BASE + G45_RING_TAIL,
        G45_RCS_BASE + G45_RING_CTL, G45_RCS_BASE + G45_RING_ACTHD,
        G45_RCS_BASE + G45_RING_BBSTATE, G45_RCS_BASE + G45_RING_BBADDR,
        G45_RCS_BASE + G45_RING_IPEHR, G45_IMR, G45_IIR,
        G45_PIPEA_FRMCOUNT, G45_PIPEACONF,
    };
    uint32_t before[ARRAY_SIZE(regs)];

    for (size_t i = 0; i < ARRAY_SIZE(regs); i++) {
        before[i] = g45q_rd(c, regs[i]);
    }
    g45q_migrate(c, "");
    for (size_t i = 0; i < ARRAY_SIZE(regs); i++) {
        g_assert_cmphex(g45q_rd(c, regs[i]), ==, before[i]);
    }
}

static void run(Result *res, bool migrate)
{
    G45QRing r;
    G45Q c;

    start(&c, &r);
    g45q_emit(&r, CMD_SDI);
    g45q_emit(&r, 0x100);
    g45q_emit(&r, 0xa1);
    g45q_emit(&r, CMD_WAIT_VBL_A);
    g45q_emit(&r, CMD_SDI);
    g45q_emit(&r, 0x104);
    g45q_emit(&r, 0xa2);
    g45q_emit(&r, CMD_BB_START);
    g45q_emit(&r, GFX_BATCH);
    g45q_emit(&r, CMD_SDI);
    g45q_emit(&r, 0x108);
    g45q_emit(&r, 0xa3);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);

    /* Held in the ring, before the batch. */
    wait_held(&c, GFX_HWS + 0x100, 0xa1);
    if (migrate) {
        migrate_checked(&c);
        g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS + 0x104), ==, 0);
    }
    qtest_clock_step(c.qts, G45Q_FRAME_NS);

    /* Held inside the batch, after the fill. */
    wait_held(&c, GFX_DATA, 0xb1);
    g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_BBSTATE) &
                    G45_BBSTATE_ACTIVE, ==, G45_BBSTATE_ACTIVE);
    if (migrate) {
        migrate_checked(&c);
        g_assert_cmphex(g45q_gfx_readl(&c, GFX_DATA + 4), ==, 0);
    }
    qtest_clock_step(c.qts, G45Q_FRAME_NS);

    g45q_wait_iir(&c, G45_IIR_USER);
    g45q_wait_idle(&r);
    for (int i = 0; i < 4; i++) {
        res->hws[i] = g45q_gfx_readl(&c, GFX_HWS + 0x100 + 4 * i);
    }
    res->data[0] = g45q_gfx_readl(&c, GFX_DATA);
    res->data[1] = g45q_gfx_readl(&c, GFX_DATA + 4);
    qtest_memread(c.qts, PHYS_BASE + GFX_SURF_A, res->surf_a, SURF_BYTES);
    qtest_memread(c.qts, PHYS_BASE + GFX_SURF_B, res->surf_b, SURF_BYTES);
    res->frames = g45q_rd(&c, G45_PIPEA_FRMCOUNT);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & G45_IIR_CS_ERROR, ==, 0);
    g45q_stop(&c);
}

static void test_mid_ring_and_batch(void)
{
    g_autofree Result *plain = g_new0(Result, 1);
    g_autofree Result *moved = g_new0(Result, 1);

    run(plain, false);
    /* The workload did what it says: stores, fill, copy. */
    g_assert_cmphex(plain->hws[0], ==, 0xa1);
    g_assert_cmphex(plain->hws[2], ==, 0xa3);
    g_assert_cmphex(plain->data[1], ==, 0xb2);
    g_assert_cmphex(ldl_le_p(plain->surf_b + 20 * SURF_PITCH + 20 * 4), ==,
                    0x00336699);
    g_assert_cmphex(ldl_le_p(plain->surf_b + 8 * SURF_PITCH + 8 * 4), ==, 0);

    run(moved, true);
    g_assert_cmpmem(moved->hws, sizeof(moved->hws), plain->hws,
                    sizeof(plain->hws));
    g_assert_cmpmem(moved->data, sizeof(moved->data), plain->data,
                    sizeof(plain->data));
    g_assert_true(!memcmp(moved->surf_a, plain->surf_a, SURF_BYTES));
    g_assert_true(!memcmp(moved->surf_b, plain->surf_b, SURF_BYTES));
    /* The frame counter went on: no jump, no repeat. */
    g_assert_cmpuint(moved->frames, ==, plain->frames);
}

/*
 * A save never waits on a hung engine: a batch that jumps to itself spins
 * until the hang check halts the parser; the machine migrates meanwhile,
 * the destination's ring is as stuck as the source's was, and a render
 * reset (GDRST) recovers it there.
 */
static void test_hung_engine(void)
{
    G45QRing r;
    G45Q c;

    start(&c, &r);
    g45q_gfx_writel(&c, GFX_BATCH + 0x1000, CMD_BB_START);
    g45q_gfx_writel(&c, GFX_BATCH + 0x1004, GFX_BATCH + 0x1000);
    g45q_emit(&r, CMD_BB_START);
    g45q_emit(&r, GFX_BATCH + 0x1000);
    g45q_emit(&r, CMD_SDI);
    g45q_emit(&r, 0x100);
    g45q_emit(&r, 0xbad);               /* never reached */
    g45q_submit(&r);
    g_usleep(20 * 1000);
    g45q_migrate(&c, "");
    g_usleep(20 * 1000);
    g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_ACTHD), ==,
                    GFX_BATCH + 0x1000);
    g_assert_cmphex(g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD) &
                    G45_HEAD_ADDR, ==, 8);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS + 0x100), ==, 0);

    qpci_config_writeb(c.dev, 0xc0, (1u << 2) | 1u);    /* GDRST render */
    g45q_ring_init(&r, &c, G45_RCS_BASE, GFX_RING, 4096, GFX_HWS);
    g45q_emit(&r, CMD_SDI);
    g45q_emit(&r, 0x104);
    g45q_emit(&r, 0x600d);
    g45q_emit(&r, CMD_USER_IRQ);
    g45q_submit(&r);
    g45q_wait_iir(&c, G45_IIR_USER);
    g_assert_cmphex(g45q_gfx_readl(&c, GFX_HWS + 0x104), ==, 0x600d);
    g45q_stop(&c);
}

/* ---- bad streams ------------------------------------------------------ */

/* Markers the video ring holds when the stream is saved (registers the
 * guest can set to any page address), to find its section in the file. */
#define MARK_START      0x5a3c9000u
#define MARK_HWS        0x7e5d1000u

/*
 * Byte offsets in the video ring's section (hw/qemu/intel-g45-vmstate.c,
 * vmstate_g45_engine): reg[] is the bank of g45-cs.h in order, then the
 * parser state field by field (bools one byte, big-endian integers).
 */
#define OFF_START       (4 * G45_ER_START)
#define OFF_HWS         (4 * G45_ER_HWS_PGA)
#define OFF_CTX_LEN     (4 * G45_ER__COUNT + 4 + 5 * 4 + 1 + 8 + 1)

static char *save_marked(size_t *len, gchar **data)
{
    G45Q c;
    char *path;

    g45q_start(&c, "");
    g45q_wr(&c, G45_BSD_BASE + G45_RING_START, MARK_START);
    g45q_wr(&c, G45_BSD_BASE + G45_RING_HWS_PGA, MARK_HWS);
    path = g45q_save(&c);
    g45q_stop(&c);
    g_assert_true(g_file_get_contents(path, data, len, NULL));
    return path;
}

/* The offset of the video ring's reg[] in the stream. */
static size_t find_bsd_regs(const uint8_t *p, size_t len)
{
    size_t found = 0;
    int hits = 0;

    for (size_t i = OFF_START; i + OFF_CTX_LEN + 4 <= len; i++) {
        if (ldl_be_p(p + i) == MARK_START &&
            ldl_be_p(p + i - OFF_START + OFF_HWS) == MARK_HWS) {
            found = i - OFF_START;
            hits++;
        }
    }
    g_assert_cmpint(hits, ==, 1);
    return found;
}

/* Load `data` and expect a refusal; the device then holds sane state. */
static void load_refused(const char *what, const gchar *data, size_t len)
{
    g_autofree char *path = g_strdup_printf("/tmp/g45q-bad-%d", getpid());
    g_autofree char *st = NULL;
    G45Q c = { 0 };
    QDict *rsp;

    g_test_message("%s", what);
    g_assert_true(g_file_set_contents(path, data, len, NULL));
    st = g45q_load(&c, "", path, 0);
    unlink(path);
    g_assert_cmpstr(st, ==, "failed");
    /* Still up, not running. */
    rsp = qtest_qmp(c.qts, "{'execute':'query-status'}");
    g_assert_false(qdict_get_bool(qdict_get_qdict(rsp, "return"),
                                  "running"));
    qobject_unref(rsp);
    /* A refused block is back at its reset state, not half loaded. */
    g_assert_cmphex(g45q_rd(&c, G45_BSD_BASE + G45_RING_TAIL) &
                    ~G45_TAIL_ADDR, ==, 0);
    g45q_stop(&c);
}

static void test_bad_streams(void)
{
    g_autofree gchar *data = NULL;
    g_autofree char *path = NULL;
    g_autofree gchar *bad = NULL;
    size_t len, at;

    path = save_marked(&len, &data);
    unlink(path);
    at = find_bsd_regs((const uint8_t *)data, len);

    /* The unchanged stream loads. */
    {
        g_autofree char *p2 = g_strdup_printf("/tmp/g45q-ok-%d", getpid());
        g_autofree char *st = NULL;
        G45Q c = { 0 };

        g_assert_true(g_file_set_contents(p2, data, len, NULL));
        st = g45q_load(&c, "", p2, 0);
        unlink(p2);
        g_assert_cmpstr(st, ==, "completed");
        g_assert_cmphex(g45q_rd(&c, G45_BSD_BASE + G45_RING_START), ==,
                        MARK_START);
        g45q_stop(&c);
    }

    /* TAIL with bits outside its field. */
    bad = g_memdup2(data, len);
    stl_be_p(bad + at + 4 * G45_ER_TAIL, 0xffffffff);
    load_refused("TAIL 0xffffffff", bad, len);
    g_free(bad);

    /* A context record longer than the buffer it is kept in. */
    bad = g_memdup2(data, len);
    g_assert_cmphex(ldl_be_p(bad + at + OFF_CTX_LEN), ==, 0);
    stl_be_p(bad + at + OFF_CTX_LEN, G45_CTX_STATE_DWORDS + 1);
    load_refused("ctx_len beyond the record", bad, len);
    g_free(bad);

    /* Cut inside the device's section. */
    load_refused("truncated", data, at + 16);
    bad = NULL;
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/intel-g45/migration/mid-ring-and-batch",
                   test_mid_ring_and_batch);
    qtest_add_func("/intel-g45/migration/hung-engine", test_hung_engine);
    qtest_add_func("/intel-g45/migration/bad-streams", test_bad_streams);
    return g_test_run();
}
