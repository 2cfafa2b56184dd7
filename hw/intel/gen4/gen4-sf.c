/*
 * The Gen4 SF stage; see include/hwgpu/intel/gen4/gen4-sf.h.
 *
 * Document: Intel G45 PRM Vol 2 (seed 000) chapter 7 "Strips and Fans":
 * §7.3 object setup (17693-18316), §7.5 the SF thread and its payload
 * (21973-22384).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/intel/gen4/gen4-sf.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

/* Pre-ILK guard band (Table 7-6): [-8K, 8K-1]. */
#define GUARD_MIN   (-8192.0f)
#define GUARD_MAX   (8191.0f)

void gen4_sf_begin(Gen4Sf *sf, Gen4State *s, const Gen4Draw *d)
{
    uint32_t len;
    const uint32_t *dr;

    memset(sf, 0, sizeof(*sf));
    sf->s = s;
    sf->d = d;
    sf->sf = d->unit[GEN4_SF];
    dr = gen4_draw_packet(d, G45_CMD_3DSTATE_DRAWING_RECTANGLE, &len);
    if (dr) {
        sf->origin_x = g45_3dstate_drawing_rectangle_origin_x(dr);
        sf->origin_y = g45_3dstate_drawing_rectangle_origin_y(dr);
        sf->draw_clip[0] = g45_3dstate_drawing_rectangle_clipped_xmin(dr);
        sf->draw_clip[1] = g45_3dstate_drawing_rectangle_clipped_ymin(dr);
        sf->draw_clip[2] = g45_3dstate_drawing_rectangle_clipped_xmax(dr);
        sf->draw_clip[3] = g45_3dstate_drawing_rectangle_clipped_ymax(dr);
    } else {
        sf->draw_clip[2] = sf->draw_clip[3] = -1;   /* nothing visible */
    }
    if (d->unit_addr[GEN4_SF]) {
        sf->prog = gen4_kernel_load(
            s, d->general_base +
            g45_thread_common_kernel_start_pointer(sf->sf));
    }
    sf->pue_entry_rows =
        (g45_sf_state_urb_entry_allocation_size_minus_1(sf->sf) + 1) * 2;
    sf->pue_size = sf->pue_entry_rows * 32;
    sf->pue = g_malloc0(sf->pue_size);
}

void gen4_sf_end(Gen4Sf *sf)
{
    if (sf->prog) {
        g4_eu_program_free(sf->prog);
    }
    g_free(sf->pue);
    g_free(sf->t);
    sf->prog = NULL;
    sf->pue = NULL;
    sf->t = NULL;
}

/* The SF_VIEWPORT element `vpi` (8 dwords). */
static void viewport(Gen4Sf *sf, uint32_t vpi, uint32_t vp[8])
{
    memset(vp, 0, 32);
    g45_gtt_read(sf->s->gtt, sf->d->general_base +
                 g45_sf_state_sf_viewport_pointer(sf->sf) + (vpi & 15) * 32,
                 vp, 32);
}

/* Round to the subpixel grid (round to nearest even) and clamp. */
static float snap(float v, bool bits4)
{
    float scale = bits4 ? 16.0f : 256.0f;

    v = rintf(v * scale) / scale;
    return v < GUARD_MIN ? GUARD_MIN : v > GUARD_MAX ? GUARD_MAX : v;
}

static float det3(const float *x, const float *y, int a, int b, int c)
{
    return (x[b] - x[a]) * (y[c] - y[a]) - (x[c] - x[a]) * (y[b] - y[a]);
}

