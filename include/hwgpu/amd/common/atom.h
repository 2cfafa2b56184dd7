/*
 * An interpreter for AMD AtomBIOS images (ATOM bytecode), plain C.
 *
 * It reads a ROM image the way the Linux radeon driver's ATOM interpreter
 * does (drivers/gpu/drm/radeon/atom.c, atom.h; table layouts from
 * atombios.h): the PCI ROM header, the ATOM ROM header the 16-bit pointer
 * at 0x48 names, the master command and data tables, each command table's
 * header (size, revisions, workspace and parameter space sizes) and its
 * bytecode, and the IndirectIOAccess programs.  Register, PLL and MC
 * accesses go to callbacks, so tests can record them and a device model can
 * route them to its register file.
 *
 * Unlike the kernel, every read of the image is bounds-checked, parameter
 * and workspace indices are checked against their sizes, the number of
 * executed operations and the call depth are limited, and anything the
 * kernel would log and skip (an unknown opcode, an undefined IIO program,
 * PCI/SYSIO port access) is an error: execution stops and an error code
 * with a message comes back.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_ATOM_H
#define HWGPU_AMD_ATOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Image layout (radeon atom.h and atombios.h). */
#define HWGPU_ATOM_BIOS_MAGIC       0xAA55
#define HWGPU_ATOM_ATI_MAGIC_PTR    0x30
#define HWGPU_ATOM_ATI_MAGIC        " 761295520"
#define HWGPU_ATOM_ROM_TABLE_PTR    0x48
#define HWGPU_ATOM_ROM_MAGIC_PTR    4
#define HWGPU_ATOM_ROM_MSG_PTR      0x10
#define HWGPU_ATOM_ROM_SUBSYS_VID   0x18
#define HWGPU_ATOM_ROM_SUBSYS_ID    0x1A
#define HWGPU_ATOM_ROM_PCI_INFO_PTR 0x1C
#define HWGPU_ATOM_ROM_CMD_PTR      0x1E
#define HWGPU_ATOM_ROM_DATA_PTR     0x20
#define HWGPU_ATOM_ROM_HEADER_SIZE  0x24

/* Command table header: size, frev, crev, then the attribute word. */
#define HWGPU_ATOM_CT_WS_PTR        4
#define HWGPU_ATOM_CT_PS_PTR        5
#define HWGPU_ATOM_CT_PS_MASK       0x7F
#define HWGPU_ATOM_CT_CODE_PTR      6

/* Master command table indices used by radeon (atombios.h order). */
enum {
    HWGPU_ATOM_CMD_ASIC_INIT = 0,
    HWGPU_ATOM_CMD_ENABLE_CRTC_MEM_REQ = 6,
    HWGPU_ATOM_CMD_SET_ENGINE_CLOCK = 10,
    HWGPU_ATOM_CMD_SET_MEMORY_CLOCK = 11,
    HWGPU_ATOM_CMD_SET_PIXEL_CLOCK = 12,
    HWGPU_ATOM_CMD_ADJUST_DISPLAY_PLL = 17,
    HWGPU_ATOM_CMD_DAC_LOAD_DETECTION = 21,
    HWGPU_ATOM_CMD_DAC1_ENCODER_CONTROL = 24,
    HWGPU_ATOM_CMD_ENABLE_SCALER = 33,
    HWGPU_ATOM_CMD_BLANK_CRTC = 34,
    HWGPU_ATOM_CMD_ENABLE_CRTC = 35,
    HWGPU_ATOM_CMD_SET_CRTC_TIMING = 39,
    HWGPU_ATOM_CMD_SET_CRTC_OVERSCAN = 40,
    HWGPU_ATOM_CMD_SELECT_CRTC_SOURCE = 42,
    HWGPU_ATOM_CMD_UPDATE_CRTC_DOUBLE_BUFFER = 44,
    HWGPU_ATOM_CMD_GET_MEMORY_CLOCK = 47,
    HWGPU_ATOM_CMD_GET_ENGINE_CLOCK = 48,
    HWGPU_ATOM_CMD_SET_CRTC_USING_DTD_TIMING = 49,
    HWGPU_ATOM_CMD_ENABLE_SPREAD_SPECTRUM_ON_PPLL = 65,
    HWGPU_ATOM_CMD_DAC1_OUTPUT_CONTROL = 68,
    HWGPU_ATOM_CMD_COUNT = 81,
};

/* Master data table indices (atombios.h order). */
enum {
    HWGPU_ATOM_DATA_FIRMWARE_INFO = 4,
    HWGPU_ATOM_DATA_GPIO_I2C_INFO = 10,
    HWGPU_ATOM_DATA_VRAM_USAGE_BY_FIRMWARE = 11,
    HWGPU_ATOM_DATA_GPIO_PIN_LUT = 12,
    HWGPU_ATOM_DATA_OBJECT_HEADER = 22,
    HWGPU_ATOM_DATA_INDIRECT_IO_ACCESS = 23,
    HWGPU_ATOM_DATA_COUNT = 34,
};

/* Operand locations (the low three bits of an attribute byte). */
enum {
    HWGPU_ATOM_ARG_REG = 0,
    HWGPU_ATOM_ARG_PS = 1,
    HWGPU_ATOM_ARG_WS = 2,
    HWGPU_ATOM_ARG_FB = 3,
    HWGPU_ATOM_ARG_ID = 4,
    HWGPU_ATOM_ARG_IMM = 5,
    HWGPU_ATOM_ARG_PLL = 6,
    HWGPU_ATOM_ARG_MC = 7,
};

