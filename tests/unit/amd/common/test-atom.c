/*
 * Unit tests of the ATOM interpreter on hand-assembled images: operand
 * alignments, every operation, calls, the IIO programs, and that a bad
 * image or runaway bytecode ends in an error rather than a crash or hang
 * (also with random bytecode and a mutated RV770 image; run it under the
 * ASan build).  Encodings: Linux radeon atom.c / atom.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "common/atom-rec.h"
#include "rv770-atombios.h"

#define IMG_SIZE    0x1000
#define ROM_HDR     0x80
#define MDT         0x100               /* master data table */
#define MCT         0x180               /* master command table */
#define TABLE(i)    (0x400 + (i) * 0x100)
#define DATA0       0xE00               /* data table 1 */
#define IIO_TABLE   0xF00

/* Opcodes with a REG destination; + 1 PS, + 2 WS, + 3 FB, + 4 PLL, + 5 MC */
enum {
    MOVE = 1, AND = 7, OR = 13, SHIFT_LEFT = 19, SHIFT_RIGHT = 25, MUL = 31,
    DIV = 37, ADD = 43, SUB = 49, SETPORT_ATI = 55, SETPORT_PCI = 56,
    SETREGBLOCK = 58, SETFBBASE = 59, COMPARE = 60, SWITCH = 66, JUMP = 67,
    JUMP_EQ, JUMP_BELOW, JUMP_ABOVE, JUMP_BE, JUMP_AE, JUMP_NE,
    TEST = 74, DELAY_MS = 80, DELAY_US = 81, CALLTABLE = 82, CLEAR = 84,
    NOP = 90, EOT = 91, MASK = 92, POSTCARD = 98, SETDATABLOCK = 102,
    XOR = 103, SHL = 109, SHR = 115,
};
enum { R, P, W, F, L, M };              /* destination offsets */
/* attribute: destination selector, source alignment, source location */
#define ATTR(sel, align, arg) ((sel) << 6 | (align) << 3 | (arg))
enum { A_REG, A_PS, A_WS, A_FB, A_ID, A_IMM, A_PLL, A_MC };
enum { D, W0, W8, W16, B0, B8, B16, B24 };
#define U16(v) (v) & 0xFF, ((v) >> 8) & 0xFF
#define U32(v) U16((v) & 0xFFFF), U16((uint32_t)(v) >> 16)

static uint8_t img[IMG_SIZE];
static HwgpuAtom atom;
static Rec rec;

static void put16(uint32_t off, uint16_t v)
{
    img[off] = v;
    img[off + 1] = v >> 8;
}

/* A minimal image: headers, empty master tables, one data table. */
static void image_reset(void)
{
    memset(img, 0, sizeof(img));
    img[0] = 0x55;
    img[1] = 0xAA;
    memcpy(img + 0x30, " 761295520", 10);
    put16(0x48, ROM_HDR);
    put16(ROM_HDR, 0x24);
    memcpy(img + ROM_HDR + 4, "ATOM", 4);
    put16(ROM_HDR + 0x1E, MCT);
    put16(ROM_HDR + 0x20, MDT);
    put16(MDT, 4 + 2 * HWGPU_ATOM_DATA_COUNT);
    put16(MCT, 4 + 2 * HWGPU_ATOM_CMD_COUNT);
    put16(MDT + 4 + 2 * 1, DATA0);
    put16(DATA0, 16);
    for (int i = 4; i < 16; i++) {
        img[DATA0 + i] = 0x10 + i;
    }
}

/* Command table @i with workspace @ws dwords, parameter space @ps bytes. */
static void table(int i, uint8_t ws, uint8_t ps, const uint8_t *code,
                  size_t len)
{
    g_assert_cmpuint(len + 6, <=, 0x100);
    put16(MCT + 4 + 2 * i, TABLE(i));
    put16(TABLE(i), 6 + len);
    img[TABLE(i) + 2] = 1;
    img[TABLE(i) + 3] = 1;
    img[TABLE(i) + 4] = ws;
    img[TABLE(i) + 5] = ps;
    memcpy(img + TABLE(i) + 6, code, len);
}

