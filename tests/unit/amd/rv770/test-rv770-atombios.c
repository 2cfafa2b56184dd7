/*
 * The generated RV770 AtomBIOS image, read the way Linux radeon reads it
 * (radeon_bios.c radeon_get_bios, atom.c atom_parse, radeon_atombios.c
 * radeon_atom_get_clock_info and radeon_get_atom_connector_info_from_
 * object_table), and every command table executed against a recording
 * register file.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "common/atom-rec.h"
#include "rv770-atombios.h"

#define ROM hwgpu_rv770_atombios
#define X(name) HWGPU_RV770_ATOMBIOS_##name

static HwgpuAtom atom;
static Rec rec;

static uint16_t u16(uint32_t off)
{
    return ROM[off] | ROM[off + 1] << 8;
}

static uint32_t u32(uint32_t off)
{
    return u16(off) | (uint32_t)u16(off + 2) << 16;
}

static void setup(void)
{
    memset(&rec, 0, sizeof(rec));
    g_assert_cmpint(hwgpu_atom_init(&atom, ROM, sizeof(ROM), &rec_ops, &rec),
                    ==, HWGPU_ATOM_OK);
}

/*
 * The parameter space radeon passes each table: the size of the
 * parameter structure atombios.h gives it (atom_asic_init: 16 dwords).
 * Newer kernels check PS indices against it, so the tables must stay
 * inside.
 */
static unsigned ps_dwords(int index)
{
    switch (index) {
    case HWGPU_ATOM_CMD_ASIC_INIT:
        return 16;
    case HWGPU_ATOM_CMD_SET_ENGINE_CLOCK:       /* *_CLOCK_PS_ALLOCATION */
    case HWGPU_ATOM_CMD_SET_MEMORY_CLOCK:
    case HWGPU_ATOM_CMD_SET_CRTC_OVERSCAN:
    case HWGPU_ATOM_CMD_SET_PIXEL_CLOCK:        /* PIXEL_CLOCK_PARAMETERS_V3 */
    case HWGPU_ATOM_CMD_DAC_LOAD_DETECTION:
        return 3;
    case HWGPU_ATOM_CMD_BLANK_CRTC:
    case HWGPU_ATOM_CMD_ADJUST_DISPLAY_PLL:
    case HWGPU_ATOM_CMD_ENABLE_SPREAD_SPECTRUM_ON_PPLL:
        return 2;
    case HWGPU_ATOM_CMD_SET_CRTC_TIMING:
    case HWGPU_ATOM_CMD_SET_CRTC_USING_DTD_TIMING:
        return 6;
    default:                                    /* one-dword structures */
        return 1;
    }
}

static void run(int index, uint32_t *ps)
{
    HwgpuAtomError e;

    rec_clear_log(&rec);
    e = hwgpu_atom_execute(&atom, index, ps, ps_dwords(index));
    if (e) {
        g_test_message("table %d: %s", index, hwgpu_atom_errmsg(&atom));
    }
    g_assert_cmpint(e, ==, HWGPU_ATOM_OK);
}

/* radeon_get_bios: option ROM signature, PCI data structure, x86 code. */
static void test_pci_rom(void)
{
    uint16_t pcir = u16(0x18);
    unsigned sum = 0;

    g_assert_cmphex(ROM[0], ==, 0x55);
    g_assert_cmphex(ROM[1], ==, 0xAA);
    g_assert_cmpuint(ROM[2] * 512, ==, sizeof(ROM));
    g_assert_cmpmem(ROM + pcir, 4, "PCIR", 4);
    g_assert_cmphex(u16(pcir + 4), ==, X(VENDOR));
    g_assert_cmphex(u16(pcir + 6), ==, X(DEVICE));
    g_assert_cmpuint(u16(pcir + 0xA), ==, 0x18);
    g_assert_cmphex(ROM[pcir + 0xD], ==, 0x00);       /* class 03 00 00 */
    g_assert_cmphex(ROM[pcir + 0xE], ==, 0x00);
    g_assert_cmphex(ROM[pcir + 0xF], ==, 0x03);
    g_assert_cmpuint(u16(pcir + 0x10) * 512, ==, sizeof(ROM));
    g_assert_cmphex(ROM[pcir + 0x14], ==, 0);         /* x86 code */
    g_assert_cmphex(ROM[pcir + 0x15], ==, 0x80);      /* last image */
    for (size_t i = 0; i < sizeof(ROM); i++) {
        sum += ROM[i];
    }
    g_assert_cmpuint(sum % 256, ==, 0);
    g_assert_cmpuint(sizeof(ROM), ==, X(SIZE));
}

