/*
 * ATOM bytecode interpreter; see include/hwgpu/amd/common/atom.h.
 *
 * Opcode numbers, operand encodings and the meaning of each operation are
 * those of the Linux radeon driver's interpreter (drivers/gpu/drm/radeon/
 * atom.c and atom.h), which is what reads AtomBIOS images on the guest side.
 * The code here is our own: it checks every read of the image and every
 * index, and bounds the work a table can do.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwgpu/amd/common/atom.h"

/* Opcodes (radeon atom.c opcode table).  Groups of six take the
 * destination location REG, PS, WS, FB, PLL, MC in that order. */
enum {
    OP_MOVE = 1,
    OP_AND = 7,
    OP_OR = 13,
    OP_SHIFT_LEFT = 19,
    OP_SHIFT_RIGHT = 25,
    OP_MUL = 31,
    OP_DIV = 37,
    OP_ADD = 43,
    OP_SUB = 49,
    OP_SETPORT_ATI = 55,
    OP_SETPORT_PCI = 56,
    OP_SETPORT_SYSIO = 57,
    OP_SETREGBLOCK = 58,
    OP_SETFBBASE = 59,
    OP_COMPARE = 60,
    OP_SWITCH = 66,
    OP_JUMP = 67,           /* always, EQ, BELOW, ABOVE, BE, AE, NE */
    OP_TEST = 74,
    OP_DELAY_MS = 80,
    OP_DELAY_US = 81,
    OP_CALLTABLE = 82,
    OP_REPEAT = 83,
    OP_CLEAR = 84,
    OP_NOP = 90,
    OP_EOT = 91,
    OP_MASK = 92,
    OP_POSTCARD = 98,
    OP_BEEP = 99,
    OP_SAVEREG = 100,
    OP_RESTOREREG = 101,
    OP_SETDATABLOCK = 102,
    OP_XOR = 103,
    OP_SHL = 109,
    OP_SHR = 115,
    OP_DEBUG = 121,
    OP_PROCESSDS = 122,
};

/* Jump conditions, in opcode order after OP_JUMP. */
enum { JMP_ALWAYS, JMP_EQ, JMP_BELOW, JMP_ABOVE, JMP_BE, JMP_AE, JMP_NE };

/* IndirectIOAccess program opcodes and their lengths in bytes. */
enum {
    IIO_NOP, IIO_START, IIO_READ, IIO_WRITE, IIO_CLEAR, IIO_SET,
    IIO_MOVE_INDEX, IIO_MOVE_ATTR, IIO_MOVE_DATA, IIO_END,
};
static const uint8_t iio_len[] = { 1, 2, 3, 3, 3, 3, 4, 4, 4, 3 };

#define IO_MM       0
#define IO_PCI      1
#define IO_SYSIO    2
#define IO_IIO      0x80

#define CASE_MAGIC  0x63
#define CASE_END    0x5A5A

/* Operand alignments: which bits of the 32-bit location an operand is. */
enum {
    AL_DWORD, AL_WORD0, AL_WORD8, AL_WORD16,
    AL_BYTE0, AL_BYTE8, AL_BYTE16, AL_BYTE24,
};
static const uint32_t al_mask[8] = {
    0xFFFFFFFF, 0xFFFF, 0xFFFF00, 0xFFFF0000, 0xFF, 0xFF00, 0xFF0000,
    0xFF000000,
};
static const uint8_t al_shift[8] = { 0, 0, 8, 16, 0, 8, 16, 24 };
/* A destination's alignment from the source alignment (its width) and the
 * destination selector in attribute bits 7:6. */
static const uint8_t dst_align[8][4] = {
    { AL_DWORD, AL_DWORD, AL_DWORD, AL_DWORD },
    { AL_WORD0, AL_WORD8, AL_WORD16, AL_DWORD },
    { AL_WORD0, AL_WORD8, AL_WORD16, AL_DWORD },
    { AL_WORD0, AL_WORD8, AL_WORD16, AL_DWORD },
    { AL_BYTE0, AL_BYTE8, AL_BYTE16, AL_BYTE24 },
    { AL_BYTE0, AL_BYTE8, AL_BYTE16, AL_BYTE24 },
    { AL_BYTE0, AL_BYTE8, AL_BYTE16, AL_BYTE24 },
    { AL_BYTE0, AL_BYTE8, AL_BYTE16, AL_BYTE24 },
};
/* CLEAR and SHIFT_LEFT/RIGHT place the destination by the source field. */
static const uint8_t def_dst_sel[8] = { 0, 0, 1, 2, 0, 1, 2, 3 };
/* Destination location of each member of a six-opcode group. */
static const uint8_t group_arg[6] = {
    HWGPU_ATOM_ARG_REG, HWGPU_ATOM_ARG_PS, HWGPU_ATOM_ARG_WS,
    HWGPU_ATOM_ARG_FB, HWGPU_ATOM_ARG_PLL, HWGPU_ATOM_ARG_MC,
};

