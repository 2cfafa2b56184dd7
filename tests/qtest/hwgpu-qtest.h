/*
 * What every hwgpu device's qtests share: a screendump read back as RGB,
 * a device's integer property.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_HWGPU_QTEST_H
#define HWGPU_TESTS_HWGPU_QTEST_H

#include "qemu/osdep.h"
#include "tests/qtest/libqtest.h"
#include "qobject/qdict.h"

/*
 * A PPM screendump as RGB triplets, w * 3 bytes a row (g_free it).  QEMU
 * writes each row padded to a multiple of 4 bytes (its line buffer's
 * stride), which shows at odd widths; the padding is dropped here.
 */
static inline uint8_t *hwgpuq_screendump(QTestState *qts, int *w, int *h)
{
    g_autofree char *path = g_strdup_printf("/tmp/hwgpuq-%d.ppm", getpid());
    g_autofree char *ppm = NULL;
    uint8_t *rgb;
    size_t len, row;
    int off = 0, maxv;
    QDict *r;

    r = qtest_qmp(qts, "{'execute':'screendump', 'arguments':"
                  "{'filename': %s}}", path);
    g_assert_false(qdict_haskey(r, "error"));
    qobject_unref(r);
    g_assert_true(g_file_get_contents(path, &ppm, &len, NULL));
    unlink(path);
    g_assert_cmpint(sscanf(ppm, "P6 %d %d %d%n", w, h, &maxv, &off), ==, 3);
    off++;
    row = len - off == (size_t)*h * ROUND_UP(*w * 3, 4) ?
          ROUND_UP(*w * 3, 4) : (size_t)*w * 3;
    g_assert_cmpuint(len, >=, off + row * *h);
    rgb = g_malloc((size_t)*w * *h * 3);
    for (int y = 0; y < *h; y++) {
        memcpy(rgb + (size_t)y * *w * 3, ppm + off + row * y,
               (size_t)*w * 3);
    }
    return rgb;
}

/* An integer property of the (only, anonymous) device under test. */
static inline uint64_t hwgpuq_qom_u64(QTestState *qts, const char *prop)
{
    QDict *r = qtest_qmp(qts, "{'execute':'qom-get', 'arguments':"
                         "{'path':'/machine/peripheral-anon/device[0]', "
                         "'property': %s}}", prop);
    uint64_t v;

    g_assert_false(qdict_haskey(r, "error"));
    v = qdict_get_int(r, "return");
    qobject_unref(r);
    return v;
}

#endif
