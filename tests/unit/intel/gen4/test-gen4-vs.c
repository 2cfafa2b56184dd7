/*
 * Unit tests of the Gen4 VS stage (hw/intel/gen4/gen4-vs.c): the VF's
 * vertices shaded by a kernel on the EU interpreter, two per thread, with
 * the payload of the G45 PRM's VS chapter (seed 000 §4.3.1: R0 handles,
 * CURBE rows, interleaved vertex rows) and URB_WRITE outputs; the VS
 * disabled passes vertices through; a kernel without EOT is an error.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/pool.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "gen4-test.h"

static Gen4Draw dr;

#define VB0     0x10000
#define CB      0x20000
#define VS_ST   0x30000
#define KERNEL  0x40000

/* The test VS: R0 header, attribute 0 as it is, attribute 1 times CURBE
 * row 0 (c0..c3 in both halves); then the URB write that ends it. */
#define VS_MOVES                                                        \
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"                   \
    "mov(8) m2<1>F g2<8,8,1>F { align1 };\n"                            \
    "mul(8) m3<1>F g3<8,8,1>F g1<0,4,1>F { align1 };\n"
#define VS_URB_EOT                                                      \
    "send(8) 1 null null urb 0 interleave complete mlen 3 rlen 0 "      \
    "{ align1 EOT };\n"

static uint32_t verts[8 * 16];
static uint32_t nverts, verts_dw;

static void collect(void *opaque, const Gen4Vertex *v)
{
    g_assert_cmpuint(nverts, <, 8);
    g_assert_cmpuint(v->ndw, <=, 16);
    verts_dw = v->ndw;
    memcpy(&verts[nverts++ * 16], v->data, v->ndw * 4);
}

#define FMT(name) (G45_SURFACE_FORMAT_##name << 16)
#define SRC4 ((1u << 28) | (1u << 24) | (1u << 20) | (1u << 16))

/* Three vertices: position (x, y, z, 1) and a colour, both vec4 floats. */
static void setup(bool vs_enable)
{
    uint32_t prim[6] = { 0x7b000004 | (G45_3DPRIM_TRILIST << 10), 3, 0, 1,
                         0, 0 };

    gen4t_setup();
    for (int v = 0; v < 3; v++) {
        for (int c = 0; c < 8; c++) {
            gen4t_wf(VB0 + v * 32 + c * 4, 10 * v + c);
        }
    }
    for (int c = 0; c < 8; c++) {
        gen4t_wf(CB + c * 4, c + 1);              /* CURBE row 0: 1..8 */
    }
    /* VS_STATE: GRF start 1, CURBE 0/1, URB 0/1, 1 x 512-bit entries. */
    gen4t_w32(VS_ST + 0, KERNEL | (1 << 1));
    gen4t_w32(VS_ST + 12, 1 | (0 << 4) | (1 << 11) | (0 << 18) | (1u << 25));
    gen4t_w32(VS_ST + 16, (8 << 11) | (0 << 19) | (3 << 25));
    gen4t_w32(VS_ST + 24, vs_enable ? 1 : 0);
    FEED(0x61010004, 1, 1, 1, 1, 1);                    /* bases 0 */
    FEED(0x78000005, VS_ST, 0, 0, 0, 0, 0);
    FEED(0x60020100, CB | 0);                           /* CURBE: 2 rows */
    FEED(0x78080003, (0u << 27) | 32, VB0, 2, 0);
    FEED(0x78090003, FMT(R32G32B32A32_FLOAT) | (1u << 26) | 0, SRC4 | 0,
         FMT(R32G32B32A32_FLOAT) | (1u << 26) | 16, SRC4 | 4);
    gen4_draw_snapshot(&st, prim, &dr);
    nverts = 0;
    gen4_vf_run(&st, &dr, collect, NULL);
    g_assert_cmpuint(nverts, ==, 3);
}

