/*
 * A bit-banging I2C master for tests: START, bytes out with the slave's
 * acknowledge, bytes in with ours, STOP (NXP UM10204 §3.1), over two
 * callbacks: drive SCL/SDA (open drain: true releases the line), and read
 * the bus's SDA.  The unit tests drive hw/common/ddc.c's slave directly,
 * the qtests through a device's GPIO registers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_COMMON_I2C_MASTER_H
#define TESTS_COMMON_I2C_MASTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct I2cMaster {
    void (*lines)(void *opaque, bool scl, bool sda);
    bool (*sda)(void *opaque);
    void *opaque;
} I2cMaster;

static inline void i2c_m_start(I2cMaster *m)
{
    m->lines(m->opaque, true, true);
    m->lines(m->opaque, true, false);
    m->lines(m->opaque, false, false);
}

static inline void i2c_m_stop(I2cMaster *m)
{
    m->lines(m->opaque, false, false);
    m->lines(m->opaque, true, false);
    m->lines(m->opaque, true, true);
}

static inline void i2c_m_clock(I2cMaster *m, bool bit)
{
    m->lines(m->opaque, false, bit);
    m->lines(m->opaque, true, bit);
}

/* A byte out; whether the slave acknowledged it. */
static inline bool i2c_m_write(I2cMaster *m, uint8_t byte)
{
    bool ack;

    for (int i = 7; i >= 0; i--) {
        i2c_m_clock(m, (byte >> i) & 1);
        m->lines(m->opaque, false, (byte >> i) & 1);
    }
    i2c_m_clock(m, true);
    ack = !m->sda(m->opaque);
    m->lines(m->opaque, false, true);
    return ack;
}

/* A byte in, acknowledged (more to come) or not (the last). */
static inline uint8_t i2c_m_read(I2cMaster *m, bool ack)
{
    uint8_t v = 0;

    for (int i = 0; i < 8; i++) {
        i2c_m_clock(m, true);
        v = (uint8_t)(v << 1 | m->sda(m->opaque));
        m->lines(m->opaque, false, true);
    }
    i2c_m_clock(m, !ack);
    m->lines(m->opaque, false, !ack);
    m->lines(m->opaque, false, true);
    return v;
}

/*
 * The E-DDC read of `len` bytes of segment `seg` from `offset`: segment
 * pointer (when seg > 0), the EEPROM's address, a repeated START and the
 * reads.  Returns false at the first byte not acknowledged.
 */
static inline bool i2c_m_edid(I2cMaster *m, uint8_t seg, uint8_t offset,
                              uint8_t *buf, size_t len)
{
    if (seg) {
        i2c_m_start(m);
        if (!i2c_m_write(m, 0x30 << 1) || !i2c_m_write(m, seg)) {
            i2c_m_stop(m);
            return false;
        }
    }
    i2c_m_start(m);
    if (!i2c_m_write(m, 0x50 << 1) || !i2c_m_write(m, offset)) {
        i2c_m_stop(m);
        return false;
    }
    i2c_m_start(m);
    if (!i2c_m_write(m, 0x50 << 1 | 1)) {
        i2c_m_stop(m);
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        buf[i] = i2c_m_read(m, i + 1 < len);
    }
    i2c_m_stop(m);
    return true;
}

#endif