/* One running command table. */
typedef struct Frame {
    HwgpuAtom *a;
    uint32_t *ps;
    unsigned ps_n;          /* dwords of @ps the table may touch */
    unsigned ps_shift;      /* where a called table's parameters start */
    uint32_t start;         /* table offset: jump targets are relative */
    uint32_t end;           /* first byte after the table */
    unsigned ws_n;
    uint32_t ws[256];
} Frame;

static bool __attribute__((format(printf, 3, 4)))
fail(HwgpuAtom *a, HwgpuAtomError e, const char *fmt, ...)
{
    va_list ap;

    if (a->error == HWGPU_ATOM_OK) {
        a->error = e;
        va_start(ap, fmt);
        vsnprintf(a->errmsg, sizeof(a->errmsg), fmt, ap);
        va_end(ap);
    }
    return false;
}

static inline uint32_t shl32(uint32_t v, unsigned s)
{
    return s >= 32 ? 0 : v << s;
}

static inline uint32_t shr32(uint32_t v, unsigned s)
{
    return s >= 32 ? 0 : v >> s;
}

static inline uint32_t low_bits(unsigned n)
{
    return n >= 32 ? 0xFFFFFFFF : (1u << n) - 1;
}

uint8_t hwgpu_atom_u8(const HwgpuAtom *a, uint32_t off)
{
    return off < a->size ? a->bios[off] : 0;
}

uint16_t hwgpu_atom_u16(const HwgpuAtom *a, uint32_t off)
{
    return hwgpu_atom_u8(a, off) | hwgpu_atom_u8(a, off + 1) << 8;
}

uint32_t hwgpu_atom_u32(const HwgpuAtom *a, uint32_t off)
{
    return hwgpu_atom_u16(a, off) | (uint32_t)hwgpu_atom_u16(a, off + 2) << 16;
}

/* Whether @n bytes at @off lie inside the image (an error if not). */
static bool in_image(HwgpuAtom *a, uint32_t off, unsigned n)
{
    if ((uint64_t)off + n > a->size) {
        return fail(a, HWGPU_ATOM_ERR_BOUNDS, "read of %u bytes at 0x%x "
                    "outside the %zu-byte image", n, off, a->size);
    }
    return true;
}

/* A checked little-endian read of @n (at most 4) bytes at @off. */
static uint32_t img(HwgpuAtom *a, uint32_t off, unsigned n)
{
    uint32_t v = 0;

    if (!in_image(a, off, n)) {
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        v |= (uint32_t)a->bios[off + i] << (8 * i);
    }
    return v;
}

/* A checked fetch of @n bytes of the running table's bytecode. */
static uint32_t fetch(Frame *f, uint32_t *pc, unsigned n)
{
    uint32_t v;

    if ((uint64_t)*pc + n > f->end) {
        fail(f->a, HWGPU_ATOM_ERR_BOUNDS, "bytecode at 0x%x runs past the "
             "table at 0x%x (ends 0x%x)", *pc, f->start, f->end);
        return 0;
    }
    v = img(f->a, *pc, n);
    *pc += n;
    return v;
}

const char *hwgpu_atom_errmsg(const HwgpuAtom *a)
{
    return a->error ? a->errmsg : "no error";
}