#define TABLE0(ws, ps, ...) do {                                    \
        const uint8_t code_[] = { __VA_ARGS__ };                    \
        table(0, ws, ps, code_, sizeof(code_));                     \
    } while (0)

static HwgpuAtomError run(uint32_t *ps, unsigned n)
{
    memset(&rec, 0, sizeof(rec));
    g_assert_cmpint(hwgpu_atom_init(&atom, img, sizeof(img), &rec_ops, &rec),
                    ==, HWGPU_ATOM_OK);
    atom.step_limit = 10000;
    return hwgpu_atom_execute(&atom, 0, ps, n);
}

static void run_ok(uint32_t *ps, unsigned n)
{
    HwgpuAtomError e = run(ps, n);

    if (e) {
        g_test_message("%s", hwgpu_atom_errmsg(&atom));
    }
    g_assert_cmpint(e, ==, HWGPU_ATOM_OK);
}

static void test_alignments(void)
{
    uint32_t ps[4] = { 0x11223344, 0xAABBCCDD };

    image_reset();
    TABLE0(0, 8,
           MOVE + R, ATTR(0, D, A_IMM), U16(0x10), U32(0xFFFFFFFF),
           /* byte immediate into bits 23:16 */
           MOVE + R, ATTR(2, B0, A_IMM), U16(0x10), 0xAB,
           /* PS[1] bits 15:8 into REG[0x11] bits 31:24 */
           MOVE + R, ATTR(3, B8, A_PS), U16(0x11), 1,
           /* PS[0] bits 31:16 into REG[0x12] bits 23:8 */
           MOVE + R, ATTR(1, W16, A_PS), U16(0x12), 0,
           /* REG[0x10] bits 15:0 into PS[1] bits 31:16 */
           MOVE + P, ATTR(2, W0, A_REG), 1, U16(0x10),
           EOT);
    run_ok(ps, 4);
    g_assert_cmphex(rec.regs[0x10], ==, 0xFFABFFFF);
    g_assert_cmphex(rec.regs[0x11], ==, 0xCC000000);
    g_assert_cmphex(rec.regs[0x12], ==, 0x00112200);
    g_assert_cmphex(ps[1], ==, 0xFFFFCCDD);
    /* a whole-dword MOVE does not read its destination */
    g_assert_cmpint(rec.log[0].kind, ==, 'w');
    g_assert_cmpint(rec.log[1].kind, ==, 'r');
}