static void test_shade(void)
{
    Gen4VsOut out;

    setup(true);
    /*
     * Output row 0: the position as it came (interleaved g2: attribute 0
     * of both vertices), then the colour times the first four constants
     * (g3: attribute 1; g1<0,4,1> repeats c0..c3 in both halves).
     */
    gen4t_kernel(KERNEL, VS_MOVES VS_URB_EOT);
    g_assert_true(gen4_vs_shade(&st, &dr, verts, 16, nverts, &out));
    g_assert_cmpuint(out.nvert, ==, 3);
    g_assert_cmpuint(out.threads, ==, 2);       /* (0, 1) and (2) */
    g_assert_cmpuint(out.errors, ==, 0);
    g_assert_cmpuint(out.vue_dw, ==, 16);
    for (int v = 0; v < 3; v++) {
        const uint32_t *o = out.vue + v * out.vue_dw;

        for (int c = 0; c < 4; c++) {
            g_assert_cmpfloat(hwgpu_u2f(o[c]), ==, 10 * v + c);
            g_assert_cmpfloat(hwgpu_u2f(o[4 + c]), ==, (10 * v + 4 + c) * (c + 1));
        }
    }
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    g_free(out.vue);
}

/*
 * More vertices than 16-bit URB handles could address one entry each
 * (70000 x 2 rows): every vertex still comes out shaded as its own
 * (the VS recycles its entries, as the hardware does).
 */
static void test_many_vertices(void)
{
    enum { N = 70000 };
    uint32_t *in = g_new0(uint32_t, (size_t)N * 16);
    Gen4VsOut out;

    setup(true);
    for (uint32_t v = 0; v < N; v++) {
        for (int c = 0; c < 8; c++) {
            in[v * 16 + c] = hwgpu_f2u(v + c / 8.0f);
        }
    }
    gen4t_kernel(KERNEL, VS_MOVES VS_URB_EOT);
    g_assert_true(gen4_vs_shade(&st, &dr, in, 16, N, &out));
    g_assert_cmpuint(out.nvert, ==, N);
    g_assert_cmpuint(out.threads, ==, N / 2);
    g_assert_cmpuint(out.errors, ==, 0);
    for (uint32_t v = 0; v < N; v += 997) {
        const uint32_t *o = out.vue + (size_t)v * out.vue_dw;

        for (int c = 0; c < 4; c++) {
            g_assert_cmpfloat(hwgpu_u2f(o[c]), ==, v + c / 8.0f);
            g_assert_cmpfloat(hwgpu_u2f(o[4 + c]), ==,
                              (v + (4 + c) / 8.0f) * (c + 1));
        }
    }
    g_assert_cmpfloat(hwgpu_u2f(out.vue[(size_t)(N - 1) * out.vue_dw]), ==,
                      N - 1);
    g_free(out.vue);
    g_free(in);
}

/*
 * On the pool (GEN4_VS_CHUNK vertices a task): the same VUEs, byte for
 * byte, with no pool and pools of 1, 2 and every host core - the thread
 * number each thread sees in R0.6 included (the kernel writes it into
 * its first vertex's fourth component).
 */
static void shade_on(HwgpuPool *pool, uint32_t n, const uint32_t *in,
                     Gen4VsOut *out)
{
    setup(true);
    st.pool = pool;
    gen4t_kernel(KERNEL, VS_MOVES
                 "mov(1) m3.3<1>UD g0.6<0,1,0>UD { align1 nomask };\n"
                 VS_URB_EOT);
    g_assert_true(gen4_vs_shade(&st, &dr, in, 16, n, out));
    st.pool = NULL;
    g_assert_cmpuint(out->errors, ==, 0);
    g_assert_cmpuint(out->threads, ==, (n + 1) / 2);
}

static void test_pool_same_vertices(void)
{
    enum { N = 5001 };
    unsigned sizes[] = { 1, 2, hwgpu_pool_host_cores() };
    uint32_t *in = g_new0(uint32_t, (size_t)N * 16);
    Gen4VsOut ref, out;

    for (uint32_t v = 0; v < N; v++) {
        for (int c = 0; c < 8; c++) {
            in[v * 16 + c] = hwgpu_f2u(v * 0.37f + c);
        }
    }
    shade_on(NULL, N, in, &ref);
    /* thread 1000 shades vertices 2000 and 2001 */
    g_assert_cmpuint(ref.vue[2000 * ref.vue_dw + 7], ==, 1000);
    for (unsigned i = 0; i < G_N_ELEMENTS(sizes); i++) {
        HwgpuPool pool;

        hwgpu_pool_init(&pool, sizes[i], NULL);
        shade_on(&pool, N, in, &out);
        g_assert_cmpuint(out.vue_dw, ==, ref.vue_dw);
        g_assert_cmpmem(out.vue, (size_t)N * out.vue_dw * 4, ref.vue,
                        (size_t)N * ref.vue_dw * 4);
        g_free(out.vue);
        hwgpu_pool_destroy(&pool);
    }
    g_free(ref.vue);
    g_free(in);
}