/* IndirectIOAccess programs: byte code of their own in the data table. */
static uint32_t run_iio(HwgpuAtom *a, uint32_t pc, uint32_t index,
                        uint32_t data)
{
    uint32_t temp = 0xCDCDCDCD, src, mask, reg;
    uint8_t op, n, s, d;

    for (;;) {
        if (a->error) {
            return 0;
        }
        if (++a->steps > a->step_limit) {
            fail(a, HWGPU_ATOM_ERR_STEPS, "IIO program ran out of steps");
            return 0;
        }
        op = img(a, pc, 1);
        if (op > IIO_END || op == IIO_START) {
            fail(a, HWGPU_ATOM_ERR_IO, "bad IIO opcode %u at 0x%x", op, pc);
            return 0;
        }
        n = img(a, pc + 1, op == IIO_NOP ? 0 : 1);
        s = op >= IIO_CLEAR ? img(a, pc + 2, 1) : 0;
        d = op >= IIO_MOVE_INDEX && op <= IIO_MOVE_DATA ? img(a, pc + 3, 1)
                                                        : 0;
        reg = op == IIO_READ || op == IIO_WRITE ? img(a, pc + 1, 2) : 0;
        if (a->error) {
            return 0;
        }
        mask = low_bits(n);
        switch (op) {
        case IIO_READ:
            temp = a->ops && a->ops->reg_read ?
                   a->ops->reg_read(a->opaque, reg) : 0;
            break;
        case IIO_WRITE:
            if (a->ops && a->ops->reg_write) {
                a->ops->reg_write(a->opaque, reg, temp);
            }
            break;
        case IIO_CLEAR:
            temp &= ~shl32(mask, s);
            break;
        case IIO_SET:
            temp |= shl32(mask, s);
            break;
        case IIO_MOVE_INDEX:
        case IIO_MOVE_ATTR:
        case IIO_MOVE_DATA:
            src = op == IIO_MOVE_INDEX ? index :
                  op == IIO_MOVE_ATTR ? a->io_attr : data;
            /* as radeon: the field is cleared at the source position */
            temp &= ~shl32(mask, s);
            temp |= shl32(shr32(src, s) & mask, d);
            break;
        case IIO_END:
            return temp;
        }
        pc += iio_len[op];
    }
}

HwgpuAtomError hwgpu_atom_iio(HwgpuAtom *a, unsigned port, uint32_t index,
                              uint32_t data, uint32_t *result)
{
    uint32_t v;

    a->error = HWGPU_ATOM_OK;
    a->steps = 0;
    if (port > 255 || !a->iio[port]) {
        fail(a, HWGPU_ATOM_ERR_IO, "no IIO program %u", port);
        return a->error;
    }
    v = run_iio(a, a->iio[port], index, data);
    if (result) {
        *result = v;
    }
    return a->error;
}

static uint32_t reg_read(Frame *f, uint32_t idx)
{
    HwgpuAtom *a = f->a;
    unsigned prog;

    idx += a->reg_block;
    if (a->io_mode == IO_MM) {
        return a->ops && a->ops->reg_read ? a->ops->reg_read(a->opaque, idx)
                                          : 0;
    }
    if (!(a->io_mode & IO_IIO)) {
        fail(a, HWGPU_ATOM_ERR_IO, "register read in I/O mode %u",
             a->io_mode);
        return 0;
    }
    prog = a->io_mode & 0x7F;
    if (!a->iio[prog]) {
        fail(a, HWGPU_ATOM_ERR_IO, "no IIO read program %u", prog);
        return 0;
    }
    return run_iio(a, a->iio[prog], idx, 0);
}

static void reg_write(Frame *f, uint32_t idx, uint32_t val)
{
    HwgpuAtom *a = f->a;
    unsigned prog;

    idx += a->reg_block;
    if (a->io_mode == IO_MM) {
        /* radeon writes register 0 (MM_INDEX) as a dword index << 2 */
        if (a->ops && a->ops->reg_write) {
            a->ops->reg_write(a->opaque, idx, idx ? val : val << 2);
        }
        return;
    }
    if (!(a->io_mode & IO_IIO)) {
        fail(a, HWGPU_ATOM_ERR_IO, "register write in I/O mode %u",
             a->io_mode);
        return;
    }
    /* write programs sit at 0x80 + port (radeon indexes with the mode) */
    prog = a->io_mode & 0xFF;
    if (!a->iio[prog]) {
        fail(a, HWGPU_ATOM_ERR_IO, "no IIO write program 0x%x", prog);
        return;
    }
    run_iio(a, a->iio[prog], idx, val);
}

static uint32_t *ws_slot(Frame *f, uint32_t idx)
{
    if (idx >= f->ws_n) {
        fail(f->a, HWGPU_ATOM_ERR_OPERAND, "WS[%u] past the table's %u-dword "
             "workspace", idx, f->ws_n);
        return NULL;
    }
    return &f->ws[idx];
}

/* The parameter space or FB scratch dword an operand names, or NULL (and
 * an error) when it is outside. */
static uint32_t *mem_slot(Frame *f, unsigned arg, uint32_t idx)
{
    HwgpuAtom *a = f->a;
    uint32_t dw;

    if (arg == HWGPU_ATOM_ARG_PS) {
        if (idx < f->ps_n) {
            return &f->ps[idx];
        }
        fail(a, HWGPU_ATOM_ERR_OPERAND, "PS[%u] past the %u-dword parameter "
             "space", idx, f->ps_n);
        return NULL;
    }
    dw = (a->fb_base + idx) / 4;
    if (dw < HWGPU_ATOM_FB_SCRATCH_DWORDS) {
        return &a->fb_scratch[dw];
    }
    fail(a, HWGPU_ATOM_ERR_OPERAND, "FB scratch offset 0x%x past the scratch "
         "area", a->fb_base + idx);
    return NULL;
}

