# SPDX-License-Identifier: GPL-2.0-or-later
# The AtomBIOS image of the emulated Radeon HD 4870 (RV770, DCE 3.0), read
# by hw/amd/common/atomgen.py at build time.  docs/rv770-atombios.md says
# what each table holds, where each fact comes from and how to change it.
#
# Table layouts: Linux drivers/gpu/drm/radeon/atombios.h (#pragma pack(1)).
# Registers: radeon's r500_reg.h (AVIVO display), rv770d.h (clocks),
# r600d.h (CONFIG_MEMSIZE, BIOS scratch).  Object ids: ObjectID.h.
import struct

from atomgen import (Code, IMM, PS, REG, Rom, WS, WS_QUOTIENT, WS_REMAINDER,
                     command_table, table)

SYMBOL = 'rv770_atombios'

# --- the board -------------------------------------------------------------
VENDOR, DEVICE = 0x1002, 0x9440             # Radeon HD 4870
SUBSYS_VENDOR, SUBSYS_ID = 0x1002, 0x0502
MESSAGE = 'HWGPU_RV770_ATOMBIOS'            # radeon prints "ATOM BIOS: ..."
VRAM_BYTES = 256 << 20                      # ASIC_Init writes CONFIG_MEMSIZE

# Clocks in 10 kHz units (ATOM_FIRMWARE_INFO_V1_4).
REF_CLK = 2700                              # 27 MHz crystal
DEFAULT_SCLK = 75000                        # 750 MHz engine
DEFAULT_MCLK = 90000                        # 900 MHz memory
MAX_PIXEL_CLOCK = 40000                     # 400 MHz
PPLL_VCO_MIN, PPLL_VCO_MAX = 64800, 120000  # pixel PLL output
PPLL_IN_MIN, PPLL_IN_MAX = 100, 1350        # pixel PLL input (ref / ref_div)

# --- registers (byte offsets) ----------------------------------------------
CG_SPLL_FUNC_CNTL = 0x600       # SPLL_REF_DIV 9:4, HILEN 15:12, LOLEN 19:16
CG_SPLL_FUNC_CNTL_3 = 0x608     # SPLL_FB_DIV 25:0 (14 fraction bits)
MPLL_AD_FUNC_CNTL = 0x624       # CLKF 6:0, CLKR 11:7, CLKFRAC 16:12
BIOS_0_SCRATCH = 0x1724
CONFIG_MEMSIZE = 0x5428
EXT_PPLL = {                    # per pixel PLL: REF_DIV, FB_DIV, POST_DIV,
    0: (0x404, 0x430, 0x43C, 0x450),    # PnPLL_CNTL
    1: (0x414, 0x434, 0x444, 0x454),
}
PNPLL_INT_SS_CNTL = 0x458       # P2PLL's is the next dword
PCLK_CRTC_CNTL = (0x480, 0x484)
D1CRTC_H_TOTAL = 0x6000
D1CRTC_H_BLANK_START_END = 0x6004
D1CRTC_H_SYNC_A = 0x6008
D1CRTC_H_SYNC_A_CNTL = 0x600C
D1CRTC_V_TOTAL = 0x6020
D1CRTC_V_BLANK_START_END = 0x6024
D1CRTC_V_SYNC_A = 0x6028
D1CRTC_V_SYNC_A_CNTL = 0x602C
D1CRTC_CONTROL = 0x6080         # CRTC_EN 0, DISP_READ_REQUEST_DISABLE 24
D1CRTC_BLANK_CONTROL = 0x6084   # CRTC_BLANK_DATA_EN 8
D1CRTC_INTERLACE_CONTROL = 0x6088
D1CRTC_UPDATE_LOCK = 0x60E8
D1MODE_EXT_OVERSCAN_LEFT_RIGHT = 0x6588
D1MODE_EXT_OVERSCAN_TOP_BOTTOM = 0x658C
D1SCL_SCALER_ENABLE = 0x6590
CRTC_STRIDE_DW = 0x800 // 4     # D2 registers are D1 + 0x800
DAC_ENABLE, DAC_SOURCE_SELECT, DAC_POWERDOWN = (0x7800, 0x7A00), \
    (0x7804, 0x7A04), (0x7850, 0x7A50)   # DACA, DACB