static void test_disabled_passes_through(void)
{
    Gen4VsOut out;

    setup(false);
    g_assert_cmpuint(verts_dw, ==, 8);
    g_assert_true(gen4_vs_shade(&st, &dr, verts, 16, nverts, &out));
    g_assert_cmpuint(out.threads, ==, 0);
    g_assert_cmpuint(out.vue_dw, ==, 16);      /* the input stride */
    g_assert_cmpfloat(hwgpu_u2f(out.vue[16 + 5]), ==, 15.0f);
    g_free(out.vue);
}

/* A kernel that never ends is stopped by the budget and reported. */
static void test_no_eot(void)
{
    Gen4VsOut out;

    setup(true);
    gen4t_kernel(KERNEL, "jmpi(1) -1D { align1 };\n");
    g_assert_true(gen4_vs_shade(&st, &dr, verts, 16, nverts, &out));
    g_assert_cmpuint(out.errors, ==, 2);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), >=, 1);
    g_free(out.vue);
}

/*
 * The vertex cache: 600 vertices of 100 distinct contents (and pairs that
 * differ in one dword only) give the same VUEs with VS_STATE's Vertex
 * Cache Disable clear (each distinct vertex shaded once: 50 threads for
 * the 100) as with it set (every vertex shaded: 300 threads).
 */
/* N vertices of D distinct contents, the two halves of D differing in
 * their last dword alone (`seed` moves every value). */
static uint32_t *cache_input(uint32_t n, uint32_t dn, float seed)
{
    uint32_t *in = g_new0(uint32_t, (size_t)n * 16);

    for (uint32_t v = 0; v < n; v++) {
        uint32_t k = (v * 37) % dn;

        for (int c = 0; c < 8; c++) {
            in[v * 16 + c] = hwgpu_f2u(k * 0.5f + c + seed);
        }
        in[v * 16 + 7] = hwgpu_f2u((float)(k % (dn / 2)) * 0.5f + 7 + seed) +
                         (k >= dn / 2);
    }
    return in;
}

/* n vertices shaded with the vertex cache on (off 0) or off (1), with
 * the draw arrays kept in `bufs` (NULL: allocated for the draw). */
static void shade_cached(const uint32_t *in, uint32_t n, int off,
                         Gen4Bufs *bufs, Gen4VsOut *out)
{
    setup(true);
    st.bufs = bufs;
    gen4t_w32(VS_ST + 24, 1 | (uint32_t)off << 1);
    FEED(0x78000005, VS_ST, 0, 0, 0, 0, 0);
    gen4_draw_snapshot(&st, (uint32_t[6]){
                           0x7b000004 | (G45_3DPRIM_TRILIST << 10), 3,
                           0, 1, 0, 0 }, &dr);
    gen4t_kernel(KERNEL, VS_MOVES VS_URB_EOT);
    g_assert_true(gen4_vs_shade(&st, &dr, in, 16, n, out));
    st.bufs = NULL;
    g_assert_cmpuint(out->nvert, ==, n);
    g_assert_cmpuint(out->errors, ==, 0);
}

static void test_vertex_cache(void)
{
    enum { N = 600, D = 100 };
    uint32_t *in = cache_input(N, D, 0);
    Gen4VsOut out[2];

    for (int off = 0; off < 2; off++) {
        shade_cached(in, N, off, NULL, &out[off]);
    }
    g_assert_cmpuint(out[0].threads, ==, D / 2);
    g_assert_cmpuint(out[1].threads, ==, N / 2);
    g_assert_cmpuint(out[0].vue_dw, ==, out[1].vue_dw);
    g_assert_cmpmem(out[0].vue, (size_t)N * out[0].vue_dw * 4, out[1].vue,
                    (size_t)N * out[1].vue_dw * 4);
    /* and a one-dword pair kept apart: vertices 19 (k 3) and 69 (k 53) */
    g_assert_cmpuint(out[0].vue[19 * out[0].vue_dw + 7], !=,
                     out[0].vue[69 * out[0].vue_dw + 7]);
    g_free(out[0].vue);
    g_free(out[1].vue);
    g_free(in);
}