/* Workspace indices with a meaning of their own. */
enum {
    HWGPU_ATOM_WS_QUOTIENT = 0x40,
    HWGPU_ATOM_WS_REMAINDER = 0x41,
    HWGPU_ATOM_WS_DATAPTR = 0x42,
    HWGPU_ATOM_WS_SHIFT = 0x43,
    HWGPU_ATOM_WS_OR_MASK = 0x44,
    HWGPU_ATOM_WS_AND_MASK = 0x45,
    HWGPU_ATOM_WS_FB_WINDOW = 0x46,
    HWGPU_ATOM_WS_ATTRIBUTES = 0x47,
    HWGPU_ATOM_WS_REGPTR = 0x48,
};

typedef enum HwgpuAtomError {
    HWGPU_ATOM_OK = 0,
    HWGPU_ATOM_ERR_IMAGE,       /* bad signature or header */
    HWGPU_ATOM_ERR_BOUNDS,      /* a read outside the image */
    HWGPU_ATOM_ERR_NO_TABLE,    /* the master table has no such entry */
    HWGPU_ATOM_ERR_OPCODE,      /* unknown or unimplemented opcode */
    HWGPU_ATOM_ERR_OPERAND,     /* PS/WS/FB index out of range, bad case */
    HWGPU_ATOM_ERR_IO,          /* PCI/SYSIO port, undefined IIO program */
    HWGPU_ATOM_ERR_STEPS,       /* the operation budget ran out */
    HWGPU_ATOM_ERR_DEPTH,       /* CALLTABLE nested too deeply */
} HwgpuAtomError;

/*
 * Accesses the bytecode makes.  Register indices are dword indices (byte
 * offset / 4), as radeon's cail_reg_read/write take them.  Any callback may
 * be NULL: reads then return 0 and writes are dropped.
 */
typedef struct HwgpuAtomOps {
    uint32_t (*reg_read)(void *opaque, uint32_t index);
    void (*reg_write)(void *opaque, uint32_t index, uint32_t val);
    uint32_t (*pll_read)(void *opaque, uint32_t index);
    void (*pll_write)(void *opaque, uint32_t index, uint32_t val);
    uint32_t (*mc_read)(void *opaque, uint32_t index);
    void (*mc_write)(void *opaque, uint32_t index, uint32_t val);
    void (*delay_us)(void *opaque, uint32_t us);
} HwgpuAtomOps;

#define HWGPU_ATOM_MAX_DEPTH        16
#define HWGPU_ATOM_DEFAULT_STEPS    1000000u
/* radeon allocates 20 KiB of firmware scratch when the image names none. */
#define HWGPU_ATOM_FB_SCRATCH_DWORDS (20 * 1024 / 4)

typedef struct HwgpuAtom {
    const uint8_t *bios;
    size_t size;
    uint16_t rom_header;
    uint16_t cmd_table;
    uint16_t data_table;
    uint16_t iio[256];          /* start of each IIO program, 0 = none */
    char name[64];              /* boot message, as radeon prints it */
    const HwgpuAtomOps *ops;
    void *opaque;

    /* Interpreter state shared by nested tables (as radeon's context). */
    uint32_t divmul[2];
    uint32_t data_block;
    uint32_t shift;
    uint32_t fb_base;
    uint32_t io_attr;
    uint32_t reg_block;
    uint32_t io_mode;
    bool cs_equal;
    bool cs_above;
    uint32_t fb_scratch[HWGPU_ATOM_FB_SCRATCH_DWORDS];

    uint64_t steps;             /* operations executed by the last call */
    uint64_t step_limit;        /* budget of one hwgpu_atom_execute() */
    HwgpuAtomError error;
    char errmsg[128];
} HwgpuAtom;

/*
 * Parses the image (it must outlive @a) as radeon's atom_parse() does:
 * 0xAA55, the ATI magic at 0x30, "ATOM" in the ROM header, the master
 * tables and the IIO programs.  Returns HWGPU_ATOM_OK or an error with
 * hwgpu_atom_errmsg() set.
 */
HwgpuAtomError hwgpu_atom_init(HwgpuAtom *a, const uint8_t *bios, size_t size,
                               const HwgpuAtomOps *ops, void *opaque);

/* The data table @index: false if absent or its header is outside. */
bool hwgpu_atom_data_header(const HwgpuAtom *a, int index, uint16_t *size,
                            uint8_t *frev, uint8_t *crev, uint16_t *offset);
/* The command table @index with its workspace (dwords, as the kernel
 * allocates it) and parameter space (bytes) sizes. */
bool hwgpu_atom_cmd_header(const HwgpuAtom *a, int index, uint16_t *size,
                           uint8_t *frev, uint8_t *crev, uint8_t *ws,
                           uint8_t *ps, uint16_t *offset);

/*
 * Runs command table @index with parameter space @ps (@ps_dwords dwords,
 * read and written by the table), resetting the register block, FB window
 * and I/O mode first as radeon's atom_execute_table() does.
 */
HwgpuAtomError hwgpu_atom_execute(HwgpuAtom *a, int index, uint32_t *ps,
                                  unsigned ps_dwords);

/* Runs IndirectIOAccess program @port for register @index with @data. */
HwgpuAtomError hwgpu_atom_iio(HwgpuAtom *a, unsigned port, uint32_t index,
                              uint32_t data, uint32_t *result);

const char *hwgpu_atom_errmsg(const HwgpuAtom *a);

/* Little-endian reads of the image, 0 past its end. */
uint8_t hwgpu_atom_u8(const HwgpuAtom *a, uint32_t off);
uint16_t hwgpu_atom_u16(const HwgpuAtom *a, uint32_t off);
uint32_t hwgpu_atom_u32(const HwgpuAtom *a, uint32_t off);

#endif