DC_GPIO_DDC1 = dict(mask=0x7E40, a=0x7E44, en=0x7E48, y=0x7E4C)
DC_GPIO_HPD_A = 0x7E94
MM_INDEX, MM_DATA = 0x0, 0x4

# --- atombios.h constants ---------------------------------------------------
CMD = dict(ASIC_Init=0, EnableCRTCMemReq=6, SetEngineClock=10,
           SetMemoryClock=11, SetPixelClock=12, AdjustDisplayPll=17,
           DAC_LoadDetection=21, DAC1EncoderControl=24, EnableScaler=33,
           BlankCRTC=34, EnableCRTC=35, SetCRTC_Timing=39,
           SetCRTC_OverScan=40, SelectCRTC_Source=42,
           UpdateCRTC_DoubleBufferRegisters=44, GetMemoryClock=47,
           GetEngineClock=48, SetCRTC_UsingDTDTiming=49,
           EnableSpreadSpectrumOnPPLL=65, DAC1OutputControl=68)
DATA = dict(FirmwareInfo=4, GPIO_I2C_Info=10, GPIO_Pin_LUT=12,
            Object_Header=22, IndirectIOAccess=23)
ATOM_DEVICE_CRT1_SUPPORT = 0x0001
ATOM_DEVICE_CRT1_INDEX, ATOM_DEVICE_CRT2_INDEX = 0, 4
ATOM_S0_CRT1_COLOR = 0x2
ATOM_HSYNC_POLARITY, ATOM_VSYNC_POLARITY, ATOM_INTERLACE = 0x2, 0x4, 0x80
PIXEL_CLOCK_MISC_CRTC_SEL_CRTC2 = 0x4
SET_CLOCK_FREQ_MASK = 0x00FFFFFF
# ObjectID.h: type 14:12, enum 10:8, id 7:0
GPU_OBJ = 0x1100
ENCODER_DAC1 = 0x2115           # ENCODER_OBJECT_ID_INTERNAL_KLDSCP_DAC1
CONNECTOR_VGA = 0x3105          # CONNECTOR_OBJECT_ID_VGA, enum 1
I2C_ID_DDC1 = 0x90              # HW capable, engine 1, line 0
DDC_ADDR = 0xA0
HPD_GPIO_ID = [0x18 + i for i in range(6)]    # HPD1..HPD6 pins
HPD_SHIFT = [0, 8, 16, 24, 26, 28]            # bits of DC_GPIO_HPD_A
ATOM_RECORD_END_TYPE = 0xFF

ROM = Rom(VENDOR, DEVICE, SUBSYS_VENDOR, SUBSYS_ID, MESSAGE, 81, 34)


def data(name, blob):
    ROM.add_data(DATA[name], blob, name)


# --- data tables ------------------------------------------------------------

# ATOM_FIRMWARE_INFO_V1_4 (radeon_atom_get_clock_info, atom_asic_init).
data('FirmwareInfo', table(1, 4, struct.pack(
    '<10I2B3H2I13H3B',
    0x00010000,                         # ulFirmwareRevision
    DEFAULT_SCLK, DEFAULT_MCLK,         # ulDefaultEngine/MemoryClock
    DEFAULT_SCLK, DEFAULT_MCLK,         # ulDriverTargetEngine/MemoryClock
    150000, 150000,                     # ulMaxEngine/MemoryClockPLL_Output
    PPLL_VCO_MAX,                       # ulMaxPixelClockPLL_Output
    80000, 100000,                      # ulASICMaxEngine/MemoryClock
    90, 0,                              # ucASICMaxTemperature, BL level
    1263, 0, 0,                         # boot VDDC (mV), LCD PLL limits
    0,                                  # ul3DAccelerationEngineClock
    PPLL_VCO_MIN,                       # ulMinPixelClockPLL_Output
    PPLL_IN_MIN, PPLL_IN_MAX, 50000,    # engine PLL in min/max, out min
    PPLL_IN_MIN, PPLL_IN_MAX, 50000,    # memory PLL in min/max, out min
    MAX_PIXEL_CLOCK,                    # usMaxPixelClock
    PPLL_IN_MIN, PPLL_IN_MAX,           # usMin/MaxPixelClockPLL_Input
    PPLL_VCO_MIN,                       # usMinPixelClockPLL_Output
    0x0002,                             # usFirmwareCapability: dual CRTC
    REF_CLK,                            # usReferenceClock
    0, 0, 0, 0)))                       # PM RTS, design, memory module