/* atom_parse: magics, ROM header, master tables, boot message. */
static void test_atom_header(void)
{
    uint16_t hdr = u16(HWGPU_ATOM_ROM_TABLE_PTR);

    setup();
    g_assert_cmpmem(ROM + HWGPU_ATOM_ATI_MAGIC_PTR, 10, " 761295520", 10);
    g_assert_cmpmem(ROM + hdr + 4, 4, "ATOM", 4);
    g_assert_cmpuint(u16(hdr), ==, HWGPU_ATOM_ROM_HEADER_SIZE);
    g_assert_cmpuint(atom.rom_header, ==, hdr);
    g_assert_cmpuint(atom.cmd_table, ==, u16(hdr + HWGPU_ATOM_ROM_CMD_PTR));
    g_assert_cmpuint(atom.data_table, ==, u16(hdr + HWGPU_ATOM_ROM_DATA_PTR));
    g_assert_cmpuint(u16(hdr + HWGPU_ATOM_ROM_PCI_INFO_PTR), ==, u16(0x18));
    g_assert_cmpstr(atom.name, ==, "HWGPU_RV770_ATOMBIOS");
    /* the master tables have room for every index radeon names */
    g_assert_cmpuint(u16(atom.cmd_table), >=, 4 + 2 * HWGPU_ATOM_CMD_COUNT);
    g_assert_cmpuint(u16(atom.data_table), >=, 4 + 2 * HWGPU_ATOM_DATA_COUNT);
}

/* Every table the master tables name lies inside the image, with the
 * revisions radeon's parsers expect. */
static void test_master_tables(void)
{
    static const struct { int index; uint8_t frev, crev; uint16_t size; }
    data[] = {
        { HWGPU_ATOM_DATA_FIRMWARE_INFO, 1, 4, 89 },
        { HWGPU_ATOM_DATA_GPIO_I2C_INFO, 1, 1, 4 + 27 },
        { HWGPU_ATOM_DATA_GPIO_PIN_LUT, 1, 1, 4 + 6 * 4 },
        { HWGPU_ATOM_DATA_OBJECT_HEADER, 1, 2, 0 },
        { HWGPU_ATOM_DATA_INDIRECT_IO_ACCESS, 1, 1, 0 },
    };
    uint16_t size, off;
    uint8_t frev, crev, ws, ps;
    int ndata = 0, ncmd = 0;

    setup();
    for (int i = 0; i < HWGPU_ATOM_DATA_COUNT; i++) {
        uint16_t entry = u16(atom.data_table + 4 + 2 * i);

        if (!entry) {
            continue;
        }
        ndata++;
        g_assert_true(hwgpu_atom_data_header(&atom, i, &size, &frev, &crev,
                                             &off));
        g_assert_cmpuint(off + size, <=, sizeof(ROM));
    }
    g_assert_cmpint(ndata, ==, G_N_ELEMENTS(data));
    for (size_t i = 0; i < G_N_ELEMENTS(data); i++) {
        g_assert_true(hwgpu_atom_data_header(&atom, data[i].index, &size,
                                             &frev, &crev, &off));
        g_assert_cmpuint(frev, ==, data[i].frev);
        g_assert_cmpuint(crev, ==, data[i].crev);
        if (data[i].size) {
            g_assert_cmpuint(size, ==, data[i].size);
        }
    }
    for (int i = 0; i < HWGPU_ATOM_CMD_COUNT; i++) {
        if (!u16(atom.cmd_table + 4 + 2 * i)) {
            g_assert_false(hwgpu_atom_cmd_header(&atom, i, NULL, NULL, NULL,
                                                 NULL, NULL, NULL));
            continue;
        }
        ncmd++;
        g_assert_true(hwgpu_atom_cmd_header(&atom, i, &size, &frev, &crev,
                                            &ws, &ps, &off));
        g_assert_cmpuint(off + size, <=, sizeof(ROM));
        g_assert_cmpuint(frev, ==, 1);
        g_assert_cmpuint(crev, ==,
                         i == HWGPU_ATOM_CMD_SET_PIXEL_CLOCK ? 3 : 1);
        g_assert_cmpuint(ps % 4, ==, 0);
        /* the last byte is an EOT or a jump target's code: not past it */
        g_assert_cmpuint(size, >, HWGPU_ATOM_CT_CODE_PTR);
    }
    g_assert_cmpint(ncmd, ==, 20);
}

