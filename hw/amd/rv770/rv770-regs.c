/*
 * The RV770's register table: offset, name, reset value, writable bits
 * and side effects, one row each (include/hwgpu/common/regfile.h).  So
 * far the registers the PCI/VBIOS stage uses: the MM_INDEX/MM_DATA window,
 * the BIOS scratch registers the AtomBIOS tables and radeon share, the
 * CP scratch registers, CONFIG_MEMSIZE (what ASIC_Init leaves: the VRAM
 * size), and the display and clock registers the image's command tables
 * write (hw/amd/rv770/rv770-atombios.py names each).  Any other offset
 * reads 0 and logs once as unimplemented.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-display.h"
#include "hwgpu/amd/rv770/rv770-dma.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"

/*
 * MM_DATA: the register at MM_INDEX (dword aligned, within the space).
 * The 3D state (context, ALU/resource/sampler/loop/bool constants,
 * 0x28000 up) is the same storage the CP's SET_* packets write
 * (rv770-cp.c), as rv770_gpu_init's direct writes of context registers
 * expect.
 */
static uint32_t mm_data_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                             uint32_t stored)
{
    Rv770 *r = dev;
    uint32_t index = hwgpu_reg_get(rf, RV770_MM_INDEX);

    if (index >= RV770_REG_SPACE || index == RV770_MM_DATA) {
        HWGPU_GUEST_ERROR(rf->host, "radeon-rv770: MM_DATA read with "
                          "MM_INDEX 0x%08x outside the registers", index);
        return 0;
    }
    if (index >= RV770_STATE_START) {
        return r->cp.state[(index - RV770_STATE_START) / 4];
    }
    return hwgpu_reg_read(rf, index);
}

static void mm_data_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                          uint32_t old, uint32_t val)
{
    Rv770 *r = dev;
    uint32_t index = hwgpu_reg_get(rf, RV770_MM_INDEX);

    if (index >= RV770_REG_SPACE || index == RV770_MM_DATA) {
        HWGPU_GUEST_ERROR(rf->host, "radeon-rv770: MM_DATA write with "
                          "MM_INDEX 0x%08x outside the registers", index);
        return;
    }
    if (index >= RV770_STATE_START) {
        r->cp.state[(index - RV770_STATE_START) / 4] = val;
        return;
    }
    hwgpu_reg_write(rf, index, val);
}

/* CONFIG_MEMSIZE: the VRAM size in bytes (the BIOS's ASIC_Init writes it
 * on a real board; here it holds from reset, so the card reads posted). */
static uint32_t memsize_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                             uint32_t stored)
{
    const Rv770 *r = dev;

    return (uint32_t)r->vram_size;
}

#define RW(off, nm) { .offset = (off), .name = (nm), .wmask = 0xffffffffu }
#define RO(off, nm, val) { .offset = (off), .name = (nm), .reset = (val) }
/* CP registers with side effects: on read, on write, both */
#define CP_R(off, nm) { .offset = (off), .name = (nm), \
                        .read = rv770_cp_reg_read }
#define CP_W(off, nm, mask) { .offset = (off), .name = (nm), .wmask = (mask), \
                              .write = rv770_cp_reg_write }
#define CP_RW(off, nm) { .offset = (off), .name = (nm), .wmask = 0xffffffffu, \
                         .read = rv770_cp_reg_read, \
                         .write = rv770_cp_reg_write }
#define DMA_R(off, nm) { .offset = (off), .name = (nm), \
                         .read = rv770_dma_reg_read }
#define DMA_W(off, nm, mask) { .offset = (off), .name = (nm), \
                               .wmask = (mask), \
                               .write = rv770_dma_reg_write }
#define IH_W(off, nm, mask) { .offset = (off), .name = (nm), .wmask = (mask), \
                              .write = rv770_ih_reg_write }
#define RWN(off, nm, n) { .offset = (off), .name = (nm), \
                          .wmask = 0xffffffffu, .count = (n) }
