/*
 * A monitor's DDC (include/hwgpu/common/ddc.h): the EDID EEPROM, the
 * E-DDC segment pointer, and a bit-banged I2C slave in front of them.
 *
 * The slave follows the I2C bus specification (NXP UM10204 §3.1): a START
 * is SDA falling while SCL is high, a STOP SDA rising while SCL is high;
 * the receiver samples SDA on SCL's rising edge, the transmitter changes
 * it while SCL is low (here: on the falling edge); the ninth clock of
 * each byte is the acknowledge, the receiver pulling SDA low.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/common/ddc.h"

bool hwgpu_ddc_set_edid(HwgpuDdc *d, const uint8_t *edid, size_t len)
{
    bool was = d->monitor;

    if (!edid || !len) {
        d->monitor = false;
        d->edid_len = 0;
    } else {
        if (len > HWGPU_DDC_EDID_MAX) {
            len = HWGPU_DDC_EDID_MAX;
        }
        memcpy(d->edid, edid, len);
        d->edid_len = len;
        d->monitor = true;
    }
    return was != d->monitor;
}

void hwgpu_ddc_reset(HwgpuDdc *d)
{
    d->offset = 0;
    d->segment = 0;
}

bool hwgpu_ddc_acks(const HwgpuDdc *d, uint8_t addr, bool read)
{
    if (!d->monitor) {
        return false;
    }
    return addr == HWGPU_DDC_ADDR_EDID ||
           (addr == HWGPU_DDC_ADDR_SEGMENT && !read);
}

uint8_t hwgpu_ddc_read(HwgpuDdc *d)
{
    uint32_t at = d->segment * 256u + (d->offset & 0xff);

    d->offset = (d->offset + 1) & 0xff;
    return at < d->edid_len ? d->edid[at] : 0xff;
}

void hwgpu_ddc_write(HwgpuDdc *d, uint8_t addr, uint8_t byte, bool first)
{
    if (addr == HWGPU_DDC_ADDR_SEGMENT) {
        d->segment = byte;
    } else if (first) {
        d->offset = byte;       /* the EEPROM is write-protected otherwise */
    }
}

void hwgpu_ddc_stop(HwgpuDdc *d)
{
    d->segment = 0;
}

/* The slave's states between clock edges. */
enum {
    HWGPU_I2C_IDLE,         /* no transfer, or not addressed: ignore bits */
    HWGPU_I2C_RECV,         /* shifting in an address or a written byte */
    HWGPU_I2C_ACK,          /* pulling SDA low through the ninth clock */
    HWGPU_I2C_SEND,         /* shifting out a byte read */
    HWGPU_I2C_MASTER_ACK,   /* the master's acknowledge of that byte */
    HWGPU_I2C_NSTATES
};

void hwgpu_i2c_bitbang_reset(HwgpuI2cBitbang *b)
{
    memset(b, 0, sizeof(*b));
    b->scl = b->sda = true;         /* pulled up */
}

static void load_send(HwgpuI2cBitbang *b, HwgpuDdc *d)
{
    b->byte = hwgpu_ddc_read(d);
    b->bits = 0;
    b->pull = !(b->byte & 0x80);
    b->state = HWGPU_I2C_SEND;
}

/* SCL rose: sample SDA where the slave receives. */
static void scl_rise(HwgpuI2cBitbang *b, bool sda)
{
    switch (b->state) {
    case HWGPU_I2C_RECV:
        if (b->bits < 8) {
            b->byte = (uint8_t)(b->byte << 1 | sda);
            b->bits++;
        }
        break;
    case HWGPU_I2C_MASTER_ACK:
        b->bits = sda ? 0xff : 0;   /* 0xff: not acknowledged */
        break;
    default:
        break;
    }
}

/* SCL fell: the slave moves to the next bit. */
static void scl_fall(HwgpuI2cBitbang *b, HwgpuDdc *d)
{
    switch (b->state) {
    case HWGPU_I2C_RECV:
        if (b->bits < 8) {
            break;
        }
        if (b->first && b->addr == 0xff) {          /* the address byte */
            b->addr = b->byte >> 1;
            b->read = b->byte & 1;
            if (!hwgpu_ddc_acks(d, b->addr, b->read)) {
                b->state = HWGPU_I2C_IDLE;          /* no acknowledge */
                break;
            }
        } else {
            hwgpu_ddc_write(d, b->addr, b->byte, b->first);
            b->first = false;
        }
        b->pull = true;
        b->state = HWGPU_I2C_ACK;
        break;
    case HWGPU_I2C_ACK:
        b->pull = false;
        if (b->read) {
            load_send(b, d);
        } else {
            b->state = HWGPU_I2C_RECV;
            b->byte = b->bits = 0;
        }
        break;
    case HWGPU_I2C_SEND:
        if (++b->bits < 8) {
            b->pull = !(b->byte & (0x80 >> b->bits));
        } else {
            b->pull = false;                        /* the master acks */
            b->state = HWGPU_I2C_MASTER_ACK;
        }
        break;
    case HWGPU_I2C_MASTER_ACK:
        if (b->bits == 0xff) {
            b->state = HWGPU_I2C_IDLE;              /* the last byte */
        } else {
            load_send(b, d);
        }
        break;
    default:
        break;
    }
}

bool hwgpu_i2c_bitbang_set(HwgpuI2cBitbang *b, HwgpuDdc *d, bool scl,
                           bool sda)
{
    bool bus = sda && !b->pull;

    if (b->scl && scl && b->sda != bus) {
        b->pull = false;
        if (!bus) {                     /* START (or repeated START) */
            b->state = HWGPU_I2C_RECV;
            b->byte = b->bits = 0;
            b->addr = 0xff;
            b->first = true;
        } else {                        /* STOP */
            b->state = HWGPU_I2C_IDLE;
            hwgpu_ddc_stop(d);
        }
        bus = sda;
    } else if (!b->scl && scl) {
        scl_rise(b, bus);
    } else if (b->scl && !scl) {
        scl_fall(b, d);
        bus = sda && !b->pull;
    }
    b->scl = scl;
    b->sda = bus;
    return bus;
}

const char *hwgpu_i2c_bitbang_check(const HwgpuI2cBitbang *b)
{
    if (b->state >= HWGPU_I2C_NSTATES ||
        (b->bits > 8 && b->bits != 0xff) ||
        (b->addr > 0x7f && b->addr != 0xff)) {
        return "the bit-banged I2C slave's state is beyond its range";
    }
    return NULL;
}