static void test_alu(void)
{
    uint32_t ps[8] = { 100, 7, 0xF0F0, 3 };

    image_reset();
    TABLE0(4, 16,
           MOVE + W, ATTR(0, D, A_PS), 0, 0,            /* WS0 = 100 */
           ADD + W, ATTR(0, D, A_PS), 0, 1,             /* 107 */
           SUB + W, ATTR(0, D, A_IMM), 0, U32(7),       /* 100 */
           MUL + W, ATTR(0, D, A_PS), 0, 1,             /* Q = 700 */
           MOVE + P, ATTR(0, D, A_WS), 4, 0x40,
           DIV + W, ATTR(0, D, A_PS), 0, 1,             /* 14 r 2 */
           MOVE + P, ATTR(0, D, A_WS), 5, 0x40,
           MOVE + P, ATTR(0, D, A_WS), 6, 0x41,
           DIV + W, ATTR(0, D, A_IMM), 0, U32(0),       /* by 0: 0 r 0 */
           MOVE + P, ATTR(0, D, A_WS), 7, 0x40,
           AND + P, ATTR(0, W0, A_IMM), 2, U16(0x3C3C), /* 0x3030 */
           OR + P, ATTR(0, B0, A_IMM), 2, 0x01,         /* 0x3031 */
           XOR + P, ATTR(1, B0, A_IMM), 2, 0xFF,        /* 0xCF31 */
           SHL + P, ATTR(0, D, A_PS), 3, 3,             /* 3 << 3 */
           SHIFT_LEFT + P, ATTR(0, W0, 0), 3, 4,        /* bits 15:0 */
           SHIFT_RIGHT + P, ATTR(0, B0, 0), 1, 1,       /* 7 >> 1 */
           MASK + P, ATTR(0, D, A_IMM), 0, U32(0xF0), U32(0x5),
           EOT);
    run_ok(ps, 8);
    g_assert_cmpuint(ps[4], ==, 700);
    g_assert_cmpuint(ps[5], ==, 14);
    g_assert_cmpuint(ps[6], ==, 2);
    g_assert_cmpuint(ps[7], ==, 0);
    g_assert_cmphex(ps[2], ==, 0xCF31);
    g_assert_cmphex(ps[3], ==, 24 << 4);
    g_assert_cmpuint(ps[1], ==, 3);
    g_assert_cmphex(ps[0], ==, (100 & 0xF0) | 5);

    /* SHR by a register count; CLEAR a byte lane */
    ps[0] = 0x80000000;
    ps[1] = 0xFFFFFFFF;
    image_reset();
    TABLE0(0, 8,
           MOVE + R, ATTR(0, B0, A_IMM), U16(5), 31,
           SHR + P, ATTR(0, D, A_REG), 0, U16(5),
           CLEAR + P, ATTR(0, B8, 0), 1,
           EOT);
    run_ok(ps, 2);
    g_assert_cmphex(ps[0], ==, 1);
    g_assert_cmphex(ps[1], ==, 0xFFFF00FF);
}

/* Each conditional jump after COMPARE a, b: taken writes PS[1] = 1. */
static bool jump(uint8_t op, uint32_t a, uint32_t b)
{
    uint32_t ps[2] = { a };

    image_reset();
    TABLE0(0, 8,
           COMPARE + P, ATTR(0, D, A_IMM), 0, U32(b),
           op, U16(6 + 11),
           EOT,
           MOVE + P, ATTR(0, B0, A_IMM), 1, 1,
           EOT);
    ps[1] = 0;
    run_ok(ps, 2);
    return ps[1];
}

static void test_jumps(void)
{
    static const struct { uint8_t op; uint32_t a, b; bool taken; } t[] = {
        { JUMP, 1, 2, true },
        { JUMP_EQ, 2, 2, true }, { JUMP_EQ, 1, 2, false },
        { JUMP_BELOW, 1, 2, true }, { JUMP_BELOW, 2, 2, false },
        { JUMP_ABOVE, 3, 2, true }, { JUMP_ABOVE, 2, 2, false },
        { JUMP_BE, 2, 2, true }, { JUMP_BE, 3, 2, false },
        { JUMP_AE, 2, 2, true }, { JUMP_AE, 1, 2, false },
        { JUMP_NE, 1, 2, true }, { JUMP_NE, 2, 2, false },
        { JUMP_ABOVE, 0xFFFFFFFF, 1, true },            /* unsigned */
    };

    for (size_t i = 0; i < G_N_ELEMENTS(t); i++) {
        g_assert_cmpint(jump(t[i].op, t[i].a, t[i].b), ==, t[i].taken);
    }
}