static uint32_t ws_read(Frame *f, uint32_t idx)
{
    HwgpuAtom *a = f->a;
    uint32_t *p;

    switch (idx) {
    case HWGPU_ATOM_WS_QUOTIENT:
        return a->divmul[0];
    case HWGPU_ATOM_WS_REMAINDER:
        return a->divmul[1];
    case HWGPU_ATOM_WS_DATAPTR:
        return a->data_block;
    case HWGPU_ATOM_WS_SHIFT:
        return a->shift;
    case HWGPU_ATOM_WS_OR_MASK:
        return shl32(1, a->shift);
    case HWGPU_ATOM_WS_AND_MASK:
        return ~shl32(1, a->shift);
    case HWGPU_ATOM_WS_FB_WINDOW:
        return a->fb_base;
    case HWGPU_ATOM_WS_ATTRIBUTES:
        return a->io_attr;
    case HWGPU_ATOM_WS_REGPTR:
        return a->reg_block;
    }
    p = ws_slot(f, idx);
    return p ? *p : 0;
}

static void ws_write(Frame *f, uint32_t idx, uint32_t val)
{
    HwgpuAtom *a = f->a;
    uint32_t *p;

    switch (idx) {
    case HWGPU_ATOM_WS_QUOTIENT:
        a->divmul[0] = val;
        return;
    case HWGPU_ATOM_WS_REMAINDER:
        a->divmul[1] = val;
        return;
    case HWGPU_ATOM_WS_DATAPTR:
        a->data_block = val;
        return;
    case HWGPU_ATOM_WS_SHIFT:
        a->shift = val;
        return;
    case HWGPU_ATOM_WS_OR_MASK:
    case HWGPU_ATOM_WS_AND_MASK:
        return;
    case HWGPU_ATOM_WS_FB_WINDOW:
        a->fb_base = val;
        return;
    case HWGPU_ATOM_WS_ATTRIBUTES:
        a->io_attr = val;
        return;
    case HWGPU_ATOM_WS_REGPTR:
        a->reg_block = val;
        return;
    }
    p = ws_slot(f, idx);
    if (p) {
        *p = val;
    }
}

static unsigned imm_size(unsigned align)
{
    return align == AL_DWORD ? 4 : align <= AL_WORD16 ? 2 : 1;
}

/* Bytes the index of location @arg takes in the bytecode. */
static unsigned loc_size(unsigned arg, unsigned align)
{
    switch (arg) {
    case HWGPU_ATOM_ARG_REG:
    case HWGPU_ATOM_ARG_ID:
        return 2;
    case HWGPU_ATOM_ARG_IMM:
        return imm_size(align);
    default:
        return 1;
    }
}

/*
 * Reads the operand at @pc: location @arg, the bits @align selects.  The
 * whole 32-bit value goes to @whole (for a later merge).  Immediates are
 * returned as encoded.
 */
static uint32_t get_operand(Frame *f, unsigned arg, unsigned align,
                            uint32_t *pc, uint32_t *whole)
{
    HwgpuAtom *a = f->a;
    uint32_t idx, val = 0, *p;
    uint32_t (*rd)(void *opaque, uint32_t index);

    idx = fetch(f, pc, loc_size(arg, align));
    switch (arg) {
    case HWGPU_ATOM_ARG_REG:
        val = f->a->error ? 0 : reg_read(f, idx);
        break;
    case HWGPU_ATOM_ARG_PS:
    case HWGPU_ATOM_ARG_FB:
        p = mem_slot(f, arg, idx);
        val = p ? *p : 0;
        break;
    case HWGPU_ATOM_ARG_WS:
        val = ws_read(f, idx);
        break;
    case HWGPU_ATOM_ARG_ID:
        val = img(a, idx + a->data_block, 4);
        break;
    case HWGPU_ATOM_ARG_IMM:
        return idx;
    case HWGPU_ATOM_ARG_PLL:
    case HWGPU_ATOM_ARG_MC:
        rd = !a->ops ? NULL :
             arg == HWGPU_ATOM_ARG_PLL ? a->ops->pll_read : a->ops->mc_read;
        val = rd && !a->error ? rd(a->opaque, idx) : 0;
        break;
    }
    if (whole) {
        *whole = val;
    }
    return (val & al_mask[align]) >> al_shift[align];
}