/* radeon_atom_get_clock_info and atom_asic_init read FirmwareInfo 1.4. */
static void test_firmware_info(void)
{
    uint16_t fw;

    setup();
    g_assert_true(hwgpu_atom_data_header(&atom, HWGPU_ATOM_DATA_FIRMWARE_INFO,
                                         NULL, NULL, NULL, &fw));
    g_assert_cmpuint(u32(fw + 8), ==, X(DEFAULT_SCLK));
    g_assert_cmpuint(u32(fw + 12), ==, X(DEFAULT_MCLK));
    g_assert_cmpuint(u32(fw + 32), ==, X(PPLL_VCO_MAX));  /* ulMaxPixelPLL */
    g_assert_cmpuint(u32(fw + 56), ==, X(PPLL_VCO_MIN));  /* ulMinPixelPLL */
    g_assert_cmpuint(u16(fw + 72), ==, X(MAX_PIXEL_CLOCK));
    g_assert_cmpuint(u16(fw + 74), ==, X(PPLL_IN_MIN));
    g_assert_cmpuint(u16(fw + 76), ==, X(PPLL_IN_MAX));
    g_assert_cmpuint(u16(fw + 78), ==, X(PPLL_VCO_MIN) & 0xFFFF);
    g_assert_cmpuint(u16(fw + 82), ==, 2700);             /* 27 MHz */
    g_assert_cmpuint(X(REF_CLK), ==, 2700);
    g_assert_cmpuint(u32(fw + 8), !=, 0);
    g_assert_cmpuint(u32(fw + 12), !=, 0);
}

/*
 * Finds the entry of data table @index (entries of @entry bytes after the
 * common header) whose byte @id_at is @id, as radeon_lookup_i2c_gpio
 * (GPIO_I2C_Info: ATOM_GPIO_I2C_ASSIGMENT, sucI2cId at 16) and
 * radeon_lookup_gpio (GPIO_Pin_LUT: ATOM_GPIO_PIN_ASSIGNMENT, ucGPIO_ID at
 * 3) do.
 */
static int lookup(int index, int entry, int id_at, uint8_t id)
{
    uint16_t size, off;

    g_assert_true(hwgpu_atom_data_header(&atom, index, &size, NULL, NULL,
                                         &off));
    for (int i = 0; i < (size - 4) / entry; i++) {
        if (ROM[off + 4 + entry * i + id_at] == id) {
            return off + 4 + entry * i;
        }
    }
    return -1;
}

/* The display path as radeon_get_atom_connector_info_from_object_table
 * walks it. */