static void test_switch_test(void)
{
    uint32_t ps[2] = { 0x0200 };

    image_reset();
    /* SWITCH on PS[0] bits 15:8; cases 1 and 2 */
    TABLE0(0, 8,
           SWITCH, ATTR(0, B8, A_PS), 0,
           0x63, 1, U16(6 + 14),
           0x63, 2, U16(6 + 14 + 5),
           U16(0x5A5A),
           EOT,
           MOVE + P, ATTR(0, B0, A_IMM), 1, 0x11, EOT,
           MOVE + P, ATTR(0, B0, A_IMM), 1, 0x22,
           TEST + P, ATTR(0, D, A_IMM), 0, U32(0x0100),
           JUMP_EQ, U16(6 + 14 + 5 + 4 + 6 + 3 + 5),
           MOVE + P, ATTR(0, B0, A_IMM), 1, 0x33,
           EOT);
    run_ok(ps, 2);
    g_assert_cmphex(ps[1], ==, 0x22);                   /* EQ: no bit */
    ps[0] = 0x0300;
    run_ok(ps, 2);
    g_assert_cmphex(ps[1], ==, 0x22);                   /* no case */
    ps[0] = 0x0100;
    run_ok(ps, 2);
    g_assert_cmphex(ps[1], ==, 0x11);
    img[TABLE(0) + 6 + 3 + 4] = 0x64;                   /* bad case */
    ps[0] = 0x0200;
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_OPERAND);
}

static void test_calltable(void)
{
    static const uint8_t callee[] = {
        /* PS[0] of the callee is PS[2] of the caller (caller PS 8 bytes) */
        ADD + P, ATTR(0, D, A_IMM), 0, U32(5),
        CALLTABLE, 9,                                   /* absent: nothing */
        EOT,
    };
    uint32_t ps[4] = { 1, 2, 3, 4 };

    image_reset();
    TABLE0(0, 8, CALLTABLE, 1, CALLTABLE, 1, EOT);
    table(1, 0, 4, callee, sizeof(callee));
    run_ok(ps, 4);
    g_assert_cmpuint(ps[0], ==, 1);
    g_assert_cmpuint(ps[2], ==, 13);
    /* a table calling itself ends at the depth limit */
    image_reset();
    TABLE0(0, 0, CALLTABLE, 0, EOT);
    g_assert_cmpint(run(ps, 4), ==, HWGPU_ATOM_ERR_DEPTH);
}

static void test_blocks_and_ws(void)
{
    uint32_t ps[4] = { 0 };

    image_reset();
    TABLE0(2, 16,
           SETDATABLOCK, 1,
           MOVE + P, ATTR(0, D, A_ID), 0, U16(4),       /* DATA0 + 4 */
           MOVE + P, ATTR(0, D, A_WS), 1, 0x42,         /* data pointer */
           SETREGBLOCK, U16(0x100),
           MOVE + R, ATTR(0, D, A_IMM), U16(2), U32(0xAA),
           MOVE + W, ATTR(0, D, A_IMM), 0x48, U32(0x200),   /* REGPTR */
           MOVE + R, ATTR(0, D, A_IMM), U16(2), U32(0xBB),
           SETFBBASE, ATTR(0, D, A_IMM), U32(0x40),
           MOVE + F, ATTR(0, D, A_IMM), 4, U32(0x1234),
           MOVE + W, ATTR(0, D, A_IMM), 0x46, U32(0x44),    /* FB window */
           MOVE + P, ATTR(0, D, A_FB), 2, 0,
           MOVE + W, ATTR(0, D, A_IMM), 0x43, U32(5),       /* shift */
           MOVE + P, ATTR(0, D, A_WS), 3, 0x44,             /* 1 << 5 */
           SETDATABLOCK, 255,                               /* this table */
           MOVE + W, ATTR(0, D, A_ID), 1, U16(0),
           AND + W, ATTR(0, D, A_IMM), 1, U32(0xFFFF),
           DELAY_MS, 2, DELAY_US, 3, NOP, POSTCARD, 0x42, 121 /* DEBUG */, 7,
           MOVE + W, ATTR(0, D, A_IMM), 0x48, U32(0),
           MOVE + R, ATTR(0, D, A_IMM), U16(0), U32(0x10),  /* MM_INDEX */
           MOVE + L, ATTR(0, D, A_IMM), 7, U32(0x77),
           MOVE + M, ATTR(0, D, A_IMM), 8, U32(0x88),
           EOT);
    run_ok(ps, 4);
    g_assert_cmphex(ps[0], ==, 0x17161514);
    g_assert_cmphex(ps[1], ==, DATA0);
    g_assert_cmphex(rec.regs[0x102], ==, 0xAA);
    g_assert_cmphex(rec.regs[0x202], ==, 0xBB);
    g_assert_cmphex(atom.fb_scratch[0x11], ==, 0x1234);
    g_assert_cmphex(ps[2], ==, 0x1234);
    g_assert_cmphex(ps[3], ==, 1 << 5);
    g_assert_cmpuint(rec.delay_us, ==, 2003);
    /* register 0 is written as a byte address, as radeon does */
    g_assert_cmphex(rec.regs[0], ==, 0x40);
    g_assert_cmphex(rec.pll[7], ==, 0x77);
    g_assert_cmphex(rec.mc[8], ==, 0x88);
}