/* Writes @val into the @align bits of location @arg at @pc, keeping the
 * other bits of @whole. */
static void put_operand(Frame *f, unsigned arg, unsigned align, uint32_t *pc,
                        uint32_t val, uint32_t whole)
{
    HwgpuAtom *a = f->a;
    uint32_t idx, *p;
    void (*wr)(void *opaque, uint32_t index, uint32_t val);

    val = (shl32(val, al_shift[align]) & al_mask[align]) |
          (whole & ~al_mask[align]);
    idx = fetch(f, pc, loc_size(arg, align));
    if (a->error) {
        return;
    }
    switch (arg) {
    case HWGPU_ATOM_ARG_REG:
        reg_write(f, idx, val);
        break;
    case HWGPU_ATOM_ARG_PS:
    case HWGPU_ATOM_ARG_FB:
        p = mem_slot(f, arg, idx);
        if (p) {
            *p = val;
        }
        break;
    case HWGPU_ATOM_ARG_WS:
        ws_write(f, idx, val);
        break;
    case HWGPU_ATOM_ARG_PLL:
    case HWGPU_ATOM_ARG_MC:
        wr = !a->ops ? NULL :
             arg == HWGPU_ATOM_ARG_PLL ? a->ops->pll_write : a->ops->mc_write;
        if (wr) {
            wr(a->opaque, idx, val);
        }
        break;
    default:
        fail(a, HWGPU_ATOM_ERR_OPERAND, "location %u is not a destination",
             arg);
    }
}

static HwgpuAtomError run_table(HwgpuAtom *a, int index, uint32_t *ps,
                                unsigned ps_n, int depth);

/* The operations with a destination and a source operand. */
static void op_dst_src(Frame *f, unsigned base, unsigned arg, uint32_t *pc)
{
    HwgpuAtom *a = f->a;
    uint8_t attr = fetch(f, pc, 1);
    unsigned salign = attr >> 3 & 7, sarg = attr & 7;
    unsigned dalign = dst_align[salign][attr >> 6];
    uint32_t dptr = *pc, dst = 0, whole = 0, src, mask;

    if (base == OP_MOVE && salign == AL_DWORD) {
        *pc += loc_size(arg, dalign);       /* whole dword: no merge */
    } else {
        dst = get_operand(f, arg, dalign, pc, &whole);
    }
    if (base == OP_MASK) {
        mask = fetch(f, pc, imm_size(salign));
        src = get_operand(f, sarg, salign, pc, NULL);
        dst = (dst & mask) | src;
    } else {
        src = get_operand(f, sarg, salign, pc, NULL);
    }
    if (a->error) {
        return;
    }
    switch (base) {
    case OP_MOVE:
        dst = src;
        break;
    case OP_AND:
        dst &= src;
        break;
    case OP_OR:
        dst |= src;
        break;
    case OP_XOR:
        dst ^= src;
        break;
    case OP_ADD:
        dst += src;
        break;
    case OP_SUB:
        dst -= src;
        break;
    case OP_SHL:
        dst = shl32(dst, src & 0xFF);
        break;
    case OP_SHR:
        dst = shr32(dst, src & 0xFF);
        break;
    case OP_MUL:
        a->divmul[0] = dst * src;
        return;
    case OP_DIV:
        a->divmul[0] = src ? dst / src : 0;
        a->divmul[1] = src ? dst % src : 0;
        return;
    case OP_COMPARE:
        a->cs_equal = dst == src;
        a->cs_above = dst > src;
        return;
    case OP_TEST:
        a->cs_equal = (dst & src) == 0;
        return;
    }
    put_operand(f, arg, dalign, &dptr, dst, whole);
}

/* CLEAR, SHIFT_LEFT and SHIFT_RIGHT: the alignment field places the
 * destination; the shifts take an immediate byte count. */
static void op_dst_only(Frame *f, unsigned base, unsigned arg, uint32_t *pc)
{
    uint8_t attr = fetch(f, pc, 1) & 0x38;
    unsigned dalign = dst_align[attr >> 3][def_dst_sel[attr >> 3]];
    uint32_t dptr = *pc, dst, whole = 0;
    uint8_t count = 0;

    dst = get_operand(f, arg, dalign, pc, &whole);
    if (base != OP_CLEAR) {
        count = fetch(f, pc, 1);
    }
    if (f->a->error) {
        return;
    }
    dst = base == OP_CLEAR ? 0 :
          base == OP_SHIFT_LEFT ? shl32(dst, count) : shr32(dst, count);
    put_operand(f, arg, dalign, &dptr, dst, whole);
}