static void test_object_header(void)
{
    uint16_t oh, paths, conns, encs, routers, path, rec_off;
    int i2c = -1, pin = -1, nrec = 0, found_enc = 0;

    setup();
    g_assert_true(hwgpu_atom_data_header(&atom, HWGPU_ATOM_DATA_OBJECT_HEADER,
                                         NULL, NULL, NULL, &oh));
    g_assert_cmphex(u16(oh + 4), ==, X(DEVICE_SUPPORT));
    conns = oh + u16(oh + 6);
    routers = oh + u16(oh + 8);
    encs = oh + u16(oh + 10);
    paths = oh + u16(oh + 14);
    g_assert_cmpuint(ROM[routers], ==, 0);
    g_assert_cmpuint(ROM[paths], ==, 1);                 /* one path */
    path = paths + 4;
    g_assert_true(u16(path) & u16(oh + 4));              /* device tag */
    g_assert_cmpuint(u16(path + 2), ==, 10);             /* usSize */
    g_assert_cmphex(u16(path + 4), ==, X(CONNECTOR));
    g_assert_cmphex(u16(path + 4) >> 12 & 7, ==, 3);     /* connector */
    g_assert_cmphex(u16(path + 4) & 0xFF, ==, 5);        /* VGA */
    g_assert_cmphex(u16(path + 6), ==, X(GPU_OBJ));
    g_assert_cmphex(u16(path + 8), ==, X(ENCODER));
    g_assert_cmphex(u16(path + 8) >> 12 & 7, ==, 2);     /* encoder */
    for (int k = 0; k < ROM[encs]; k++) {
        uint16_t obj = encs + 4 + 8 * k;

        if (u16(obj) == u16(path + 8)) {
            found_enc++;
            rec_off = oh + u16(obj + 4);
            g_assert_cmphex(ROM[rec_off], ==, 0xFF);     /* no caps */
        }
    }
    g_assert_cmpint(found_enc, ==, 1);
    g_assert_cmpuint(ROM[conns], ==, 1);
    g_assert_cmphex(u16(conns + 4), ==, X(CONNECTOR));
    for (rec_off = oh + u16(conns + 4 + 4);
         ROM[rec_off] > 0 && ROM[rec_off + 1] > 0 && ROM[rec_off] < 0x20;
         rec_off += ROM[rec_off + 1]) {
        nrec++;
        if (ROM[rec_off] == 1) {                         /* I2C record */
            i2c = lookup(HWGPU_ATOM_DATA_GPIO_I2C_INFO, 27, 16,
                         ROM[rec_off + 2]);
            g_assert_cmphex(ROM[rec_off + 2], ==, X(I2C_ID));
        } else if (ROM[rec_off] == 2) {                  /* HPD record */
            pin = lookup(HWGPU_ATOM_DATA_GPIO_PIN_LUT, 4, 3, ROM[rec_off + 2]);
            g_assert_cmphex(ROM[rec_off + 2], ==, X(HPD_GPIO_ID));
        }
    }
    g_assert_cmpint(nrec, ==, 2);
    g_assert_cmphex(ROM[rec_off], ==, 0xFF);
    /* radeon_get_bus_rec_for_i2c_gpio: register indices * 4, bit masks */
    g_assert_cmpint(i2c, >, 0);
    g_assert_cmphex(u16(i2c + 0) * 4, ==, X(DDC_MASK));  /* clock mask */
    g_assert_cmphex(u16(i2c + 2) * 4, ==, X(DDC_EN));
    g_assert_cmphex(u16(i2c + 4) * 4, ==, X(DDC_Y));
    g_assert_cmphex(u16(i2c + 6) * 4, ==, X(DDC_A));
    g_assert_cmphex(u16(i2c + 8) * 4, ==, X(DDC_MASK));  /* data mask */
    g_assert_cmphex(u16(i2c + 14) * 4, ==, X(DDC_A));
    g_assert_cmpuint(ROM[i2c + 17], ==, 0);              /* clock bit 0 */
    g_assert_cmpuint(ROM[i2c + 21], ==, 8);              /* data bit 8 */
    /* radeon_atom_get_hpd_info_from_gpio: DC_GPIO_HPD_A bit 0 = HPD1 */
    g_assert_cmpint(pin, >, 0);
    g_assert_cmphex(u16(pin) * 4, ==, X(HPD_A));
    g_assert_cmpuint(ROM[pin + 2], ==, 0);
}

/* IndirectIOAccess: port 1 reads and port 0x81 writes through MM_INDEX. */
static void test_iio(void)
{
    uint32_t v = 0;

    setup();
    g_assert_cmpuint(atom.iio[1], !=, 0);
    g_assert_cmpuint(atom.iio[0x81], !=, 0);
    rec.regs[1] = 0xCAFE;
    g_assert_cmpint(hwgpu_atom_iio(&atom, 1, 0x1234, 0, &v), ==, 0);
    g_assert_cmphex(v, ==, 0xCAFE);
    g_assert_cmphex(rec.regs[0], ==, 0x1234 << 2);
    g_assert_cmpint(hwgpu_atom_iio(&atom, 0x81, 0x2000, 0xBEEF, NULL), ==, 0);
    g_assert_cmphex(rec.regs[0], ==, 0x8000);
    g_assert_cmphex(rec.regs[1], ==, 0xBEEF);
    g_assert_cmpint(hwgpu_atom_iio(&atom, 2, 0, 0, NULL), ==,
                    HWGPU_ATOM_ERR_IO);
}