/* IIO programs: port 3 reads REG[0x50], port 0x83 writes the data to
 * REG[0x51]. */
static void install_iio(void)
{
    static const uint8_t iio[] = {
        1, 3, 4, 32, 0, 2, U16(0x50), 9, 0, 0,
        1, 0x83, 4, 32, 0, 8, 32, 0, 0, 3, U16(0x51), 9, 0, 0,
        0,
    };

    put16(MDT + 4 + 2 * HWGPU_ATOM_DATA_INDIRECT_IO_ACCESS, IIO_TABLE);
    put16(IIO_TABLE, 4 + sizeof(iio));
    memcpy(img + IIO_TABLE + 4, iio, sizeof(iio));
}

static void test_iio_port(void)
{
    uint32_t ps[2] = { 0 };

    image_reset();
    install_iio();
    TABLE0(0, 8,
           SETPORT_ATI, U16(3),
           MOVE + R, ATTR(0, D, A_IMM), U16(0x7), U32(0x99),
           MOVE + P, ATTR(0, D, A_REG), 0, U16(0x7),
           SETPORT_ATI, U16(0),
           EOT);
    memset(&rec, 0, sizeof(rec));
    run_ok(ps, 2);
    g_assert_cmphex(rec.regs[0x51], ==, 0x99);
    g_assert_cmphex(ps[0], ==, 0);              /* REG[0x50] read */
    g_assert_cmpuint(atom.iio[3], ==, IIO_TABLE + 6);

    /* PCI port and an undefined IIO program are errors */
    TABLE0(0, 8, SETPORT_PCI, 0, MOVE + P, ATTR(0, D, A_REG), 0, U16(1),
           EOT);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_IO);
    TABLE0(0, 8, SETPORT_ATI, U16(5), MOVE + P, ATTR(0, D, A_REG), 0,
           U16(1), EOT);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_IO);
}

static void test_errors(void)
{
    uint32_t ps[2] = { 0 };

    image_reset();
    TABLE0(0, 8, JUMP, U16(6));                         /* loops forever */
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_STEPS);
    g_assert_cmpuint(atom.steps, ==, atom.step_limit + 1);
    TABLE0(0, 8, MOVE + P, ATTR(0, D, A_IMM), 2, U32(0), EOT);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_OPERAND);   /* PS[2] */
    TABLE0(1, 8, MOVE + W, ATTR(0, D, A_IMM), 1, U32(0), EOT);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_OPERAND);   /* WS[1] */
    TABLE0(0, 8, NOP, NOP);                             /* no EOT */
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_BOUNDS);
    TABLE0(0, 8, MOVE + P, ATTR(0, D, A_IMM), 0);       /* cut operand */
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_BOUNDS);
    TABLE0(0, 8, 200);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_OPCODE);
    TABLE0(0, 8, 83);                                   /* REPEAT */
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_OPCODE);
    TABLE0(0, 8, MOVE + P, ATTR(0, D, A_ID), 0, U16(0xFFFE), EOT);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_BOUNDS);
    TABLE0(0, 8, SETFBBASE, ATTR(0, D, A_IMM), U32(0x7FFFFFFF),
           MOVE + F, ATTR(0, D, A_IMM), 0, U32(1), EOT);
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_OPERAND);
    TABLE0(0, 8, JUMP, U16(0x3000));                    /* out of table */
    g_assert_cmpint(run(ps, 2), ==, HWGPU_ATOM_ERR_BOUNDS);
    g_assert_cmpint(hwgpu_atom_execute(&atom, 5, ps, 2), ==,
                    HWGPU_ATOM_ERR_NO_TABLE);
    g_assert_cmpint(hwgpu_atom_execute(&atom, 500, ps, 2), ==,
                    HWGPU_ATOM_ERR_NO_TABLE);
    g_assert_nonnull(strstr(hwgpu_atom_errmsg(&atom), "no command table"));
}