static void op_switch(Frame *f, uint32_t *pc)
{
    HwgpuAtom *a = f->a;
    uint8_t attr = fetch(f, pc, 1);
    unsigned align = attr >> 3 & 7;
    uint32_t src = get_operand(f, attr & 7, align, pc, NULL), val, target;

    while (!a->error) {
        if (img(a, *pc, 2) == CASE_END) {
            *pc += 2;
            return;
        }
        if (fetch(f, pc, 1) != CASE_MAGIC) {
            fail(a, HWGPU_ATOM_ERR_OPERAND, "bad SWITCH case at 0x%x",
                 *pc - 1);
            return;
        }
        val = fetch(f, pc, imm_size(align));
        target = fetch(f, pc, 2);
        if (!a->error && val == src) {
            *pc = f->start + target;
            return;
        }
    }
}

static bool jump_taken(HwgpuAtom *a, unsigned cond)
{
    switch (cond) {
    case JMP_ALWAYS:
        return true;
    case JMP_EQ:
        return a->cs_equal;
    case JMP_BELOW:
        return !(a->cs_above || a->cs_equal);
    case JMP_ABOVE:
        return a->cs_above;
    case JMP_BE:
        return !a->cs_above;
    case JMP_AE:
        return a->cs_above || a->cs_equal;
    default:
        return !a->cs_equal;
    }
}

/* Executes the operation at @pc; false at EOT or on an error. */
static bool step(Frame *f, uint32_t *pc, int depth)
{
    HwgpuAtom *a = f->a;
    uint32_t at = *pc, v;
    uint8_t op = fetch(f, pc, 1);

    if (a->error) {
        return false;
    }
    if (++a->steps > a->step_limit) {
        return fail(a, HWGPU_ATOM_ERR_STEPS, "step budget of %llu used up "
                    "at 0x%x", (unsigned long long)a->step_limit, at);
    }
    if ((op >= OP_MOVE && op < OP_SETPORT_ATI) ||
        (op >= OP_COMPARE && op < OP_SWITCH) ||
        (op >= OP_TEST && op < OP_DELAY_MS) ||
        (op >= OP_CLEAR && op < OP_NOP) ||
        (op >= OP_MASK && op < OP_POSTCARD) ||
        (op >= OP_XOR && op < OP_DEBUG)) {
        static const uint8_t groups[] = {
            OP_MOVE, OP_AND, OP_OR, OP_SHIFT_LEFT, OP_SHIFT_RIGHT, OP_MUL,
            OP_DIV, OP_ADD, OP_SUB, OP_COMPARE, OP_TEST, OP_CLEAR, OP_MASK,
            OP_XOR, OP_SHL, OP_SHR,
        };
        unsigned base = 0;

        for (unsigned i = 0; i < sizeof(groups); i++) {
            if (op >= groups[i] && op < groups[i] + 6) {
                base = groups[i];
            }
        }
        if (base == OP_CLEAR || base == OP_SHIFT_LEFT ||
            base == OP_SHIFT_RIGHT) {
            op_dst_only(f, base, group_arg[op - base], pc);
        } else {
            op_dst_src(f, base, group_arg[op - base], pc);
        }
        return !a->error;
    }
    if (op >= OP_JUMP && op < OP_JUMP + 7) {
        v = fetch(f, pc, 2);
        if (!a->error && jump_taken(a, op - OP_JUMP)) {
            *pc = f->start + v;
        }
        return !a->error;
    }
    switch (op) {
    case OP_SETPORT_ATI:
        v = fetch(f, pc, 2);
        a->io_mode = v ? IO_IIO | v : IO_MM;
        break;
    case OP_SETPORT_PCI:
    case OP_SETPORT_SYSIO:
        fetch(f, pc, 1);
        a->io_mode = op == OP_SETPORT_PCI ? IO_PCI : IO_SYSIO;
        break;
    case OP_SETREGBLOCK:
        a->reg_block = fetch(f, pc, 2);
        break;
    case OP_SETFBBASE:
        v = fetch(f, pc, 1);
        v = get_operand(f, v & 7, v >> 3 & 7, pc, NULL);
        if (!a->error) {
            a->fb_base = v;
        }
        break;
    case OP_SWITCH:
        op_switch(f, pc);
        break;
    case OP_DELAY_MS:
    case OP_DELAY_US:
        v = fetch(f, pc, 1);
        if (!a->error && a->ops && a->ops->delay_us) {
            a->ops->delay_us(a->opaque, op == OP_DELAY_MS ? v * 1000 : v);
        }
        break;
    case OP_CALLTABLE:
        v = fetch(f, pc, 1);
        /* as radeon: calling a table the image lacks does nothing */
        if (!a->error && hwgpu_atom_u16(a, a->cmd_table + 4 + 2 * v)) {
            unsigned shift = f->ps_shift < f->ps_n ? f->ps_shift : f->ps_n;

            run_table(a, v, f->ps + shift, f->ps_n - shift, depth + 1);
        }
        break;
    case OP_NOP:
    case OP_BEEP:
        break;
    case OP_EOT:
        return false;
    case OP_POSTCARD:
    case OP_DEBUG:                      /* a byte to print (newer radeon) */
        fetch(f, pc, 1);
        break;
    case OP_SETDATABLOCK:
        v = fetch(f, pc, 1);
        if (a->error) {
            break;
        }
        a->data_block = v == 0 ? 0 : v == 255 ? f->start :
                        img(a, a->data_table + 4 + 2 * v, 2);
        break;
    case OP_PROCESSDS:
        v = fetch(f, pc, 2);
        *pc += v;
        break;
    default:
        return fail(a, HWGPU_ATOM_ERR_OPCODE, "opcode %u at 0x%x is %s", op,
                    at, op == OP_REPEAT || op == OP_SAVEREG ||
                    op == OP_RESTOREREG ?
                    "not implemented (as in radeon)" : "not an opcode");
    }
    return !a->error;
}