/* Run the SF thread for the object; its PUE lands at row out->pue. */
static void sf_thread(Gen4Sf *sf, const Gen4SetupObj *o, const uint32_t *vue[3],
                      uint32_t nvue, uint32_t vue_dw)
{
    const uint32_t *st = sf->sf;
    uint32_t grf = g45_thread_common_dispatch_grf_start(st);
    uint32_t roff = g45_thread_common_urb_read_offset(st);
    uint32_t rlen = g45_thread_common_urb_read_length(st);
    uint32_t cr0 = gen4_thread_cr0(st);
    G4EuThread *t = sf->t;
    uint32_t *r;

    if (!t) {
        sf->t = t = g_new(G4EuThread, 1);
        g4_eu_thread_init(t, 0, 0);
        g4_eu_env_init(&sf->env, sf->s->host);
        g4_eu_math_attach(&sf->env);
        g4_eu_urb_attach(&sf->env, &sf->urb);
    }
    g4_eu_thread_reuse(t, 0xff, cr0);
    /* a fresh URB each object, as each thread had its own */
    sf->urb = (G4EuUrb) {
        .host = sf->s->host, .data = sf->pue, .size = sf->pue_size,
    };
    memset(sf->pue, 0, sf->pue_size);
    r = g4_eu_grf_ud(t, 0);
    r[0] = o->pue | (uint32_t)(sf->threads & 0xffff) << 16;
    r[5] = g45_thread_common_scratch_space_base(st);
    r[6] = (uint32_t)(sf->threads & 0xffffff);
    r = g4_eu_grf_ud(t, 1);
    r[0] = (o->prim_type & 0xffff) |
           (g45_sf_state_sprite_point_enable(st) ? 1u << 16 : 0) |
           (o->back_facing ? 1u << 17 : 0);
    r[1] = o->provoking;
    r[3] = hwgpu_f2u(o->x[1] - o->x[0]);
    r[5] = hwgpu_f2u(o->y[1] - o->y[0]);
    if (o->nv == 2) {
        r[2] = hwgpu_f2u((o->x[1] - o->x[0]) * (o->x[1] - o->x[0]) +
                     (o->y[1] - o->y[0]) * (o->y[1] - o->y[0]));
    } else {
        r[4] = hwgpu_f2u(o->x[2] - o->x[0]);
        r[6] = hwgpu_f2u(o->y[2] - o->y[0]);
        r[2] = hwgpu_f2u(det3(o->x, o->y, 0, 1, 2));
    }
    r = g4_eu_grf_ud(t, 2);
    for (uint32_t v = 0; v < o->nv; v++) {
        r[2 * v] = hwgpu_f2u(o->z[v]);
        r[2 * v + 1] = hwgpu_f2u(o->invw[v]);
    }
    /* Each vertex's VUE rows, one vertex after the other. */
    for (uint32_t v = 0; v < nvue; v++) {
        gen4_payload_rows(t, &grf, vue[v], vue_dw, roff, rlen);
    }
    g4_eu_thread_wrote(t, MAX(grf, 3u));    /* R0-R2 and the rows */
    sf->threads++;
    if (!gen4_run_thread(sf->s, t, sf->prog, &sf->env, GEN4_SF_BUDGET)) {
        sf->errors++;
        HWGPU_GUEST_ERROR(sf->s->host, "gen4 SF: setup thread ended without "
                          "EOT (ip 0x%x)", t->ip);
    }
}