static void test_bad_images(void)
{
    image_reset();
    g_assert_cmpint(hwgpu_atom_init(&atom, img, 1, NULL, NULL), ==,
                    HWGPU_ATOM_ERR_BOUNDS);
    g_assert_cmpint(hwgpu_atom_init(&atom, img, 0x40, NULL, NULL), ==,
                    HWGPU_ATOM_ERR_IMAGE);
    g_assert_cmpint(hwgpu_atom_init(&atom, img, 0x90, NULL, NULL), ==,
                    HWGPU_ATOM_ERR_IMAGE);
    g_assert_cmpint(hwgpu_atom_init(&atom, img, 0x150, NULL, NULL), ==,
                    HWGPU_ATOM_ERR_IMAGE);
    img[ROM_HDR + 4] = 'X';
    g_assert_cmpint(hwgpu_atom_init(&atom, img, sizeof(img), NULL, NULL), ==,
                    HWGPU_ATOM_ERR_IMAGE);
    image_reset();
    img[0x31] = '8';
    g_assert_cmpint(hwgpu_atom_init(&atom, img, sizeof(img), NULL, NULL), ==,
                    HWGPU_ATOM_ERR_IMAGE);
    image_reset();
    put16(0x48, 0xFFF0);
    g_assert_cmpint(hwgpu_atom_init(&atom, img, sizeof(img), NULL, NULL), ==,
                    HWGPU_ATOM_ERR_IMAGE);
    image_reset();
    g_assert_cmpint(hwgpu_atom_init(&atom, img, sizeof(img), NULL, NULL), ==,
                    HWGPU_ATOM_OK);
}

/* Random bytecode in table 0 (which may call itself and table 1), random
 * parameters: every run ends, with or without an error. */
static void test_random_bytecode(void)
{
    GRand *r = g_rand_new_with_seed(770);
    unsigned errors = 0;

    for (int n = 0; n < 20000; n++) {
        uint8_t code[250];
        uint32_t ps[4];
        size_t len = g_rand_int_range(r, 1, sizeof(code));
        HwgpuAtomError e;

        image_reset();
        for (size_t i = 0; i < len; i++) {
            /* mostly real opcodes and small operands */
            code[i] = g_rand_int_range(r, 0, 4) ? g_rand_int_range(r, 0, 123)
                                                 : g_rand_int(r);
        }
        table(0, g_rand_int_range(r, 0, 8), g_rand_int_range(r, 0, 16),
              code, len);
        table(1, 4, 4, code + len / 2, len - len / 2);
        for (int i = 0; i < 4; i++) {
            ps[i] = g_rand_int(r);
        }
        e = run(ps, g_rand_int_range(r, 0, 5));
        g_assert_cmpint(e, >=, HWGPU_ATOM_OK);
        g_assert_cmpint(e, <=, HWGPU_ATOM_ERR_DEPTH);
        g_assert_cmpuint(atom.steps, <=, atom.step_limit + 1);
        errors += e != HWGPU_ATOM_OK;
    }
    g_test_message("%u of 20000 random tables ended in an error", errors);
    g_rand_free(r);
}