/* atom_asic_init: the FirmwareInfo clocks in PS[0..1] of a 16-dword PS. */
static void test_asic_init_and_clocks(void)
{
    uint32_t ps[16] = { X(DEFAULT_SCLK), X(DEFAULT_MCLK) };
    uint32_t fb = X(DEFAULT_SCLK) * 32768u / 2700;

    setup();
    rec.regs[0x600 / 4] = 0x000FFFF7;
    run(HWGPU_ATOM_CMD_ASIC_INIT, ps);
    g_assert_cmphex(rec_reg(&rec, 0x5428), ==, X(VRAM_BYTES));
    g_assert_cmphex(rec_reg(&rec, 0x608) & 0x3FFFFFF, ==, fb);
    /* REF_DIV, HILEN, LOLEN cleared; other bits kept */
    g_assert_cmphex(rec_reg(&rec, 0x600), ==,
                    0x000FFFF7 & ~(0x3Fu << 4 | 0xFu << 12 | 0xFu << 16));
    g_assert_cmphex(rec_reg(&rec, 0x624) & 0x7F, ==, 90000 / 2700);
    g_assert_cmphex(rec_reg(&rec, 0x624) >> 12 & 0x1F, ==,
                    90000 % 2700 * 32 / 2700);

    memset(ps, 0, sizeof(ps));
    run(HWGPU_ATOM_CMD_GET_ENGINE_CLOCK, ps);
    g_assert_cmpuint(ps[0], ==, X(DEFAULT_SCLK));
    memset(ps, 0, sizeof(ps));
    run(HWGPU_ATOM_CMD_GET_MEMORY_CLOCK, ps);
    g_assert_cmpuint(ps[0], <=, X(DEFAULT_MCLK));
    g_assert_cmpuint(ps[0] + 2700 / 32, >=, X(DEFAULT_MCLK));

    /* a profile change: 500 MHz engine clock, flags in bits 31:24 */
    ps[0] = 50000 | 0x01000000;
    run(HWGPU_ATOM_CMD_SET_ENGINE_CLOCK, ps);
    ps[0] = 0;
    run(HWGPU_ATOM_CMD_GET_ENGINE_CLOCK, ps);
    g_assert_cmpuint(ps[0], ==, 50000);
    ps[0] = 2700 * 20;
    run(HWGPU_ATOM_CMD_SET_MEMORY_CLOCK, ps);
    ps[0] = 0;
    run(HWGPU_ATOM_CMD_GET_MEMORY_CLOCK, ps);
    g_assert_cmpuint(ps[0], ==, 2700 * 20);
}

/*
 * Tables that set or clear @bit of @reg in the block of a unit (CRTC or
 * PLL, @stride bytes apart) named by parameter byte @unit_at, as parameter
 * byte @on_at is non-zero or zero.
 */
static void unit_bit(int table, uint32_t reg, uint32_t stride, int unit_at,
                     int on_at, uint32_t bit, bool set_on)
{
    for (int unit = 0; unit < 2; unit++) {
        uint32_t r = reg + unit * stride, other = reg + (1 - unit) * stride;
        uint32_t ps[16] = { 0 };

        rec.regs[r / 4] = 0x00F000F0;
        rec.regs[other / 4] = 0x12345678;
        ps_put(ps, unit_at, 1, unit);
        ps_put(ps, on_at, 1, 1);
        run(table, ps);
        g_assert_cmphex(rec_reg(&rec, r), ==,
                        set_on ? 0x00F000F0 | bit : 0x00F000F0 & ~bit);
        ps_put(ps, on_at, 1, 0);
        run(table, ps);
        g_assert_cmphex(rec_reg(&rec, r), ==,
                        set_on ? 0x00F000F0 & ~bit : 0x00F000F0 | bit);
        g_assert_cmphex(rec_reg(&rec, other), ==, 0x12345678);
        g_assert_cmpuint(rec.writes, ==, 1);
    }
}

static void test_unit_switches(void)
{
    setup();
    /* ENABLE_CRTC_PARAMETERS-shaped: ucCRTC, then the switch */
    unit_bit(HWGPU_ATOM_CMD_ENABLE_CRTC, 0x6080, 0x800, 0, 1, 1u << 0, true);
    unit_bit(HWGPU_ATOM_CMD_ENABLE_CRTC_MEM_REQ, 0x6080, 0x800, 0, 1,
             1u << 24, false);
    unit_bit(HWGPU_ATOM_CMD_BLANK_CRTC, 0x6084, 0x800, 0, 1, 1u << 8, true);
    unit_bit(HWGPU_ATOM_CMD_UPDATE_CRTC_DOUBLE_BUFFER, 0x60E8, 0x800, 0, 1,
             1u << 0, true);
    unit_bit(HWGPU_ATOM_CMD_ENABLE_SCALER, 0x6590, 0x800, 0, 1, 1u << 0,
             true);
    /* ENABLE_SPREAD_SPECTRUM_ON_PPLL: ucEnable at 4, ucPpll at 7 */
    unit_bit(HWGPU_ATOM_CMD_ENABLE_SPREAD_SPECTRUM_ON_PPLL, 0x458, 4, 7, 4,
             1u << 0, true);
}