def object_header():
    """ATOM_OBJECT_HEADER (crev 2) with one display path: GPU -> DAC1 ->
    VGA connector; the connector carries its DDC and HPD records.  All
    offsets are from the table's start."""
    parts = []                          # (name, bytes), laid out in order
    off = {}

    def add(name, blob):
        off[name] = 16 + sum(len(b) for _, b in parts)
        parts.append((name, blob))

    path = struct.pack('<HHHHH', ATOM_DEVICE_CRT1_SUPPORT, 10, CONNECTOR_VGA,
                       GPU_OBJ, ENCODER_DAC1)
    add('paths', struct.pack('<BBxx', 1, 1) + path)
    add('conn_srcdst', struct.pack('<BHB', 1, ENCODER_DAC1, 0))
    add('conn_records', struct.pack(
        '<BBBB' 'BBBB' 'BB',
        1, 4, I2C_ID_DDC1, DDC_ADDR,            # ATOM_I2C_RECORD
        2, 4, HPD_GPIO_ID[0], 1,                # ATOM_HPD_INT_RECORD
        ATOM_RECORD_END_TYPE, 0))
    add('enc_srcdst', struct.pack('<BHBH', 1, GPU_OBJ, 1, CONNECTOR_VGA))
    add('enc_records', struct.pack('<BB', ATOM_RECORD_END_TYPE, 0))
    add('routers', struct.pack('<Bxxx', 0))
    # object tables last: they point at the parts above
    add('connectors', struct.pack('<BxxxHHHH', 1, CONNECTOR_VGA,
                                  off['conn_srcdst'], off['conn_records'], 0))
    add('encoders', struct.pack('<BxxxHHHH', 1, ENCODER_DAC1,
                                off['enc_srcdst'], off['enc_records'], 0))
    body = struct.pack('<HHHHHH', ATOM_DEVICE_CRT1_SUPPORT, off['connectors'],
                       off['routers'], off['encoders'], 0, off['paths'])
    return table(1, 2, body + b''.join(b for _, b in parts))


data('Object_Header', object_header())