/* Entry @index of the master table at @master, if its table (at least
 * @min_len bytes by its header) lies inside the image. */
static bool table_header(const HwgpuAtom *a, uint16_t master, int index,
                         uint16_t min_len, uint16_t *size, uint8_t *frev,
                         uint8_t *crev, uint16_t *offset)
{
    uint16_t n = hwgpu_atom_u16(a, master);
    uint16_t base, len;

    if (index < 0 || 4 + 2 * index + 2 > n) {
        return false;
    }
    base = hwgpu_atom_u16(a, master + 4 + 2 * index);
    len = hwgpu_atom_u16(a, base);
    if (!base || len < min_len || (uint32_t)base + len > a->size) {
        return false;
    }
    if (size) {
        *size = len;
    }
    if (frev) {
        *frev = hwgpu_atom_u8(a, base + 2);
    }
    if (crev) {
        *crev = hwgpu_atom_u8(a, base + 3);
    }
    if (offset) {
        *offset = base;
    }
    return true;
}

bool hwgpu_atom_cmd_header(const HwgpuAtom *a, int index, uint16_t *size,
                           uint8_t *frev, uint8_t *crev, uint8_t *ws,
                           uint8_t *ps, uint16_t *offset)
{
    uint16_t base;

    if (!table_header(a, a->cmd_table, index, HWGPU_ATOM_CT_CODE_PTR, size,
                      frev, crev, &base)) {
        return false;
    }
    if (ws) {
        *ws = hwgpu_atom_u8(a, base + HWGPU_ATOM_CT_WS_PTR);
    }
    if (ps) {
        *ps = hwgpu_atom_u8(a, base + HWGPU_ATOM_CT_PS_PTR) &
              HWGPU_ATOM_CT_PS_MASK;
    }
    if (offset) {
        *offset = base;
    }
    return true;
}

bool hwgpu_atom_data_header(const HwgpuAtom *a, int index, uint16_t *size,
                            uint8_t *frev, uint8_t *crev, uint16_t *offset)
{
    return table_header(a, a->data_table, index, 4, size, frev, crev, offset);
}

static HwgpuAtomError run_table(HwgpuAtom *a, int index, uint32_t *ps,
                                unsigned ps_n, int depth)
{
    Frame *f;
    uint16_t base, len;
    uint8_t ws, psz;
    uint32_t pc;

    if (depth >= HWGPU_ATOM_MAX_DEPTH) {
        fail(a, HWGPU_ATOM_ERR_DEPTH, "CALLTABLE %d nested %d deep", index,
             depth);
        return a->error;
    }
    if (!hwgpu_atom_cmd_header(a, index, &len, NULL, NULL, &ws, &psz,
                               &base)) {
        fail(a, HWGPU_ATOM_ERR_NO_TABLE, "no command table %d", index);
        return a->error;
    }
    f = calloc(1, sizeof(*f));
    if (!f) {
        fail(a, HWGPU_ATOM_ERR_DEPTH, "out of memory");
        return a->error;
    }
    f->a = a;
    f->ps = ps;
    f->ps_n = ps ? ps_n : 0;
    f->ps_shift = psz / 4;
    f->start = base;
    f->end = base + len;
    f->ws_n = ws;
    pc = base + HWGPU_ATOM_CT_CODE_PTR;
    while (step(f, &pc, depth)) {
        /* one operation per step */
    }
    free(f);
    return a->error;
}