/* 1024x768@60 (VESA DMT): the registers both timing tables must write. */
static void check_1024x768(uint32_t base, uint32_t hpol, uint32_t ilace)
{
    g_assert_cmpuint(rec_reg(&rec, base + 0x00), ==, 1344 - 1);
    g_assert_cmphex(rec_reg(&rec, base + 0x04), ==,
                    (1344 - 1048) << 16 | (1344 - 1048 + 1024));
    g_assert_cmphex(rec_reg(&rec, base + 0x08), ==, 136 << 16);
    g_assert_cmpuint(rec_reg(&rec, base + 0x0C), ==, hpol);
    g_assert_cmpuint(rec_reg(&rec, base + 0x20), ==, 806 - 1);
    g_assert_cmphex(rec_reg(&rec, base + 0x24), ==,
                    (806 - 771) << 16 | (806 - 771 + 768));
    g_assert_cmphex(rec_reg(&rec, base + 0x28), ==, 6 << 16);
    g_assert_cmpuint(rec_reg(&rec, base + 0x2C), ==, 1);
    g_assert_cmpuint(rec_reg(&rec, base + 0x88), ==, ilace);
}

static void test_set_crtc_timing(void)
{
    uint32_t ps[16] = { 0 };

    setup();
    /* SET_CRTC_TIMING_PARAMETERS as atombios_crtc_set_timing fills it */
    ps_put(ps, 0, 2, 1344);
    ps_put(ps, 2, 2, 1024);
    ps_put(ps, 4, 2, 1048);
    ps_put(ps, 6, 2, 136);
    ps_put(ps, 8, 2, 806);
    ps_put(ps, 10, 2, 768);
    ps_put(ps, 12, 2, 771);
    ps_put(ps, 14, 2, 6);
    ps_put(ps, 16, 2, 0x0004);          /* ATOM_VSYNC_POLARITY */
    ps_put(ps, 18, 1, 1);               /* ATOM_CRTC2 */
    run(HWGPU_ATOM_CMD_SET_CRTC_TIMING, ps);
    check_1024x768(0x6800, 0, 0);
    g_assert_cmpuint(rec_reg(&rec, 0x6000), ==, 0);
    g_assert_cmpuint(rec.writes, ==, 9);
}

static void test_set_crtc_dtd_timing(void)
{
    uint32_t ps[16] = { 0 };

    setup();
    /* SET_CRTC_USING_DTD_TIMING_PARAMETERS (atombios_set_crtc_dtd_timing) */
    ps_put(ps, 0, 2, 1024);             /* usH_Size */
    ps_put(ps, 2, 2, 1344 - 1024);      /* usH_Blanking_Time */
    ps_put(ps, 4, 2, 768);
    ps_put(ps, 6, 2, 806 - 768);
    ps_put(ps, 8, 2, 1048 - 1024);      /* usH_SyncOffset */
    ps_put(ps, 10, 2, 136);
    ps_put(ps, 12, 2, 771 - 768);
    ps_put(ps, 14, 2, 6);
    ps_put(ps, 16, 2, 0x0002 | 0x0004 | 0x0080);
    ps_put(ps, 20, 1, 0);               /* ucCRTC */
    run(HWGPU_ATOM_CMD_SET_CRTC_USING_DTD_TIMING, ps);
    check_1024x768(0x6000, 1, 1);
    g_assert_cmpuint(rec_reg(&rec, 0x6800), ==, 0);
}

static void test_overscan(void)
{
    uint32_t ps[16] = { 0 };

    setup();
    ps_put(ps, 0, 2, 1);                /* right */
    ps_put(ps, 2, 2, 2);                /* left */
    ps_put(ps, 4, 2, 3);                /* bottom */
    ps_put(ps, 6, 2, 4);                /* top */
    ps_put(ps, 8, 1, 1);
    run(HWGPU_ATOM_CMD_SET_CRTC_OVERSCAN, ps);
    g_assert_cmphex(rec_reg(&rec, 0x6D88), ==, 2 << 16 | 1);
    g_assert_cmphex(rec_reg(&rec, 0x6D8C), ==, 4 << 16 | 3);
}