# ATOM_GPIO_I2C_INFO: the DDC1 pins in DC_GPIO_DDC1_* (clock bit 0, data
# bit 8); radeon bit-bangs them unless radeon.hw_i2c=1.
ddc = [DC_GPIO_DDC1[k] // 4 for k in ('mask', 'en', 'y', 'a')]
data('GPIO_I2C_Info', table(1, 1, struct.pack(
    '<8H11B', *ddc, *ddc, I2C_ID_DDC1, 0, 0, 0, 0, 8, 8, 8, 8, 0, 0)))

# ATOM_GPIO_PIN_LUT: HPD1..6 in DC_GPIO_HPD_A.
data('GPIO_Pin_LUT', table(1, 1, b''.join(
    struct.pack('<HBB', DC_GPIO_HPD_A // 4, s, i)
    for s, i in zip(HPD_SHIFT, HPD_GPIO_ID))))

# IndirectIOAccess: port 1 reads a register through MM_INDEX/MM_DATA, port
# 0x81 writes one (radeon looks write programs up at 0x80 + port).
IIO_START, IIO_READ, IIO_WRITE, IIO_CLEAR, IIO_MOVE_INDEX, IIO_MOVE_DATA, \
    IIO_END = 1, 2, 3, 4, 6, 8, 9
index_to_mm_index = bytes([IIO_CLEAR, 32, 0, IIO_MOVE_INDEX, 16, 0, 2,
                           IIO_WRITE, MM_INDEX, 0])
data('IndirectIOAccess', table(1, 1, bytes(
    [IIO_START, 1]) + index_to_mm_index + bytes(
    [IIO_READ, MM_DATA // 4, 0, IIO_END, 0, 0,
     IIO_START, 0x81]) + index_to_mm_index + bytes(
    [IIO_CLEAR, 32, 0, IIO_MOVE_DATA, 32, 0, 0, IIO_WRITE, MM_DATA // 4, 0,
     IIO_END, 0, 0, 0])))

# --- command tables ---------------------------------------------------------


def cmd(name, ps_bytes, ws_dwords, code, crev=1):
    ROM.add_command(CMD[name], command_table(1, crev, ws_dwords, ps_bytes,
                                             code), name)


# ASIC_Init (ASIC_INIT_PARAMETERS: engine, memory clock): set both clocks
# through their tables (whose parameters start after ours, at PS[2]) and
# report the VRAM size.
c = Code()
c.move(PS(2), PS(0))
c.calltable(CMD['SetEngineClock'])
c.move(PS(2), PS(1))
c.calltable(CMD['SetMemoryClock'])
c.move(REG(CONFIG_MEMSIZE), IMM(VRAM_BYTES))
c.eot()
cmd('ASIC_Init', 8, 0, c)

# SetEngineClock: SPLL with ref_div 1 and post_div 2 (REF_DIV, HILEN and
# LOLEN 0), so SPLL_FB_DIV = sclk * 2 * 2^14 / ref.
c = Code()
c.move(WS(0), PS(0))
c.and_(WS(0), IMM(SET_CLOCK_FREQ_MASK))
c.mul(WS(0), IMM(2 << 14))
c.div(WS(WS_QUOTIENT), IMM(REF_CLK))
c.mask(REG(CG_SPLL_FUNC_CNTL), ~(0x3F << 4 | 0xF << 12 | 0xF << 16), IMM(0))
c.mask(REG(CG_SPLL_FUNC_CNTL_3), ~0x3FFFFFF, WS(WS_QUOTIENT))
c.eot()
cmd('SetEngineClock', 12, 1, c)

# GetEngineClock: the inverse, rounded; the clock comes back in PS[0].
c = Code()
c.move(WS(0), REG(CG_SPLL_FUNC_CNTL_3))
c.and_(WS(0), IMM(0x3FFFFFF))
c.mul(WS(0), IMM(REF_CLK))
c.add(WS(WS_QUOTIENT), IMM(1 << 14))
c.div(WS(WS_QUOTIENT), IMM(2 << 14))
c.move(PS(0), WS(WS_QUOTIENT))
c.eot()
cmd('GetEngineClock', 4, 1, c)

# SetMemoryClock: MPLL with CLKR 0, CLKF = mclk / ref and CLKFRAC the
# remainder in 32nds.
c = Code()
c.move(WS(0), PS(0))
c.and_(WS(0), IMM(SET_CLOCK_FREQ_MASK))
c.div(WS(0), IMM(REF_CLK))
c.move(WS(1), WS(WS_REMAINDER))
c.and_(WS(WS_QUOTIENT), IMM(0x7F))
c.mask(REG(MPLL_AD_FUNC_CNTL), ~(0x7F | 0x1F << 7 | 0x1F << 12),
       WS(WS_QUOTIENT))
c.mul(WS(1), IMM(32))
c.div(WS(WS_QUOTIENT), IMM(REF_CLK))
c.shift_left(WS(WS_QUOTIENT), 12)
c.or_(REG(MPLL_AD_FUNC_CNTL), WS(WS_QUOTIENT))
c.eot()
cmd('SetMemoryClock', 12, 2, c)

# GetMemoryClock: ref * (CLKF * 32 + CLKFRAC) / 32.
c = Code()
c.move(WS(0), REG(MPLL_AD_FUNC_CNTL))
c.and_(WS(0), IMM(0x7F))
c.shift_left(WS(0), 5)
c.move(WS(1), REG(MPLL_AD_FUNC_CNTL))
c.shift_right(WS(1), 12)
c.and_(WS(1), IMM(0x1F))
c.add(WS(0), WS(1))
c.mul(WS(0), IMM(REF_CLK))
c.div(WS(WS_QUOTIENT), IMM(32))
c.move(PS(0), WS(WS_QUOTIENT))
c.eot()
cmd('GetMemoryClock', 4, 2, c)


def unit_switch(name, reg, bits, set_when_on, ps_bytes=4, unit=PS(0).b0,
                stride=CRTC_STRIDE_DW, on=PS(0).b8):
    """A table that sets or clears @bits of @reg in the block of the unit
    (CRTC, PLL) the byte @unit names, as the byte @on is non-zero or zero
    (ENABLE_CRTC_PARAMETERS, BLANK_CRTC_PARAMETERS, ...)."""
    c = Code()
    c.regblock_from(unit, stride)
    c.compare(on, IMM(0, 'b'))
    c.jump('off', 'eq')
    (c.or_ if set_when_on else c.and_)(
        REG(reg), IMM(bits if set_when_on else ~bits))
    c.eot()
    c.label('off')
    (c.and_ if set_when_on else c.or_)(
        REG(reg), IMM(~bits if set_when_on else bits))
    c.eot()
    cmd(name, ps_bytes, 0, c)


unit_switch('EnableCRTC', D1CRTC_CONTROL, 1 << 0, True)
unit_switch('EnableCRTCMemReq', D1CRTC_CONTROL, 1 << 24, False)
unit_switch('BlankCRTC', D1CRTC_BLANK_CONTROL, 1 << 8, True, ps_bytes=8)
unit_switch('UpdateCRTC_DoubleBufferRegisters', D1CRTC_UPDATE_LOCK, 1, True)
unit_switch('EnableScaler', D1SCL_SCALER_ENABLE, 1, True)
# EnableSpreadSpectrumOnPPLL (ENABLE_SPREAD_SPECTRUM_ON_PPLL: ucEnable at
# byte 4, ucPpll at byte 7): radeon turns spread spectrum off before each
# PLL change; the percentage, step and delay are not modelled.
unit_switch('EnableSpreadSpectrumOnPPLL', PNPLL_INT_SS_CNTL, 1, True,
            ps_bytes=8, unit=PS(1).b24, stride=1, on=PS(1).b0)


def load_word(c, ws, src):
    c.clear(WS(ws))
    c.move(WS(ws).w0, src)


def flag_to_reg(c, flags, bit, reg, label):
    """reg = 1 if the mode flags word has @bit, else 0."""
    c.clear(WS(4))
    c.test(flags, IMM(bit, 'w'))
    c.jump(label, 'eq')
    c.move(WS(4), IMM(1))
    c.label(label)
    c.move(REG(reg), WS(4))


def crtc_direction(c, total_reg, blank_reg, sync_reg):
    """From WS0 total, WS1 display, WS2 sync start, WS3 sync width (in
    pixels or lines), as the CRTC counts from the start of sync:
    TOTAL = total - 1; BLANK_START_END = blank end (total - sync start)
    << 16 | blank start (blank end + display); SYNC_A = width << 16."""
    c.move(WS(4), WS(0))
    c.sub(WS(4), IMM(1))
    c.move(REG(total_reg), WS(4))
    c.sub(WS(0), WS(2))
    c.add(WS(1), WS(0))
    c.move(WS(1).w16, WS(0).w0)
    c.move(REG(blank_reg), WS(1))
    c.shift_left(WS(3), 16)
    c.move(REG(sync_reg), WS(3))


def crtc_timing(name, crtc, words, flags):
    """@words: for H then V, how to load WS0-WS3 (total, display, sync
    start, sync width) from the parameters."""
    c = Code()
    c.regblock_from(crtc, CRTC_STRIDE_DW)
    for load, regs in zip(words, [
            (D1CRTC_H_TOTAL, D1CRTC_H_BLANK_START_END, D1CRTC_H_SYNC_A),
            (D1CRTC_V_TOTAL, D1CRTC_V_BLANK_START_END, D1CRTC_V_SYNC_A)]):
        load(c)
        crtc_direction(c, *regs)
    flag_to_reg(c, flags, ATOM_HSYNC_POLARITY, D1CRTC_H_SYNC_A_CNTL, 'hpol')
    flag_to_reg(c, flags, ATOM_VSYNC_POLARITY, D1CRTC_V_SYNC_A_CNTL, 'vpol')
    flag_to_reg(c, flags, ATOM_INTERLACE, D1CRTC_INTERLACE_CONTROL, 'ilace')
    c.eot()
    cmd(name, 24, 5, c)


def timing_words(first):
    """SET_CRTC_TIMING_PARAMETERS: Total, Disp, SyncStart, SyncWidth."""
    def load(c):
        load_word(c, 0, PS(first).w0)
        load_word(c, 1, PS(first).w16)
        load_word(c, 2, PS(first + 1).w0)
        load_word(c, 3, PS(first + 1).w16)
    return load


def dtd_words(size_blank, offset_width):
    """SET_CRTC_USING_DTD_TIMING_PARAMETERS: Size, Blanking_Time, then
    SyncOffset, SyncWidth; total = size + blanking, sync start = size +
    offset."""
    def load(c):
        load_word(c, 0, PS(size_blank).w0)
        load_word(c, 1, PS(size_blank).w0)
        load_word(c, 2, PS(size_blank).w16)
        c.add(WS(0), WS(2))
        load_word(c, 2, PS(offset_width).w0)
        c.add(WS(2), WS(1))
        load_word(c, 3, PS(offset_width).w16)
    return load


crtc_timing('SetCRTC_Timing', PS(4).b16, [timing_words(0), timing_words(2)],
            PS(4).w0)
crtc_timing('SetCRTC_UsingDTDTiming', PS(5).b0,
            [dtd_words(0, 2), dtd_words(1, 3)], PS(4).w0)

# SetCRTC_OverScan (SET_CRTC_OVERSCAN_PARAMETERS: right, left, bottom, top
# words, then ucCRTC): the words land as they are laid out.
c = Code()
c.regblock_from(PS(2).b0, CRTC_STRIDE_DW)
c.move(REG(D1MODE_EXT_OVERSCAN_LEFT_RIGHT), PS(0))
c.move(REG(D1MODE_EXT_OVERSCAN_TOP_BOTTOM), PS(1))
c.eot()
cmd('SetCRTC_OverScan', 12, 0, c)


# SetPixelClock v1.3 (PIXEL_CLOCK_PARAMETERS_V3): program the pixel PLL
# ucPpll names with the dividers radeon computed, route it to the CRTC
# ucMiscInfo selects; a zero clock resets and powers the PLL down.
def pll_program(c, pll):
    ref, fb, post, cntl = EXT_PPLL[pll]
    p = 'p%d' % pll
    c.label(p)
    c.compare(PS(0).w0, IMM(0, 'w'))
    c.jump(p + 'off', 'eq')
    load_word(c, 0, PS(0).w16)
    c.move(REG(ref), WS(0))
    c.clear(WS(0))
    c.move(WS(0).w16, PS(1).w0)
    c.move(WS(0).b0, PS(1).b24)
    c.move(REG(fb), WS(0))
    c.clear(WS(0))
    c.move(WS(0).b0, PS(1).b16)
    c.move(REG(post), WS(0))
    c.move(REG(cntl), IMM(0))
    c.test(PS(2).b24, IMM(PIXEL_CLOCK_MISC_CRTC_SEL_CRTC2, 'b'))
    c.jump(p + 'crtc1', 'eq')
    c.move(REG(PCLK_CRTC_CNTL[1]), IMM(pll))
    c.eot()
    c.label(p + 'crtc1')
    c.move(REG(PCLK_CRTC_CNTL[0]), IMM(pll))
    c.eot()
    c.label(p + 'off')
    c.move(REG(cntl), IMM(3))
    c.eot()


c = Code()
c.switch(PS(2).b0, {0: 'p0', 1: 'p1'})
c.eot()                                 # ATOM_PPLL_INVALID and others
pll_program(c, 0)
pll_program(c, 1)
cmd('SetPixelClock', 12, 1, c, crev=3)

# AdjustDisplayPll v1.1: the clock radeon asks for needs no adjustment.
c = Code()
c.eot()
cmd('AdjustDisplayPll', 8, 0, c)


def on_off(name, ps_bytes, action, reg, on, off):
    """ATOM_ENABLE (1) writes @on to @reg, ATOM_DISABLE (0) @off."""
    c = Code()
    c.switch(action, {1: 'on', 0: 'off'})
    c.eot()
    c.label('on')
    c.move(REG(reg), IMM(on))
    c.eot()
    c.label('off')
    c.move(REG(reg), IMM(off))
    c.eot()
    cmd(name, ps_bytes, 0, c)


# DAC1EncoderControl (DAC_ENCODER_CONTROL_PARAMETERS: ucAction at byte 3).
on_off('DAC1EncoderControl', 4, PS(0).b24, DAC_ENABLE[0], 1, 0)
# DAC1OutputControl (DISPLAY_DEVICE_OUTPUT_CONTROL_PARAMETERS): power the
# DAC and its three channels up or down.
on_off('DAC1OutputControl', 4, PS(0).b0, DAC_POWERDOWN[0], 0, 0x01010101)

# SelectCRTC_Source v1.1 (SELECT_CRTC_SOURCE_PARAMETERS: ucCRTC, ucDevice):
# CRT1 is fed by DACA, CRT2 by DACB.
c = Code()
c.switch(PS(0).b8, {ATOM_DEVICE_CRT1_INDEX: 'daca',
                    ATOM_DEVICE_CRT2_INDEX: 'dacb'})
c.eot()
for lbl, reg in (('daca', DAC_SOURCE_SELECT[0]),
                 ('dacb', DAC_SOURCE_SELECT[1])):
    c.label(lbl)
    c.clear(WS(0))
    c.move(WS(0).b0, PS(0).b0)
    c.move(REG(reg), WS(0))
    c.eot()
cmd('SelectCRTC_Source', 4, 1, c)

# DAC_LoadDetection (DAC_LOAD_DETECTION_PARAMETERS: usDeviceID): the
# emulated monitor is always there, so asking about CRT1 reports a colour
# CRT in BIOS_0_SCRATCH, where radeon_atom_dac_detect looks.
c = Code()
c.test(PS(0).w0, IMM(ATOM_DEVICE_CRT1_SUPPORT, 'w'))
c.jump('none', 'eq')
c.or_(REG(BIOS_0_SCRATCH), IMM(ATOM_S0_CRT1_COLOR))
c.label('none')
c.eot()
cmd('DAC_LoadDetection', 12, 0, c)

EXPORTS = dict(
    VENDOR=VENDOR, DEVICE=DEVICE, VRAM_BYTES=VRAM_BYTES, REF_CLK=REF_CLK,
    DEFAULT_SCLK=DEFAULT_SCLK, DEFAULT_MCLK=DEFAULT_MCLK,
    MAX_PIXEL_CLOCK=MAX_PIXEL_CLOCK, PPLL_VCO_MIN=PPLL_VCO_MIN,
    PPLL_VCO_MAX=PPLL_VCO_MAX, PPLL_IN_MIN=PPLL_IN_MIN,
    PPLL_IN_MAX=PPLL_IN_MAX, CONNECTOR=CONNECTOR_VGA, ENCODER=ENCODER_DAC1,
    GPU_OBJ=GPU_OBJ, I2C_ID=I2C_ID_DDC1, HPD_GPIO_ID=HPD_GPIO_ID[0],
    DDC_MASK=DC_GPIO_DDC1['mask'], DDC_A=DC_GPIO_DDC1['a'],
    DDC_EN=DC_GPIO_DDC1['en'], DDC_Y=DC_GPIO_DDC1['y'],
    HPD_A=DC_GPIO_HPD_A, DEVICE_SUPPORT=ATOM_DEVICE_CRT1_SUPPORT,
)