/* Random, well-formed instructions: every operand has the length its
 * attribute says, indices are mostly small, jump targets land anywhere in
 * the table. */
static size_t operand(GRand *r, uint8_t *b, unsigned arg, unsigned align)
{
    static const uint8_t imm_len[8] = { 4, 2, 2, 2, 1, 1, 1, 1 };
    size_t n = arg == A_REG || arg == A_ID ? 2 : arg == A_IMM ?
               imm_len[align] : 1;
    uint32_t v = g_rand_int(r);

    switch (arg) {
    case A_PS:
        v = g_rand_int_range(r, 0, 6);
        break;
    case A_WS:
        v = g_rand_boolean(r) ? g_rand_int_range(r, 0, 8)
                              : g_rand_int_range(r, 0x40, 0x49);
        break;
    case A_REG:
    case A_ID:
    case A_FB:
        v = g_rand_int_range(r, 0, 0x100);
        break;
    }
    for (size_t i = 0; i < n; i++) {
        b[i] = v >> (8 * i);
    }
    return n;
}

static size_t random_insn(GRand *r, uint8_t *b)
{
    static const uint8_t two_operand[] = {
        MOVE, AND, OR, MUL, DIV, ADD, SUB, COMPARE, TEST, MASK, XOR, SHL, SHR,
    };
    static const uint8_t dst_arg[6] = { A_REG, A_PS, A_WS, A_FB, A_PLL, A_MC };
    unsigned kind = g_rand_int_range(r, 0, 10), d = g_rand_int_range(r, 0, 6);
    unsigned align = g_rand_int_range(r, 0, 8);
    unsigned sarg = g_rand_int_range(r, 0, 8);
    size_t n = 0;

    if (kind < 5) {
        uint8_t op = two_operand[g_rand_int_range(r, 0,
                                                  sizeof(two_operand))];

        b[n++] = op + d;
        b[n++] = ATTR(g_rand_int_range(r, 0, 4), align, sarg);
        n += operand(r, b + n, dst_arg[d], align);
        if (op == MASK) {
            n += operand(r, b + n, A_IMM, align);
        }
        n += operand(r, b + n, sarg, align);
    } else if (kind == 5) {
        static const uint8_t one[] = { CLEAR, SHIFT_LEFT, SHIFT_RIGHT };
        uint8_t op = one[g_rand_int_range(r, 0, 3)];

        b[n++] = op + d;
        b[n++] = align << 3;
        n += operand(r, b + n, dst_arg[d], align);
        if (op != CLEAR) {
            b[n++] = g_rand_int_range(r, 0, 40);
        }
    } else if (kind == 6) {
        b[n++] = JUMP + g_rand_int_range(r, 0, 7);
        n += operand(r, b + n, A_REG, 0);       /* a target near the start */
    } else if (kind == 7) {
        b[n++] = SWITCH;
        b[n++] = ATTR(0, align, sarg);
        n += operand(r, b + n, sarg, align);
        for (int k = g_rand_int_range(r, 0, 3); k; k--) {
            b[n++] = 0x63;
            n += operand(r, b + n, A_IMM, align);
            n += operand(r, b + n, A_REG, 0);
        }
        b[n++] = 0x5A;
        b[n++] = 0x5A;
    } else if (kind == 8) {
        b[n++] = CALLTABLE;
        b[n++] = g_rand_int_range(r, 0, 3);
    } else {
        static const uint8_t misc[][3] = {
            { SETREGBLOCK, 0x00, 0x01 }, { SETDATABLOCK, 1 },
            { SETDATABLOCK, 255 }, { SETPORT_ATI, 3, 0 },
            { SETPORT_ATI, 0, 0 },
            { DELAY_US, 5 }, { NOP }, { POSTCARD, 1 },
        };
        static const uint8_t len[] = { 3, 2, 2, 3, 3, 2, 1, 2 };
        int i = g_rand_int_range(r, 0, G_N_ELEMENTS(misc));

        memcpy(b, misc[i], len[i]);
        n = len[i];
    }
    return n;
}