/* PIXEL_CLOCK_PARAMETERS_V3 as atombios_crtc_program_pll fills it. */
static void test_set_pixel_clock(void)
{
    uint32_t ps[16] = { 0 };

    setup();
    ps_put(ps, 0, 2, 6500);             /* 65 MHz */
    ps_put(ps, 2, 2, 3);                /* usRefDiv */
    ps_put(ps, 4, 2, 130);              /* usFbDiv */
    ps_put(ps, 6, 1, 18);               /* ucPostDiv */
    ps_put(ps, 7, 1, 5);                /* ucFracFbDiv */
    ps_put(ps, 8, 1, 1);                /* ucPpll = ATOM_PPLL2 */
    ps_put(ps, 11, 1, 0x04);            /* CRTC2 */
    rec.regs[0x454 / 4] = 3;
    run(HWGPU_ATOM_CMD_SET_PIXEL_CLOCK, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x414), ==, 3);
    g_assert_cmphex(rec_reg(&rec, 0x434), ==, 130 << 16 | 5);
    g_assert_cmpuint(rec_reg(&rec, 0x444), ==, 18);
    g_assert_cmpuint(rec_reg(&rec, 0x454), ==, 0);
    g_assert_cmpuint(rec_reg(&rec, 0x484), ==, 1);
    g_assert_cmpuint(rec_reg(&rec, 0x404), ==, 0);      /* PPLL1 untouched */
    g_assert_cmpuint(rec.writes, ==, 5);

    ps_put(ps, 8, 1, 0);                /* PPLL1 to CRTC1 */
    ps_put(ps, 11, 1, 0);
    run(HWGPU_ATOM_CMD_SET_PIXEL_CLOCK, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x404), ==, 3);
    g_assert_cmphex(rec_reg(&rec, 0x430), ==, 130 << 16 | 5);
    g_assert_cmpuint(rec_reg(&rec, 0x43C), ==, 18);
    g_assert_cmpuint(rec_reg(&rec, 0x480), ==, 0);

    ps_put(ps, 0, 2, 0);                /* clock 0: power the PLL down */
    run(HWGPU_ATOM_CMD_SET_PIXEL_CLOCK, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x450), ==, 3);
    g_assert_cmpuint(rec.writes, ==, 1);

    ps_put(ps, 8, 1, 0xFF);             /* ATOM_PPLL_INVALID */
    run(HWGPU_ATOM_CMD_SET_PIXEL_CLOCK, ps);
    g_assert_cmpuint(rec.writes, ==, 0);

    /* AdjustDisplayPll v1.1 leaves the clock as it is */
    memset(ps, 0, sizeof(ps));
    ps_put(ps, 0, 2, 6500);
    run(HWGPU_ATOM_CMD_ADJUST_DISPLAY_PLL, ps);
    g_assert_cmpuint(ps[0] & 0xFFFF, ==, 6500);
    g_assert_cmpuint(rec.writes, ==, 0);
}

static void test_dac(void)
{
    uint32_t ps[16] = { 0 };

    setup();
    /* DAC_ENCODER_CONTROL_PARAMETERS: clock, standard, action */
    ps_put(ps, 0, 2, 6500);
    ps_put(ps, 3, 1, 1);
    run(HWGPU_ATOM_CMD_DAC1_ENCODER_CONTROL, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x7800), ==, 1);
    ps_put(ps, 3, 1, 0);
    run(HWGPU_ATOM_CMD_DAC1_ENCODER_CONTROL, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x7800), ==, 0);
    ps_put(ps, 3, 1, 7);                /* ATOM_ENCODER_INIT: nothing */
    run(HWGPU_ATOM_CMD_DAC1_ENCODER_CONTROL, ps);
    g_assert_cmpuint(rec.writes, ==, 0);

    /* DISPLAY_DEVICE_OUTPUT_CONTROL_PARAMETERS: ucAction */
    memset(ps, 0, sizeof(ps));
    run(HWGPU_ATOM_CMD_DAC1_OUTPUT_CONTROL, ps);
    g_assert_cmphex(rec_reg(&rec, 0x7850), ==, 0x01010101);
    ps_put(ps, 0, 1, 1);
    run(HWGPU_ATOM_CMD_DAC1_OUTPUT_CONTROL, ps);
    g_assert_cmphex(rec_reg(&rec, 0x7850), ==, 0);

    /* SELECT_CRTC_SOURCE_PARAMETERS: CRT1 (DACA) from CRTC2 */
    memset(ps, 0, sizeof(ps));
    ps_put(ps, 0, 1, 1);
    ps_put(ps, 1, 1, 0);
    run(HWGPU_ATOM_CMD_SELECT_CRTC_SOURCE, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x7804), ==, 1);
    ps_put(ps, 1, 1, 4);                /* CRT2: DACB */
    ps_put(ps, 0, 1, 0);
    rec.regs[0x7A04 / 4] = 7;
    run(HWGPU_ATOM_CMD_SELECT_CRTC_SOURCE, ps);
    g_assert_cmpuint(rec_reg(&rec, 0x7A04), ==, 0);
    ps_put(ps, 1, 1, 3);                /* DFP1: not ours */
    run(HWGPU_ATOM_CMD_SELECT_CRTC_SOURCE, ps);
    g_assert_cmpuint(rec.writes, ==, 0);

    /* DAC_LOAD_DETECTION_PARAMETERS: radeon_atom_dac_detect then reads
     * BIOS_0_SCRATCH for ATOM_S0_CRT1_MASK */
    memset(ps, 0, sizeof(ps));
    ps_put(ps, 0, 2, 0x0001);
    rec.regs[0x1724 / 4] = 0x100;
    run(HWGPU_ATOM_CMD_DAC_LOAD_DETECTION, ps);
    g_assert_cmphex(rec_reg(&rec, 0x1724), ==, 0x102);
    ps_put(ps, 0, 2, 0x0010);           /* CRT2: nothing */
    run(HWGPU_ATOM_CMD_DAC_LOAD_DETECTION, ps);
    g_assert_cmpuint(rec.writes, ==, 0);
}

