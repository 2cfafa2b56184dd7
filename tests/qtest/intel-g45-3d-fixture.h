/*
 * The layout of graphics memory the 3D tests draw with: the unit test of
 * the pipeline (tests/unit/intel/gen4/test-gen4-draw.c) and the qtest
 * through the device (intel-g45-3d-test.c) use the same addresses for
 * state, kernels, constants and vertices.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_INTEL_G45_3D_FIXTURE_H
#define HWGPU_TESTS_INTEL_G45_3D_FIXTURE_H

#define G3D_STATE_BO    0x10000     /* surface state base */
#define G3D_VS_ST       0x20000
#define G3D_SF_ST       0x20040
#define G3D_WM_ST       0x20080
#define G3D_CC_ST       0x200c0
#define G3D_SF_K        0x30000
#define G3D_PS_K        0x30400
#define G3D_CB          0x40000
#define G3D_VB          0x50000
#define G3D_BATCH       0x60000
#define G3D_RING        0x70000

#endif