bool gen4_sf_object(Gen4Sf *sf, const Gen4Object *o, const uint32_t *vues,
                    uint32_t vue_dw, uint32_t topology, Gen4SetupObj *out)
{
    const uint32_t *st = sf->sf;
    const uint32_t *vue[3];
    float x[3], y[3], z[3], w[3];
    uint32_t vp[8];
    bool xform = g45_sf_state_viewport_transform_enable(st);
    bool bits4 = g45_sf_state_subpixel_precision_4bits(st);
    int order[3] = { 0, 1, 2 };
    bool ccw = false;               /* facing as the setup kernel sees it */
    uint32_t vpi;

    memset(out, 0, sizeof(*out));
    if (!sf->d->unit_addr[GEN4_SF] || vue_dw < 8) {
        return false;
    }
    for (int i = 0; i < o->nv; i++) {
        vue[i] = vues + (size_t)o->v[i] * vue_dw;
        x[i] = hwgpu_u2f(vue[i][4]);
        y[i] = hwgpu_u2f(vue[i][5]);
        z[i] = hwgpu_u2f(vue[i][6]);
        w[i] = hwgpu_u2f(vue[i][7]);
        if (isnan(x[i]) || isnan(y[i]) || isnan(z[i]) || isnan(w[i])) {
            sf->culled++;
            return false;           /* §7.3.1 */
        }
    }
    vpi = vue[0][2] & 15;           /* the leading vertex's VPIndex */
    /* Read for the transform or the scissor only: with neither the
     * pointer may be anything (crocus's clears leave it 0, unmapped). */
    if (xform || g45_sf_state_scissor_enable(st)) {
        viewport(sf, vpi, vp);
    } else {
        memset(vp, 0, sizeof(vp));
    }
    for (int i = 0; i < o->nv; i++) {
        if (xform) {
            x[i] = g45_sf_viewport_m00(vp) * x[i] + g45_sf_viewport_m30(vp);
            y[i] = g45_sf_viewport_m11(vp) * y[i] + g45_sf_viewport_m31(vp);
            z[i] = g45_sf_viewport_m22(vp) * z[i] + g45_sf_viewport_m32(vp);
            if (isnan(x[i]) || isnan(y[i]) || isnan(z[i])) {
                sf->culled++;
                return false;
            }
        }
        x[i] += sf->origin_x;       /* §7.3.5 */
        y[i] += sf->origin_y;
    }

    out->prim_type = topology;
    out->poly_stipple = o->poly_stipple;
    out->continue_stipple = o->continue_stipple;
    out->line_width = g45_sf_state_line_width(st) / 2.0f;   /* U3.1 */
    out->type = o->type;
    out->nv = o->type == GEN4_OBJ_LINE ? 2 : 3;
    out->back_facing = o->back_facing;

    if (o->type == GEN4_OBJ_POINT) {
        /* A square about the vertex: UL = V0, LR = V1, LL = V2. */
        float pw = g45_sf_state_point_width_from_state(st) ?
                   g45_sf_state_point_width(st) / 8.0f :
                   ((vue[0][3] >> 8) & 0x7ff) / 8.0f;
        float h = pw / 2;

        out->type = GEN4_OBJ_RECTANGLE;
        out->x[0] = x[0] - h, out->y[0] = y[0] - h;
        out->x[1] = x[0] + h, out->y[1] = y[0] + h;
        out->x[2] = x[0] - h, out->y[2] = y[0] + h;
        for (int i = 0; i < 3; i++) {
            out->z[i] = z[0];
            out->invw[i] = w[0];
        }
        out->x[3] = out->x[1], out->y[3] = out->y[0];
    } else {
        for (int i = 0; i < o->nv; i++) {
            x[i] = snap(x[i], bits4);
            y[i] = snap(y[i], bits4);
        }
        if (o->type == GEN4_OBJ_LINE) {
            /* V0 top-most, then left-most (§7.5.1.4). */
            if (y[1] < y[0] || (y[1] == y[0] && x[1] < x[0])) {
                order[0] = 1, order[1] = 0;
                out->reversed = true;
            }
            out->last_pixel = g45_sf_state_last_pixel_enable(st);
            if (x[0] == x[1] && y[0] == y[1]) {
                sf->culled++;
                return false;       /* degenerate (Table 7-7) */
            }
        } else {
            float d = det3(x, y, 0, 1, 2);
            bool cw = d > 0;        /* screen space, y down */
            int top = 0;

            if (d == 0) {
                sf->culled++;
                return false;       /* collinear or coincident */
            }
            if (o->type == GEN4_OBJ_TRIANGLE) {
                bool front = cw == (g45_sf_state_front_winding(st) ==
                                    G45_SF_STATE_FRONT_WINDING_CW);

                if (o->invert_orientation) {
                    front = !front;
                }
                out->back_facing = !front;
                switch (g45_sf_state_cull_mode(st)) {
                case G45_SF_STATE_CULL_MODE_BOTH:
                    sf->culled++;
                    return false;
                case G45_SF_STATE_CULL_MODE_FRONT:
                    if (front) {
                        sf->culled++;
                        return false;
                    }
                    break;
                case G45_SF_STATE_CULL_MODE_BACK:
                    if (!front) {
                        sf->culled++;
                        return false;
                    }
                    break;
                default:
                    break;
                }
            }
            /* V0 top-most then left-most; V1 next clockwise (§7.5.1.1). */
            for (int i = 1; i < 3; i++) {
                if (y[i] < y[top] || (y[i] == y[top] && x[i] < x[top])) {
                    top = i;
                }
            }
            order[0] = top;
            order[1] = cw ? (top + 1) % 3 : (top + 2) % 3;
            order[2] = cw ? (top + 2) % 3 : (top + 1) % 3;
            /* the object's winding, odd strip triangles' put right */
            ccw = o->type == GEN4_OBJ_TRIANGLE &&
                  !cw != o->invert_orientation;
        }
        for (int i = 0; i < out->nv; i++) {
            out->x[i] = x[order[i]];
            out->y[i] = y[order[i]];
            out->z[i] = z[order[i]];
            out->invw[i] = w[order[i]];
            if (order[i] == o->provoking) {
                out->provoking = i;
            }
        }
        if (o->type == GEN4_OBJ_RECTANGLE) {
            /* v0 lower right, v1 lower left, v2 upper left (§7.2.8). */
            out->x[3] = x[0];
            out->y[3] = y[2];
        }
    }

    /* Pixels outside the clipped drawing rectangle and scissor go. */
    memcpy(out->clip, sf->draw_clip, sizeof(out->clip));
    if (g45_sf_state_scissor_enable(st)) {
        int32_t sc[4] = {
            sf->origin_x + (int32_t)g45_sf_viewport_scissor_xmin(vp),
            sf->origin_y + (int32_t)g45_sf_viewport_scissor_ymin(vp),
            sf->origin_x + (int32_t)g45_sf_viewport_scissor_xmax(vp),
            sf->origin_y + (int32_t)g45_sf_viewport_scissor_ymax(vp),
        };

        out->clip[0] = MAX(out->clip[0], sc[0]);
        out->clip[1] = MAX(out->clip[1], sc[1]);
        out->clip[2] = MIN(out->clip[2], sc[2]);
        out->clip[3] = MIN(out->clip[3], sc[3]);
    }

    /* The setup thread: the object's PUE. */
    out->pue = 0;
    if (o->type == GEN4_OBJ_POINT) {
        sf_thread(sf, out, vue, 1, vue_dw);
    } else {
        const uint32_t *ordered[3] = { NULL, NULL, NULL };
        Gen4SetupObj pay = *out;

        /*
         * The thread sees the vertices from the start vertex on in the
         * object's own winding (odd strip triangles' reversed back, as
         * for culling): the Determinant's sign (R1.2) is how a setup
         * kernel tells a back face (crocus's two-sided colour selection
         * compares it with 0), so only the rasterizer's copy (out) is
         * put in clockwise order.
         */
        if (out->nv == 3 && ccw) {
            int cyc[3] = { order[0], order[2], order[1] };

            for (int i = 0; i < 3; i++) {
                pay.x[i] = x[cyc[i]];
                pay.y[i] = y[cyc[i]];
                pay.z[i] = z[cyc[i]];
                pay.invw[i] = w[cyc[i]];
                if (cyc[i] == o->provoking) {
                    pay.provoking = i;
                }
                order[i] = cyc[i];
            }
        }
        for (int i = 0; i < out->nv; i++) {
            ordered[i] = vue[order[i]];
        }
        sf_thread(sf, &pay, ordered, out->nv, vue_dw);
    }
    return true;
}