/* D1 and D2 copies of a display register (D2 = D1 + 0x800). */
#define CRTC(off, nm) RW(off, "D1" nm), RW((off) + 0x800, "D2" nm)
/* display registers with side effects (rv770-display.c), D1 and D2 */
#define DISP(off, nm, mask) { .offset = (off), .name = (nm), .wmask = (mask), \
                              .read = rv770_display_reg_read, \
                              .write = rv770_display_reg_write }
#define DISP2(off, nm, mask) DISP(off, "D1" nm, mask), \
                             DISP((off) + 0x800, "D2" nm, mask)

const HwgpuRegDesc rv770_reg_table[] = {
    /* seed-004.md §4.1: the index/data window (r100_mm_rreg/wreg) */
    { .offset = RV770_MM_INDEX, .name = "MM_INDEX", .wmask = 0x7ffffffcu },
    { .offset = RV770_MM_DATA, .name = "MM_DATA", .wmask = 0xffffffffu,
      .read = mm_data_read, .write = mm_data_write },
    /* clocks the AtomBIOS command tables program (rv770-atombios.py) */
    RW(0x0404, "P1PLL_REF_DIV"), RW(0x0414, "P2PLL_REF_DIV"),
    RW(0x0430, "P1PLL_FB_DIV"), RW(0x0434, "P2PLL_FB_DIV"),
    RW(0x043c, "P1PLL_POST_DIV"), RW(0x0444, "P2PLL_POST_DIV"),
    RW(0x0450, "P1PLL_CNTL"), RW(0x0454, "P2PLL_CNTL"),
    RWN(0x0458, "PNPLL_INT_SS_CNTL", 2),
    RW(0x0480, "PCLK_D1CRTC_CNTL"), RW(0x0484, "PCLK_D2CRTC_CNTL"),
    RW(0x0600, "CG_SPLL_FUNC_CNTL"), RW(0x0608, "CG_SPLL_FUNC_CNTL_3"),
    RW(0x0624, "MPLL_AD_FUNC_CNTL"),
    /* seed-004.md §4.2: BIOS_0..7_SCRATCH */
    RWN(RV770_BIOS_0_SCRATCH, "BIOS_SCRATCH", 8),
    { .offset = RV770_CONFIG_MEMSIZE, .name = "CONFIG_MEMSIZE",
      .read = memsize_read },
    /*
     * Display (rv770-display.c; seed-004.md §4.10): the CRTCs (the timing
     * the AtomBIOS tables set; CRTC_EN and the totals restart the clock)
     */
    DISP2(RV770_D1CRTC_H_TOTAL, "CRTC_H_TOTAL", 0x1fff),
    CRTC(0x6004, "CRTC_H_BLANK_START_END"),
    CRTC(0x6008, "CRTC_H_SYNC_A"), CRTC(0x600c, "CRTC_H_SYNC_A_CNTL"),
    DISP2(RV770_D1CRTC_V_TOTAL, "CRTC_V_TOTAL", 0x1fff),
    DISP2(RV770_D1CRTC_V_BLANK_START_END, "CRTC_V_BLANK_START_END",
          0x1fff1fff),
    CRTC(0x6028, "CRTC_V_SYNC_A"), CRTC(0x602c, "CRTC_V_SYNC_A_CNTL"),
    DISP2(RV770_D1CRTC_CONTROL, "CRTC_CONTROL", 0xffffffffu),
    CRTC(0x6084, "CRTC_BLANK_CONTROL"), CRTC(0x6088, "CRTC_INTERLACE_CONTROL"),
    DISP2(RV770_D1CRTC_STATUS, "CRTC_STATUS", 0),
    DISP2(RV770_D1CRTC_STATUS_POSITION, "CRTC_STATUS_POSITION", 0),
    DISP2(RV770_D1CRTC_STATUS_FRAME_COUNT, "CRTC_STATUS_FRAME_COUNT", 0),
    DISP2(RV770_D1CRTC_STATUS_HV_COUNT, "CRTC_STATUS_HV_COUNT", 0),
    CRTC(RV770_D1CRTC_MASTER_UPDATE_LOCK, "CRTC_MASTER_UPDATE_LOCK"),
    CRTC(RV770_D1CRTC_MASTER_UPDATE_MODE, "CRTC_MASTER_UPDATE_MODE"),
    CRTC(RV770_D1CRTC_UPDATE_LOCK, "CRTC_UPDATE_LOCK"),
    /* the graphics surfaces: an address write is latched at vblank */
    CRTC(RV770_D1GRPH_ENABLE, "GRPH_ENABLE"),
    CRTC(RV770_D1GRPH_CONTROL, "GRPH_CONTROL"),
    CRTC(RV770_D1GRPH_LUT_SEL, "GRPH_LUT_SEL"),
    CRTC(RV770_D1GRPH_SWAP_CONTROL, "GRPH_SWAP_CONTROL"),
    DISP2(RV770_D1GRPH_PRIMARY_SURFACE, "GRPH_PRIMARY_SURFACE_ADDRESS",
          0xffffffffu),
    DISP2(RV770_D1GRPH_SECONDARY_SURFACE, "GRPH_SECONDARY_SURFACE_ADDRESS",
          0xffffffffu),
    /* the R7xx HIGH halves: D2's at 0x6114/0x611c, D1's at 0x6914/0x691c */
    DISP(RV770_D2GRPH_PRIMARY_HIGH, "D2GRPH_PRIMARY_SURFACE_ADDRESS_HIGH",
         0xff),
    DISP(RV770_D2GRPH_SECONDARY_HIGH, "D2GRPH_SECONDARY_SURFACE_ADDRESS_HIGH",
         0xff),
    DISP(RV770_D2GRPH_PRIMARY_HIGH + 0x800,
         "D1GRPH_PRIMARY_SURFACE_ADDRESS_HIGH", 0xff),
    DISP(RV770_D2GRPH_SECONDARY_HIGH + 0x800,
         "D1GRPH_SECONDARY_SURFACE_ADDRESS_HIGH", 0xff),
    CRTC(RV770_D1GRPH_PITCH, "GRPH_PITCH"),
    CRTC(RV770_D1GRPH_SURFACE_OFFSET_X, "GRPH_SURFACE_OFFSET_X"),
    CRTC(RV770_D1GRPH_SURFACE_OFFSET_Y, "GRPH_SURFACE_OFFSET_Y"),
    CRTC(RV770_D1GRPH_X_START, "GRPH_X_START"),
    CRTC(RV770_D1GRPH_Y_START, "GRPH_Y_START"),
    CRTC(RV770_D1GRPH_X_END, "GRPH_X_END"),
    CRTC(RV770_D1GRPH_Y_END, "GRPH_Y_END"),
    DISP2(RV770_D1GRPH_UPDATE, "GRPH_UPDATE", RV770_GRPH_UPDATE_LOCK),
    CRTC(RV770_D1GRPH_FLIP_CONTROL, "GRPH_FLIP_CONTROL"),
    DISP2(RV770_D1GRPH_INTERRUPT_STATUS, "GRPH_INTERRUPT_STATUS",
          RV770_GRPH_PFLIP_CLEAR),
    CRTC(RV770_D1GRPH_INTERRUPT_CONTROL, "GRPH_INTERRUPT_CONTROL"),
    /* cursors (the HIGH halves swapped as the surfaces' are) */
    CRTC(RV770_D1CUR_CONTROL, "CUR_CONTROL"),
    CRTC(RV770_D1CUR_SURFACE_ADDRESS, "CUR_SURFACE_ADDRESS"),
    CRTC(RV770_D2CUR_SURFACE_HIGH, "CUR_SURFACE_ADDRESS_HIGH(swapped)"),
    CRTC(RV770_D1CUR_SIZE, "CUR_SIZE"), CRTC(RV770_D1CUR_POSITION, "CUR_POSITION"),
    CRTC(RV770_D1CUR_HOT_SPOT, "CUR_HOT_SPOT"),
    CRTC(RV770_D1CUR_UPDATE, "CUR_UPDATE"),
    /* the LUTs: 30-bit colours through DC_LUT_30_COLOR at RW_INDEX */
    RW(RV770_DC_LUT_RW_SELECT, "DC_LUT_RW_SELECT"),
    RW(RV770_DC_LUT_RW_MODE, "DC_LUT_RW_MODE"),
    RW(RV770_DC_LUT_RW_INDEX, "DC_LUT_RW_INDEX"),
    DISP(RV770_DC_LUT_30_COLOR, "DC_LUT_30_COLOR", 0x3fffffff),
    RW(RV770_DC_LUT_WRITE_EN_MASK, "DC_LUT_WRITE_EN_MASK"),
    RWN(RV770_DC_LUTA_CONTROL, "DC_LUTA_CONTROL/OFFSETS", 7),
    RWN(RV770_DC_LUTA_CONTROL + 0x800, "DC_LUTB_CONTROL/OFFSETS", 7),
    /* mode: desktop, vblank status (OCCURRED, ACK), viewport */
    CRTC(RV770_D1MODE_DESKTOP_HEIGHT, "MODE_DESKTOP_HEIGHT"),
    DISP2(RV770_D1MODE_VBLANK_STATUS, "MODE_VBLANK_STATUS", RV770_VBLANK_ACK),
    CRTC(0x6538, "MODE_VLINE_START_END"), CRTC(0x653c, "MODE_VLINE_STATUS"),
    RW(RV770_DXMODE_INT_MASK, "DxMODE_INT_MASK"),
    CRTC(RV770_D1MODE_VIEWPORT_START, "MODE_VIEWPORT_START"),
    CRTC(RV770_D1MODE_VIEWPORT_SIZE, "MODE_VIEWPORT_SIZE"),
    CRTC(0x6588, "MODE_EXT_OVERSCAN_LEFT_RIGHT"),
    CRTC(0x658c, "MODE_EXT_OVERSCAN_TOP_BOTTOM"),
    CRTC(0x6590, "SCL_SCALER_ENABLE"),
    CRTC(0x6528, "MODE_DATA_FORMAT"),
    /* the legacy VGA block radeon turns off (rv515_vga_render_disable);
     * CRTC1 shows VGA as the VGA BIOS's POST leaves it, until radeon
     * sets a surface (avivo_crtc_do_set_base clears DxVGA_CONTROL) */
    RW(0x0300, "VGA_RENDER_CONTROL"), RW(0x0310, "VGA_MEMORY_BASE_ADDRESS"),
    RW(0x0324, "VGA_MEMORY_BASE_ADDRESS_HIGH"), RW(0x0328, "VGA_HDP_CONTROL"),
    { .offset = RV770_D1VGA_CONTROL, .name = "D1VGA_CONTROL",
      .wmask = 0xffffffffu, .reset = RV770_VGA_MODE_ENABLE },
    RW(RV770_D2VGA_CONTROL, "D2VGA_CONTROL"),
    /* interrupt status (vblank from the CRTCs, HPD1), hot plug */
    DISP(RV770_DISP_INTERRUPT_STATUS, "DISP_INTERRUPT_STATUS", 0),
    RO(RV770_DISP_INTERRUPT_STATUS + 0xc, "DISP_INTERRUPT_STATUS_CONTINUE", 0),
    RO(RV770_DISP_INTERRUPT_STATUS + 0x10, "DISP_INTERRUPT_STATUS_CONTINUE2",
       0),
    DISP(RV770_DC_HPD1_INT_STATUS, "DC_HPD1_INT_STATUS", 0),
    DISP(RV770_DC_HPD1_INT_CONTROL, "DC_HPD1_INT_CONTROL", 0x10101),
    RW(RV770_DC_HPD1_CONTROL, "DC_HPD1_CONTROL"),
    RO(RV770_DC_HPD1_INT_STATUS + 0xc, "DC_HPD2_INT_STATUS", 0),
    DISP(RV770_DC_HPD1_INT_CONTROL + 0xc, "DC_HPD2_INT_CONTROL", 0x10101),
    RW(RV770_DC_HPD1_CONTROL + 0xc, "DC_HPD2_CONTROL"),
    RO(RV770_DC_HPD1_INT_STATUS + 0x18, "DC_HPD3_INT_STATUS", 0),
    DISP(RV770_DC_HPD1_INT_CONTROL + 0x18, "DC_HPD3_INT_CONTROL", 0x10101),
    RW(RV770_DC_HPD1_CONTROL + 0x18, "DC_HPD3_CONTROL"),
    RO(RV770_DC_HPD1_INT_STATUS + 0x24, "DC_HPD4_INT_STATUS", 0),
    DISP(RV770_DC_HPD1_INT_CONTROL + 0x24, "DC_HPD4_INT_CONTROL", 0x10101),
    RW(RV770_DC_HPD1_CONTROL + 0x24, "DC_HPD4_CONTROL"),
    /* DACs A and B */
    RW(0x7800, "DACA_ENABLE"), RW(0x7a00, "DACB_ENABLE"),
    RW(0x7804, "DACA_SOURCE_SELECT"), RW(0x7a04, "DACB_SOURCE_SELECT"),
    RW(0x7850, "DACA_POWERDOWN"), RW(0x7a50, "DACB_POWERDOWN"),
    /* the DDC1 pins (GPIO_I2C_Info; bit-banged: a monitor answers on
     * them), DDC2/3 (nothing on them) and the HPD GPIOs (GPIO_Pin_LUT) */
    RW(RV770_DC_GPIO_DDC1_MASK, "DC_GPIO_DDC1_MASK"),
    DISP(RV770_DC_GPIO_DDC1_A, "DC_GPIO_DDC1_A", 0xffffffffu),
    DISP(RV770_DC_GPIO_DDC1_EN, "DC_GPIO_DDC1_EN", 0xffffffffu),
    DISP(RV770_DC_GPIO_DDC1_Y, "DC_GPIO_DDC1_Y", 0),
    RWN(0x7e50, "DC_GPIO_DDC2", 3), RO(0x7e5c, "DC_GPIO_DDC2_Y", 0x101),
    RWN(0x7e60, "DC_GPIO_DDC3", 3), RO(0x7e6c, "DC_GPIO_DDC3_Y", 0x101),
    RW(0x7e94, "DC_GPIO_HPD_A"),
    /*
     * Memory controller, VM and HDP (rv770-mc.c; seed-004.md §4.5 steps
     * 3-4, rv770_mc_program and rv770_pcie_gart_enable)
     */
    RO(RV770_SRBM_STATUS, "SRBM_STATUS", 0),        /* MC, VMC, IH idle */
    RW(RV770_VM_L2_CNTL, "VM_L2_CNTL"),
    { .offset = RV770_VM_L2_CNTL2, .name = "VM_L2_CNTL2",
      .wmask = 0xffffffffu, .write = rv770_mc_l2_cntl2_write },
    RW(RV770_VM_L2_CNTL3, "VM_L2_CNTL3"),
    RO(RV770_VM_L2_STATUS, "VM_L2_STATUS", 0),      /* L2_BUSY clear */
    RWN(RV770_VM_CONTEXT0_CNTL, "VM_CONTEXT_CNTL", 8),
    RWN(0x1430, "VM_CONTEXT_CNTL2", 8),
    { .offset = RV770_VM_CONTEXT0_REQUEST_RESPONSE,
      .name = "VM_CONTEXT0_REQUEST_RESPONSE", .wmask = 0xf,
      .write = rv770_mc_request_write },
    RWN(RV770_VM_CONTEXT0_INVALIDATION_LOW, "VM_CONTEXT_INVALIDATION_LOW",
        8),
    RWN(RV770_VM_CONTEXT0_INVALIDATION_HIGH,
        "VM_CONTEXT_INVALIDATION_HIGH", 8),
    RWN(RV770_VM_CONTEXT0_FAULT_DEFAULT,
        "VM_CONTEXT_PROTECTION_FAULT_DEFAULT_ADDR", 8),
    RWN(RV770_VM_CONTEXT0_PT_BASE, "VM_CONTEXT_PAGE_TABLE_BASE_ADDR", 8),
    RWN(RV770_VM_CONTEXT0_PT_START, "VM_CONTEXT_PAGE_TABLE_START_ADDR", 8),
    RWN(RV770_VM_CONTEXT0_PT_END, "VM_CONTEXT_PAGE_TABLE_END_ADDR", 8),
    /* eight 32-bit channels: a 256-bit bus, as on the HD 4870 */
    RO(RV770_MC_SHARED_CHMAP, "MC_SHARED_CHMAP", 3u << 12),
    RW(RV770_MC_VM_FB_LOCATION, "MC_VM_FB_LOCATION"),
    RW(RV770_MC_VM_AGP_TOP, "MC_VM_AGP_TOP"),
    RW(RV770_MC_VM_AGP_BOT, "MC_VM_AGP_BOT"),
    RW(RV770_MC_VM_AGP_BASE, "MC_VM_AGP_BASE"),
    RW(RV770_MC_VM_SYS_APERTURE_LOW, "MC_VM_SYSTEM_APERTURE_LOW_ADDR"),
    RW(RV770_MC_VM_SYS_APERTURE_HIGH, "MC_VM_SYSTEM_APERTURE_HIGH_ADDR"),
    RW(RV770_MC_VM_SYS_APERTURE_DEFAULT,
       "MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR"),
    RWN(0x2234, "MC_VM_MB_L1_TLB_CNTL", 4),
    RWN(0x2654, "MC_VM_MD_L1_TLB_CNTL", 4),
    /* 8 banks, 1 rank, 4 KiB rows (NOOFCOLS 2), 32-bit channels */
    RO(RV770_MC_ARB_RAMCFG, "MC_ARB_RAMCFG", 0x91),
    RW(0x2c00, "HDP_HOST_PATH_CNTL"),
    RW(0x2c04, "HDP_NONSURFACE_BASE"), RW(0x2c08, "HDP_NONSURFACE_INFO"),
    RW(0x2c0c, "HDP_NONSURFACE_SIZE"),
    RWN(0x2c14, "HDP_SURFACE", 32 * 6),     /* 32 x 0x18: 0x2c14..0x2c24 */
    RO(0x2f34, "HDP_DEBUG1", 0),
    RW(0x2f3c, "HDP_TILING_CONFIG"),
    RW(0x5480, "HDP_MEM_COHERENCY_FLUSH_CNTL"),  /* nothing is cached */
    /* CP scratch registers (radeon's ring tests write them) */
    RWN(RV770_SCRATCH_REG0, "SCRATCH_REG", RV770_SCRATCH_REGS),
    /*
     * The CP (rv770-cp.c; seed-004.md §4.4, §4.5 steps 10-11, §4.6)
     */
    CP_R(RV770_GRBM_STATUS, "GRBM_STATUS"),
    CP_W(RV770_GRBM_SOFT_RESET, "GRBM_SOFT_RESET", 0xffffffffu),
    RW(RV770_WAIT_UNTIL, "WAIT_UNTIL"),     /* work is done in order */
    RW(RV770_SCRATCH_UMSK, "SCRATCH_UMSK"),
    RW(RV770_SCRATCH_ADDR, "SCRATCH_ADDR"),
    RW(RV770_CP_SEM_WAIT_TIMER, "CP_SEM_WAIT_TIMER"),
    RW(RV770_CP_COHER_CNTL, "CP_COHER_CNTL"),
    RW(RV770_CP_COHER_SIZE, "CP_COHER_SIZE"),
    RW(RV770_CP_COHER_BASE, "CP_COHER_BASE"),
    RO(RV770_CP_COHER_STATUS, "CP_COHER_STATUS", 0),    /* synced */
    { .offset = RV770_CP_ME_CNTL, .name = "CP_ME_CNTL",
      .reset = RV770_CP_ME_HALT | RV770_CP_PFP_HALT, .wmask = 0xffffffffu,
      .write = rv770_cp_reg_write },
    CP_R(RV770_CP_RB_RPTR, "CP_RB_RPTR"),
    RW(RV770_CP_RB_WPTR_DELAY, "CP_RB_WPTR_DELAY"),
    CP_W(RV770_CP_RB_BASE, "CP_RB_BASE", 0xffffffffu),
    CP_W(RV770_CP_RB_CNTL, "CP_RB_CNTL", 0xffffffffu),
    CP_W(RV770_CP_RB_RPTR_WR, "CP_RB_RPTR_WR", 0x000fffffu),
    CP_W(RV770_CP_RB_RPTR_ADDR, "CP_RB_RPTR_ADDR", 0xfffffffcu),
    CP_W(RV770_CP_RB_RPTR_ADDR_HI, "CP_RB_RPTR_ADDR_HI", 0xffu),
    CP_W(RV770_CP_RB_WPTR, "CP_RB_WPTR", 0x000fffffu),
    RW(RV770_CP_INT_CNTL, "CP_INT_CNTL"),
    CP_W(RV770_CP_INT_STATUS, "CP_INT_STATUS", 0xffffffffu),
    CP_W(RV770_CP_PFP_UCODE_ADDR, "CP_PFP_UCODE_ADDR", 0xffffffffu),
    CP_RW(RV770_CP_PFP_UCODE_DATA, "CP_PFP_UCODE_DATA"),
    CP_W(RV770_CP_ME_RAM_RADDR, "CP_ME_RAM_RADDR", 0xffffffffu),
    CP_W(RV770_CP_ME_RAM_WADDR, "CP_ME_RAM_WADDR", 0xffffffffu),
    CP_RW(RV770_CP_ME_RAM_DATA, "CP_ME_RAM_DATA"),
    RW(RV770_CP_DEBUG, "CP_DEBUG"),
    /*
     * The RLC (r600_rlc_resume): its heartbeat ring and microcode port.
     * Stored; the RLC itself (power gating) is not modelled, and radeon
     * on the RV770 waits for nothing from it.
     */
    RW(0x3f00, "RLC_CNTL"), RW(0x3f0c, "RLC_HB_CNTL"),
    RW(0x3f10, "RLC_HB_BASE"), RW(0x3f14, "RLC_HB_WPTR_LSB_ADDR"),
    RW(0x3f18, "RLC_HB_WPTR_MSB_ADDR"), RW(0x3f1c, "RLC_HB_WPTR"),
    RW(0x3f20, "RLC_HB_RPTR"), RW(0x3f2c, "RLC_UCODE_ADDR"),
    RW(0x3f30, "RLC_UCODE_DATA"), RW(0x3f44, "RLC_MC_CNTL"),
    RW(0x3f48, "RLC_UCODE_CNTL"),
    /*
     * What rv770_gpu_init reads and programs: the harvest configuration
     * (nothing disabled: 10 SIMDs, 4 render backends), tiling and the
     * graphics block's setup.  Stored; they take effect with the 3D
     * engine (the next issue's).
     */
    RO(0x8950, "CC_GC_SHADER_PIPE_CONFIG", 0),
    RW(0x8954, "GC_USER_SHADER_PIPE_CONFIG"),
    RO(0x98f4, "CC_RB_BACKEND_DISABLE", 0),
    RW(0x9b7c, "GC_USER_RB_BACKEND_DISABLE"),
    RW(0x8000, "GRBM_CNTL"), RW(0x98f0, "GB_TILING_CONFIG"),
    RW(0x6ca0, "DCP_TILING_CONFIG"), RW(0x8c00, "SQ_CONFIG"),
    RW(0xa020, "SMX_DC_CTL0"), RW(0x98b0, "DB_DEBUG3"),
    RW(0x8060, "GRBM_INT_CNTL"),
    /*
     * The IH (rv770-ih.c; seed-004.md §4.5 step 9)
     */
    IH_W(RV770_IH_RB_CNTL, "IH_RB_CNTL", 0xffffffffu),
    RW(RV770_IH_RB_BASE, "IH_RB_BASE"),
    IH_W(RV770_IH_RB_RPTR, "IH_RB_RPTR", 0x0003fffcu),
    IH_W(RV770_IH_RB_WPTR, "IH_RB_WPTR", 0x0003fffdu),
    RW(RV770_IH_RB_WPTR_ADDR_HI, "IH_RB_WPTR_ADDR_HI"),
    RW(RV770_IH_RB_WPTR_ADDR_LO, "IH_RB_WPTR_ADDR_LO"),
    IH_W(RV770_IH_CNTL, "IH_CNTL", 0xffffffffu),
    RW(RV770_INTERRUPT_CNTL, "INTERRUPT_CNTL"),
    RW(RV770_INTERRUPT_CNTL2, "INTERRUPT_CNTL2"),
    /*
     * The DMA engine (rv770-dma.c; seed-004.md §2.1.4, §4.5 step 12)
     */
    DMA_R(RV770_SRBM_STATUS2, "SRBM_STATUS2"),
    RW(RV770_DMA_TILING_CONFIG, "DMA_TILING_CONFIG"),
    DMA_W(RV770_DMA_RB_CNTL, "DMA_RB_CNTL", 0xffffffffu),
    DMA_W(RV770_DMA_RB_BASE, "DMA_RB_BASE", 0xffffffffu),
    { .offset = RV770_DMA_RB_RPTR, .name = "DMA_RB_RPTR",
      .wmask = 0x3fffc, .read = rv770_dma_reg_read,
      .write = rv770_dma_reg_write },
    DMA_W(RV770_DMA_RB_WPTR, "DMA_RB_WPTR", 0x3fffc),
    RW(RV770_DMA_RB_RPTR_ADDR_HI, "DMA_RB_RPTR_ADDR_HI"),
    RW(RV770_DMA_RB_RPTR_ADDR_LO, "DMA_RB_RPTR_ADDR_LO"),
    RW(RV770_DMA_IB_CNTL, "DMA_IB_CNTL"),
    DMA_R(RV770_DMA_IB_RPTR, "DMA_IB_RPTR"),
    RW(RV770_DMA_CNTL, "DMA_CNTL"),
    DMA_R(RV770_DMA_STATUS_REG, "DMA_STATUS_REG"),
    RW(RV770_DMA_SEM_INCOMPLETE_TIMER_CNTL, "DMA_SEM_INCOMPLETE_TIMER_CNTL"),
    RW(RV770_DMA_SEM_WAIT_FAIL_TIMER_CNTL, "DMA_SEM_WAIT_FAIL_TIMER_CNTL"),
    RW(RV770_DMA_TILING_CONFIG2, "DMA_TILING_CONFIG2"),
    RW(RV770_DMA_MODE, "DMA_MODE"),
};

const unsigned rv770_reg_table_len =
    sizeof(rv770_reg_table) / sizeof(rv770_reg_table[0]);