/*
 * Draw arrays kept from draw to draw (Gen4State.bufs): the same VUEs as
 * arrays of each draw's own, for a large draw and then smaller ones whose
 * kept arrays still hold the large one's data past their ends (vertex
 * cache on and off), each draw's VUEs in the one array kept.
 */
static void test_kept_buffers(void)
{
    static const struct {
        uint32_t n, d;
        int off;
        float seed;
    } draws[] = {
        { 900, 300, 0, 0 }, { 250, 50, 0, 3 }, { 90, 30, 1, 5 },
        { 600, 100, 0, 1 },
    };
    Gen4Bufs *bufs = gen4_bufs_new();
    uint32_t *kept = NULL;

    for (unsigned i = 0; i < G_N_ELEMENTS(draws); i++) {
        uint32_t *in = cache_input(draws[i].n, draws[i].d, draws[i].seed);
        Gen4VsOut ref, out;

        shade_cached(in, draws[i].n, draws[i].off, NULL, &ref);
        shade_cached(in, draws[i].n, draws[i].off, bufs, &out);
        g_assert_cmpuint(out.threads, ==, ref.threads);
        g_assert_cmpuint(out.vue_dw, ==, ref.vue_dw);
        g_assert_cmpmem(out.vue, (size_t)draws[i].n * out.vue_dw * 4,
                        ref.vue, (size_t)draws[i].n * ref.vue_dw * 4);
        if (i) {
            g_assert_true(out.vue == kept);     /* the first's, reused */
        }
        kept = out.vue;
        st.bufs = bufs;
        gen4_buf_put(&st, GEN4_BUF_VS_VUE, out.vue);
        st.bufs = NULL;
        g_free(ref.vue);
        g_free(in);
    }
    gen4_bufs_free(bufs);
}

/* gen4_buf_grow keeps the old bytes; a kept array past GEN4_BUF_KEEP goes
 * back at its put. */
static void test_buf_grow(void)
{
    Gen4Bufs *bufs = gen4_bufs_new();
    uint8_t *p;

    gen4t_setup();
    st.bufs = bufs;
    p = gen4_buf_grow(&st, GEN4_BUF_VF_START, NULL, 100);
    memset(p, 0x5a, 100);
    p = gen4_buf_grow(&st, GEN4_BUF_VF_START, p, 100000);
    for (int i = 0; i < 100; i++) {
        g_assert_cmpuint(p[i], ==, 0x5a);
    }
    gen4_buf_put(&st, GEN4_BUF_VF_START, p);
    g_assert_true(bufs->p[GEN4_BUF_VF_START] == p);
    g_assert_cmpuint(bufs->size[GEN4_BUF_VF_START], ==, 100000);
    p = gen4_buf_zeroed(&st, GEN4_BUF_VF_START, 5000);
    g_assert_true(bufs->p[GEN4_BUF_VF_START] == p);
    for (int i = 0; i < 5000; i++) {
        g_assert_cmpuint(p[i], ==, 0);
    }
    gen4_buf_put(&st, GEN4_BUF_VF_START, p);
    p = gen4_buf_grow(&st, GEN4_BUF_VF_START, NULL, GEN4_BUF_KEEP + 1);
    gen4_buf_put(&st, GEN4_BUF_VF_START, p);
    g_assert_null(bufs->p[GEN4_BUF_VF_START]);
    g_assert_cmpuint(bufs->size[GEN4_BUF_VF_START], ==, 0);
    st.bufs = NULL;
    gen4_bufs_free(bufs);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-vs/shade", test_shade);
    g_test_add_func("/gen4-vs/many-vertices", test_many_vertices);
    g_test_add_func("/gen4-vs/pool-same-vertices", test_pool_same_vertices);
    g_test_add_func("/gen4-vs/disabled", test_disabled_passes_through);
    g_test_add_func("/gen4-vs/no-eot", test_no_eot);
    g_test_add_func("/gen4-vs/vertex-cache", test_vertex_cache);
    g_test_add_func("/gen4-vs/kept-buffers", test_kept_buffers);
    g_test_add_func("/gen4-vs/buf-grow", test_buf_grow);
    return g_test_run();
}
