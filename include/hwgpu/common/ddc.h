/*
 * A monitor's DDC: the EDID EEPROM at I2C address 0x50 and the E-DDC
 * segment pointer at 0x30 (VESA E-DDC 1.2: the pointer selects a 256-byte
 * segment and resets at the next STOP), and a bit-banged I2C slave that
 * serves them to a driver toggling SCL/SDA through GPIO registers.  Every
 * hwgpu display uses it: the G45's GMBUS engine moves bytes through the
 * EEPROM functions, the RV770's DC_GPIO_DDC pins through the bit-banged
 * slave.  QEMU-independent.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_COMMON_DDC_H
#define HWGPU_COMMON_DDC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HWGPU_DDC_EDID_MAX      512     /* base block + 3 extensions */
#define HWGPU_DDC_ADDR_EDID     0x50
#define HWGPU_DDC_ADDR_SEGMENT  0x30

typedef struct HwgpuDdc {
    uint8_t edid[HWGPU_DDC_EDID_MAX];
    size_t edid_len;
    bool monitor;           /* a monitor hangs on the pins */
    uint32_t offset;        /* the EEPROM's address pointer */
    uint8_t segment;        /* the E-DDC segment pointer */
} HwgpuDdc;

/* Plug a monitor with this EDID (NULL or 0: unplug); true if plugged
 * state changed. */
bool hwgpu_ddc_set_edid(HwgpuDdc *d, const uint8_t *edid, size_t len);
/* A bus reset: the pointers go back to 0, the monitor stays. */
void hwgpu_ddc_reset(HwgpuDdc *d);
/* Whether a slave acknowledges its address (7 bits) for this direction. */
bool hwgpu_ddc_acks(const HwgpuDdc *d, uint8_t addr, bool read);
/* The EEPROM's next byte (0xff past the EDID). */
uint8_t hwgpu_ddc_read(HwgpuDdc *d);
/* A byte written to `addr`; `first` when it is the first of the write. */
void hwgpu_ddc_write(HwgpuDdc *d, uint8_t addr, uint8_t byte, bool first);
/* A STOP: the segment pointer resets. */
void hwgpu_ddc_stop(HwgpuDdc *d);

/*
 * The slave side of a bit-banged I2C bus.  The driver's levels go in
 * (what its open-drain outputs leave on SCL and SDA); the bus levels come
 * out, SDA pulled low while the slave acknowledges or sends a 0.
 */
typedef struct HwgpuI2cBitbang {
    bool scl, sda;          /* bus levels last seen */
    bool pull;              /* the slave holds SDA low */
    uint8_t state;          /* HWGPU_I2C_* in ddc.c */
    uint8_t byte, bits;     /* the byte being shifted, bits moved */
    uint8_t addr;           /* the addressed slave (7 bits) */
    bool read, first;
} HwgpuI2cBitbang;

void hwgpu_i2c_bitbang_reset(HwgpuI2cBitbang *b);
/* The driver's SCL and SDA levels now; returns the bus's SDA level. */
bool hwgpu_i2c_bitbang_set(HwgpuI2cBitbang *b, HwgpuDdc *d, bool scl,
                           bool sda);
/* Migration: NULL when the state is one the slave could be in. */
const char *hwgpu_i2c_bitbang_check(const HwgpuI2cBitbang *b);

#endif