HwgpuAtomError hwgpu_atom_execute(HwgpuAtom *a, int index, uint32_t *ps,
                                  unsigned ps_dwords)
{
    a->error = HWGPU_ATOM_OK;
    a->errmsg[0] = 0;
    a->steps = 0;
    a->reg_block = 0;
    a->fb_base = 0;
    a->io_mode = IO_MM;
    return run_table(a, index, ps, ps_dwords, 0);
}

static void read_name(HwgpuAtom *a)
{
    uint32_t p = hwgpu_atom_u16(a, a->rom_header + HWGPU_ATOM_ROM_MSG_PTR);
    size_t n = 0;

    while (p < a->size && (a->bios[p] == '\n' || a->bios[p] == '\r')) {
        p++;
    }
    /* radeon stops at the first byte outside '.'..'z' */
    while (p + n < a->size && n + 1 < sizeof(a->name) &&
           a->bios[p + n] >= '.' && a->bios[p + n] <= 'z') {
        a->name[n] = a->bios[p + n];
        n++;
    }
    a->name[n] = 0;
}

static void index_iio(HwgpuAtom *a)
{
    uint16_t off;
    uint32_t p;
    uint8_t op;

    if (!hwgpu_atom_data_header(a, HWGPU_ATOM_DATA_INDIRECT_IO_ACCESS, NULL,
                                NULL, NULL, &off)) {
        return;
    }
    p = off + 4;
    while (!a->error && img(a, p, 1) == IIO_START) {
        a->iio[img(a, p + 1, 1)] = p + 2;
        p += 2;
        while (!a->error && (op = img(a, p, 1)) != IIO_END) {
            if (op > IIO_END) {
                fail(a, HWGPU_ATOM_ERR_IMAGE, "bad IIO opcode %u at 0x%x",
                     op, p);
                return;
            }
            p += iio_len[op];
        }
        p += iio_len[IIO_END];
    }
}

HwgpuAtomError hwgpu_atom_init(HwgpuAtom *a, const uint8_t *bios, size_t size,
                               const HwgpuAtomOps *ops, void *opaque)
{
    static const char ati[] = HWGPU_ATOM_ATI_MAGIC;

    memset(a, 0, sizeof(*a));
    a->bios = bios;
    a->size = size;
    a->ops = ops;
    a->opaque = opaque;
    a->step_limit = HWGPU_ATOM_DEFAULT_STEPS;

    if (img(a, 0, 2) != HWGPU_ATOM_BIOS_MAGIC) {
        fail(a, HWGPU_ATOM_ERR_IMAGE, "no 0x55 0xAA ROM signature");
        return a->error;
    }
    if (!in_image(a, HWGPU_ATOM_ATI_MAGIC_PTR, sizeof(ati) - 1) ||
        memcmp(bios + HWGPU_ATOM_ATI_MAGIC_PTR, ati, sizeof(ati) - 1)) {
        fail(a, HWGPU_ATOM_ERR_IMAGE, "no ATI magic at 0x30");
        return a->error;
    }
    a->rom_header = img(a, HWGPU_ATOM_ROM_TABLE_PTR, 2);
    if (a->error || !in_image(a, a->rom_header, HWGPU_ATOM_ROM_HEADER_SIZE) ||
        memcmp(bios + a->rom_header + HWGPU_ATOM_ROM_MAGIC_PTR, "ATOM", 4)) {
        a->error = HWGPU_ATOM_OK;
        fail(a, HWGPU_ATOM_ERR_IMAGE, "no \"ATOM\" in the ROM header at "
             "0x%x", a->rom_header);
        return a->error;
    }
    a->cmd_table = img(a, a->rom_header + HWGPU_ATOM_ROM_CMD_PTR, 2);
    a->data_table = img(a, a->rom_header + HWGPU_ATOM_ROM_DATA_PTR, 2);
    if ((uint32_t)a->cmd_table + 4 > size ||
        (uint32_t)a->data_table + 4 > size ||
        hwgpu_atom_u16(a, a->cmd_table) < 4 ||
        hwgpu_atom_u16(a, a->data_table) < 4 ||
        (uint32_t)hwgpu_atom_u16(a, a->cmd_table) + a->cmd_table > size ||
        (uint32_t)hwgpu_atom_u16(a, a->data_table) + a->data_table > size) {
        fail(a, HWGPU_ATOM_ERR_IMAGE, "master tables outside the image");
        return a->error;
    }
    index_iio(a);
    read_name(a);
    return a->error;
}