/* Every command table in the image runs with zero and with random
 * parameters, and each has a test above. */
static void test_every_table(void)
{
    static const int tested[] = {
        HWGPU_ATOM_CMD_ASIC_INIT, HWGPU_ATOM_CMD_ENABLE_CRTC_MEM_REQ,
        HWGPU_ATOM_CMD_SET_ENGINE_CLOCK, HWGPU_ATOM_CMD_SET_MEMORY_CLOCK,
        HWGPU_ATOM_CMD_SET_PIXEL_CLOCK, HWGPU_ATOM_CMD_ADJUST_DISPLAY_PLL,
        HWGPU_ATOM_CMD_DAC_LOAD_DETECTION,
        HWGPU_ATOM_CMD_DAC1_ENCODER_CONTROL, HWGPU_ATOM_CMD_ENABLE_SCALER,
        HWGPU_ATOM_CMD_BLANK_CRTC, HWGPU_ATOM_CMD_ENABLE_CRTC,
        HWGPU_ATOM_CMD_SET_CRTC_TIMING, HWGPU_ATOM_CMD_SET_CRTC_OVERSCAN,
        HWGPU_ATOM_CMD_SELECT_CRTC_SOURCE,
        HWGPU_ATOM_CMD_UPDATE_CRTC_DOUBLE_BUFFER,
        HWGPU_ATOM_CMD_GET_MEMORY_CLOCK, HWGPU_ATOM_CMD_GET_ENGINE_CLOCK,
        HWGPU_ATOM_CMD_SET_CRTC_USING_DTD_TIMING,
        HWGPU_ATOM_CMD_DAC1_OUTPUT_CONTROL,
        HWGPU_ATOM_CMD_ENABLE_SPREAD_SPECTRUM_ON_PPLL,
    };
    GRand *r = g_rand_new_with_seed(15);
    int ran = 0;

    setup();
    for (int i = 0; i < HWGPU_ATOM_CMD_COUNT; i++) {
        bool listed = false;

        if (!hwgpu_atom_cmd_header(&atom, i, NULL, NULL, NULL, NULL, NULL,
                                   NULL)) {
            continue;
        }
        for (size_t k = 0; k < G_N_ELEMENTS(tested); k++) {
            listed |= tested[k] == i;
        }
        g_assert_true(listed);
        for (int n = 0; n < 50; n++) {
            uint32_t ps[16] = { 0 };

            for (int k = 0; n && k < 16; k++) {
                ps[k] = g_rand_int(r);
            }
            run(i, ps);
            g_assert_cmpuint(atom.steps, <, 200);
        }
        ran++;
    }
    g_assert_cmpint(ran, ==, G_N_ELEMENTS(tested));
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rv770/atombios/pci-rom", test_pci_rom);
    g_test_add_func("/rv770/atombios/atom-header", test_atom_header);
    g_test_add_func("/rv770/atombios/master-tables", test_master_tables);
    g_test_add_func("/rv770/atombios/firmware-info", test_firmware_info);
    g_test_add_func("/rv770/atombios/object-header", test_object_header);
    g_test_add_func("/rv770/atombios/iio", test_iio);
    g_test_add_func("/rv770/atombios/asic-init-clocks",
                    test_asic_init_and_clocks);
    g_test_add_func("/rv770/atombios/unit-switches", test_unit_switches);
    g_test_add_func("/rv770/atombios/set-crtc-timing", test_set_crtc_timing);
    g_test_add_func("/rv770/atombios/set-crtc-dtd-timing",
                    test_set_crtc_dtd_timing);
    g_test_add_func("/rv770/atombios/overscan", test_overscan);
    g_test_add_func("/rv770/atombios/set-pixel-clock", test_set_pixel_clock);
    g_test_add_func("/rv770/atombios/dac", test_dac);
    g_test_add_func("/rv770/atombios/every-table", test_every_table);
    return g_test_run();
}