static void test_structured_bytecode(void)
{
    GRand *r = g_rand_new_with_seed(4870);
    unsigned outcome[HWGPU_ATOM_ERR_DEPTH + 1] = { 0 };

    for (int n = 0; n < 20000; n++) {
        uint8_t code[2][250];
        size_t len[2] = { 0, 0 };
        uint32_t ps[8];

        image_reset();
        install_iio();
        for (int t = 0; t < 2; t++) {
            for (int k = g_rand_int_range(r, 1, 20); k; k--) {
                if (len[t] + 40 > sizeof(code[t])) {
                    break;
                }
                len[t] += random_insn(r, code[t] + len[t]);
            }
            code[t][len[t]++] = EOT;
            table(t, 8, g_rand_int_range(r, 0, 5) * 4, code[t], len[t]);
        }
        for (int i = 0; i < 8; i++) {
            ps[i] = g_rand_int(r);
        }
        outcome[run(ps, g_rand_int_range(r, 0, 9))]++;
        g_assert_cmpuint(atom.steps, <=, atom.step_limit + 1);
    }
    for (int e = 0; e <= HWGPU_ATOM_ERR_DEPTH; e++) {
        g_test_message("outcome %d: %u of 20000", e, outcome[e]);
    }
    /* many programs end normally; loops end at the step budget */
    g_assert_cmpuint(outcome[HWGPU_ATOM_OK], >, 20000 / 5);
    g_assert_cmpuint(outcome[HWGPU_ATOM_ERR_STEPS], >, 0);
    g_rand_free(r);
}

/* The RV770 image with random bytes changed: parse and run every table. */
static void test_mutated_rom(void)
{
    static uint8_t rom[sizeof(hwgpu_rv770_atombios)];
    GRand *r = g_rand_new_with_seed(4870);

    for (int n = 0; n < 3000; n++) {
        memcpy(rom, hwgpu_rv770_atombios, sizeof(rom));
        for (int k = g_rand_int_range(r, 1, 8); k; k--) {
            /* the headers and tables live in the first 2 KiB */
            rom[g_rand_int_range(r, 0, 2048)] = g_rand_int(r);
        }
        memset(&rec, 0, sizeof(rec));
        if (hwgpu_atom_init(&atom, rom, sizeof(rom), &rec_ops, &rec)) {
            continue;
        }
        atom.step_limit = 5000;
        for (int i = 0; i < HWGPU_ATOM_CMD_COUNT; i++) {
            uint32_t ps[16] = { 75000, 90000, g_rand_int(r) };

            hwgpu_atom_execute(&atom, i, ps, 16);
            g_assert_cmpuint(atom.steps, <=, atom.step_limit + 1);
        }
        for (int port = 0; port < 256; port++) {
            if (atom.iio[port]) {
                hwgpu_atom_iio(&atom, port, g_rand_int(r), g_rand_int(r),
                               NULL);
            }
        }
    }
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/amd/atom/alignments", test_alignments);
    g_test_add_func("/amd/atom/alu", test_alu);
    g_test_add_func("/amd/atom/jumps", test_jumps);
    g_test_add_func("/amd/atom/switch-test", test_switch_test);
    g_test_add_func("/amd/atom/calltable", test_calltable);
    g_test_add_func("/amd/atom/blocks-ws", test_blocks_and_ws);
    g_test_add_func("/amd/atom/iio-port", test_iio_port);
    g_test_add_func("/amd/atom/errors", test_errors);
    g_test_add_func("/amd/atom/bad-images", test_bad_images);
    g_test_add_func("/amd/atom/random-bytecode", test_random_bytecode);
    g_test_add_func("/amd/atom/structured-bytecode",
                    test_structured_bytecode);
    g_test_add_func("/amd/atom/mutated-rom", test_mutated_rom);
    return g_test_run();
}
