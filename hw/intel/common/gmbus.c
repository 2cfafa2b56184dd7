/*
 * G45 GMBUS: the display engine's I2C controller (GMBUS0-5 at 0x5100).
 *
 * The guest selects a pin pair in GMBUS0, starts a cycle in GMBUS1 (slave
 * address, direction, byte count, optional index, WAIT/STOP), and moves data
 * four bytes at a time through GMBUS3 while GMBUS2 reports HW_RDY, NAK
 * (SATOER), ACTIVE and HW_WAIT_PHASE (intel-i915-probe.md 2.1 "GMBUS
 * protocol").  Transfers complete instantly.  On the analog DDC pins a monitor
 * answers at 0x50 (EDID EEPROM) and 0x30 (E-DDC segment pointer;
 * hw/common/ddc.c); every other address and pin NAKs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/intel/g45/g45.h"

#define GMBUS0_PIN(v)           ((v) & 7)
#define GMBUS_PIN_VGADDC        2
#define GMBUS1_SW_CLR_INT       (1u << 31)
#define GMBUS1_SW_RDY           (1u << 30)
#define GMBUS1_CYCLE_WAIT       (1u << 25)
#define GMBUS1_CYCLE_INDEX      (1u << 26)
#define GMBUS1_CYCLE_STOP       (1u << 27)
#define GMBUS1_COUNT(v)         (((v) >> 16) & 0x1ff)
#define GMBUS1_INDEX(v)         (((v) >> 8) & 0xff)
#define GMBUS1_ADDR(v)          (((v) >> 1) & 0x7f)
#define GMBUS1_READ             1u
#define GMBUS2_INUSE            (1u << 15)
#define GMBUS2_HW_WAIT_PHASE    (1u << 14)
#define GMBUS2_HW_RDY           (1u << 11)
#define GMBUS2_SATOER           (1u << 10)
#define GMBUS2_ACTIVE           (1u << 9)

static bool slave_present(G45Gmbus *b, uint8_t addr, bool read)
{
    return b->pin == GMBUS_PIN_VGADDC && hwgpu_ddc_acks(&b->ddc, addr, read);
}

/* Move up to four bytes between GMBUS3 and the slave. */
static void move_chunk(G45Gmbus *b)
{
    uint32_t n = b->remaining < 4 ? b->remaining : 4, i;

    if (b->read) {
        b->data = 0;
        for (i = 0; i < n; i++) {
            b->data |= (uint32_t)hwgpu_ddc_read(&b->ddc) << (8 * i);
        }
    } else {
        for (i = 0; i < n; i++) {
            hwgpu_ddc_write(&b->ddc, b->addr, b->data >> (8 * i),
                            b->done + i == 0);
        }
    }
    b->remaining -= n;
    b->done += n;
}

static void cycle_end(G45Gmbus *b)
{
    b->hw_rdy = !b->read;       /* the write buffer is free again */
    b->wait_phase = true;
    if (b->stop_after) {
        b->active = false;
        b->wait_phase = false;
        hwgpu_ddc_stop(&b->ddc);
    }
}

static void gmbus_command(G45Display *d, uint32_t val)
{
    G45Gmbus *b = &d->gmbus;

    if (val & GMBUS1_SW_CLR_INT) {
        b->active = b->hw_rdy = b->wait_phase = b->nak = false;
        return;
    }
    if (!(val & GMBUS1_SW_RDY)) {
        return;
    }
    if (!GMBUS1_COUNT(val) && !(val & GMBUS1_CYCLE_INDEX) &&
        (val & GMBUS1_CYCLE_STOP)) {
        /* A bare STOP ends the transaction. */
        b->active = b->hw_rdy = b->wait_phase = false;
        hwgpu_ddc_stop(&b->ddc);
        return;
    }
    b->transfers++;
    b->addr = GMBUS1_ADDR(val);
    b->read = val & GMBUS1_READ;
    b->remaining = GMBUS1_COUNT(val);
    b->done = 0;
    b->stop_after = val & GMBUS1_CYCLE_STOP;
    b->wait_phase = false;
    if (!slave_present(b, b->addr, b->read)) {
        b->naks++;
        b->nak = true;
        b->active = b->hw_rdy = false;
        return;
    }
    b->nak = false;
    b->active = true;
    if (val & GMBUS1_CYCLE_INDEX) {
        hwgpu_ddc_write(&b->ddc, b->addr, GMBUS1_INDEX(val), true);
        b->done = b->read ? 0 : 1;
    }
    /* A write's first dword was loaded into GMBUS3 before the command. */
    if (b->remaining) {
        move_chunk(b);
        b->hw_rdy = true;
    }
    if (!b->remaining && !b->read) {
        cycle_end(b);
    } else if (!b->remaining && b->read && !b->done) {
        cycle_end(b);
    }
}

uint32_t g45_gmbus_read(void *dev, HwgpuRegFile *rf, uint32_t off,
                        uint32_t stored)
{
    G45Gmbus *b = &g45_of(dev)->disp.gmbus;
    uint32_t v;

    switch (off) {
    case G45_GMBUS2:
        return (stored & GMBUS2_INUSE) |
               (b->wait_phase ? GMBUS2_HW_WAIT_PHASE : 0) |
               (b->hw_rdy ? GMBUS2_HW_RDY : 0) |
               (b->nak ? GMBUS2_SATOER : 0) |
               (b->active ? GMBUS2_ACTIVE : 0) | (b->done & 0x1ff);
    case G45_GMBUS3:
        v = b->data;
        if (b->active && b->read && b->hw_rdy) {
            if (b->remaining) {
                move_chunk(b);
            } else {
                b->hw_rdy = false;
                cycle_end(b);
            }
        }
        return v;
    default:
        return stored;
    }
}

void g45_gmbus_write(void *dev, HwgpuRegFile *rf, uint32_t off,
                     uint32_t old, uint32_t val)
{
    G45Display *d = &g45_of(dev)->disp;
    G45Gmbus *b = &d->gmbus;

    switch (off) {
    case G45_GMBUS0:
        b->pin = GMBUS0_PIN(val);
        break;
    case G45_GMBUS1:
        gmbus_command(d, val);
        break;
    case G45_GMBUS3:
        b->data = val;
        if (b->active && !b->read && b->remaining) {
            move_chunk(b);
            b->hw_rdy = true;
            if (!b->remaining) {
                cycle_end(b);
            }
        }
        break;
    default:
        break;
    }
}

/* Migration: a cycle moves at most GMBUS1's 9-bit count. */
const char *g45_gmbus_check(const G45Gmbus *b)
{
    if (b->remaining > 0x1ff || b->done > 0x1ff + 4 || b->pin > 7 ||
        b->addr > 0x7f) {
        return "the GMBUS cycle state is beyond its register fields";
    }
    return NULL;
}
