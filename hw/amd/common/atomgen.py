#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Build an AtomBIOS ROM image from a readable description.

Usage: atomgen.py DESCRIPTION.py OUT.h OUT.c OUT.bin [OUT.lst]

The description (e.g. hw/amd/rv770/rv770-atombios.py) is Python that uses
this module: it defines ROM = Rom(...), fills in data tables with the table
builders below and writes command tables with the ATOM assembler (Code).
EXPORTS, a dict of names to integers, become #defines in OUT.h so tests
compare the image against the description rather than against a second copy
of each value.  OUT.lst lists where each table landed and the bytecode of
each command table, offset by offset.

Layouts are those the Linux radeon driver reads (atombios.h, atom.h,
radeon_bios.c); opcode numbers and operand encodings are those of its
interpreter (atom.c).  See docs/rv770-atombios.md.
"""

import os
import struct
import sys

# --- ATOM bytecode ---------------------------------------------------------

ARG_REG, ARG_PS, ARG_WS, ARG_FB, ARG_ID, ARG_IMM, ARG_PLL, ARG_MC = range(8)
# the six-member opcode groups take REG, PS, WS, FB, PLL, MC destinations
GROUP_INDEX = {ARG_REG: 0, ARG_PS: 1, ARG_WS: 2, ARG_FB: 3, ARG_PLL: 4,
               ARG_MC: 5}
OP = dict(MOVE=1, AND=7, OR=13, SHIFT_LEFT=19, SHIFT_RIGHT=25, MUL=31,
          DIV=37, ADD=43, SUB=49, SETPORT_ATI=55, SETREGBLOCK=58,
          COMPARE=60, SWITCH=66, JUMP=67, TEST=74, DELAY_MS=80, DELAY_US=81,
          CALLTABLE=82, CLEAR=84, NOP=90, EOT=91, MASK=92, SETDATABLOCK=102,
          XOR=103, SHL=109, SHR=115)
JUMPS = dict(always=0, eq=1, below=2, above=3, be=4, ae=5, ne=6)
ALIGN = dict(d=0, w0=1, w8=2, w16=3, b0=4, b8=5, b16=6, b24=7)
CASE_MAGIC, CASE_END = 0x63, 0x5A5A

# workspace indices with a meaning of their own (atom.h)
WS_QUOTIENT, WS_REMAINDER, WS_DATAPTR, WS_SHIFT = 0x40, 0x41, 0x42, 0x43
WS_FB_WINDOW, WS_ATTRIBUTES, WS_REGPTR = 0x46, 0x47, 0x48
WS_NAMES = {WS_QUOTIENT: 'QUOTIENT', WS_REMAINDER: 'REMAINDER',
            WS_DATAPTR: 'DATAPTR', WS_SHIFT: 'SHIFT', 0x44: 'OR_MASK',
            0x45: 'AND_MASK', WS_FB_WINDOW: 'FB_WINDOW',
            WS_ATTRIBUTES: 'ATTRIBUTES', WS_REGPTR: 'REGPTR'}


class Operand:
    """A location (register, parameter, workspace...) and which bits of it:
    .d (default), .w0 .w8 .w16 (16 bits at that shift), .b0 .. .b24."""

    def __init__(self, loc, index, align=0):
        self.loc, self.index, self.align = loc, index, align

    def __getattr__(self, name):
        if name in ALIGN:
            return Operand(self.loc, self.index, ALIGN[name])
        raise AttributeError(name)

    def width(self):
        return 'd' if self.align == 0 else 'w' if self.align <= 3 else 'b'

    def __str__(self):
        if self.loc == ARG_IMM:
            return '0x' + self.encode()[::-1].hex()
        name = {ARG_REG: 'REG[0x%04x]' % (self.index * 4),
                ARG_ID: 'ID[0x%04x]' % self.index}.get(self.loc)
        if name is None:
            name = '%s[%s]' % ({ARG_PS: 'PS', ARG_WS: 'WS', ARG_FB: 'FB',
                                ARG_PLL: 'PLL', ARG_MC: 'MC'}[self.loc],
                               WS_NAMES.get(self.index, self.index)
                               if self.loc == ARG_WS else self.index)
        if self.align:
            name += '.' + [k for k, v in ALIGN.items() if v == self.align][0]
        return name

    def encode(self):
        """The bytes naming the location (an immediate: its value)."""
        if self.loc in (ARG_REG, ARG_ID):
            return struct.pack('<H', self.index)
        if self.loc == ARG_IMM:
            n = {'d': 4, 'w': 2, 'b': 1}[self.width()]
            return (self.index & ((1 << 8 * n) - 1)).to_bytes(n, 'little')
        return bytes([self.index])


def REG(byte_offset):
    """A register by its MMIO byte offset (ATOM addresses dwords)."""
    assert byte_offset % 4 == 0 and byte_offset < 0x40000, hex(byte_offset)
    return Operand(ARG_REG, byte_offset // 4)


def PS(dword):
    return Operand(ARG_PS, dword)


def WS(index):
    return Operand(ARG_WS, index)


def ID(offset):
    return Operand(ARG_ID, offset)


def IMM(value, width='d'):
    return Operand(ARG_IMM, value, {'d': 0, 'w': 1, 'b': 4}[width])


class Code:
    """An ATOM assembler for one command table.  Jump targets are labels;
    they are encoded relative to the table's start (header included)."""

    def __init__(self):
        self.buf = bytearray()
        self.labels = {}
        self.fixups = []
        self.listing = []           # (offset in the code, text)

    def _note(self, text):
        self.listing.append((len(self.buf), text.rstrip()))

    def label(self, name):
        assert name not in self.labels, name
        self.labels[name] = len(self.buf)
        self._note(name + ':')

    def _target(self, name):
        self.fixups.append((len(self.buf), name))
        self.buf += b'\0\0'

    def _pair(self, op, dst, src, between=b''):
        """dst OP= src: the source's alignment gives the width, the
        destination's alignment the position (attribute bits 7:6)."""
        assert dst.loc in GROUP_INDEX, 'not a destination'
        w = src.width()
        assert dst.width() == w, 'destination and source widths differ'
        sel = {'d': 0, 'w': dst.align - 1, 'b': dst.align - 4}[w]
        attr = sel << 6 | src.align << 3 | src.loc
        self._note('    %-11s %s, %s%s' % (op, dst, src, ' (keep 0x%s)' %
                                         between[::-1].hex() if between
                                         else ''))
        self.buf += bytes([OP[op] + GROUP_INDEX[dst.loc], attr])
        self.buf += dst.encode() + between + src.encode()

    # move, and_, or_, xor, add, sub, shl, shr, mul, div, compare, test:
    # see TWO_OPERAND below the class.

    def mask(self, dst, keep, src):
        """dst = (dst & keep) | src; keep is an immediate of src's width."""
        self._pair('MASK', dst, src, IMM(keep, src.width()).encode())

    def _dst_only(self, op, dst, count=None):
        assert dst.loc in GROUP_INDEX
        self._note('    %-11s %s%s' % (op, dst, '' if count is None
                                        else ', %d' % count))
        self.buf += bytes([OP[op] + GROUP_INDEX[dst.loc], dst.align << 3])
        self.buf += dst.encode()
        if count is not None:
            self.buf.append(count)

    def clear(self, dst): self._dst_only('CLEAR', dst)
    def shift_left(self, dst, n): self._dst_only('SHIFT_LEFT', dst, n)
    def shift_right(self, dst, n): self._dst_only('SHIFT_RIGHT', dst, n)

    def jump(self, label, cond='always'):
        self._note('    %-11s %s' % ('JUMP' if cond == 'always' else
                                     'JUMP_' + cond.upper(), label))
        self.buf.append(OP['JUMP'] + JUMPS[cond])
        self._target(label)

    def switch(self, src, cases):
        """Jump to cases[value] when src == value; fall through otherwise."""
        self._note('    %-11s %s: %s' % ('SWITCH', src, ', '.join(
            '%d -> %s' % c for c in cases.items())))
        self.buf += bytes([OP['SWITCH'], src.align << 3 | src.loc])
        self.buf += src.encode()
        n = {'d': 4, 'w': 2, 'b': 1}[src.width()]
        for value, label in cases.items():
            self.buf.append(CASE_MAGIC)
            self.buf += value.to_bytes(n, 'little')
            self._target(label)
        self.buf += struct.pack('<H', CASE_END)

    def _op(self, op, *operand_bytes):
        self._note('    %-11s %s' % (op, ' '.join(b.hex() for b in
                                                  operand_bytes)))
        self.buf.append(OP[op])
        for b in operand_bytes:
            self.buf += b

    def calltable(self, index): self._op('CALLTABLE', bytes([index]))
    def setregblock(self, v): self._op('SETREGBLOCK', struct.pack('<H', v))
    def setport(self, port): self._op('SETPORT_ATI', struct.pack('<H', port))
    def setdatablock(self, i): self._op('SETDATABLOCK', bytes([i]))
    def delay_us(self, n): self._op('DELAY_US', bytes([n]))
    def nop(self): self._op('NOP')
    def eot(self): self._op('EOT')

    def regblock_from(self, src, dwords):
        """Register accesses become relative to src * dwords (e.g. the
        CRTC number times the distance between the CRTC blocks)."""
        self.clear(WS(WS_REGPTR))
        self.move(WS(WS_REGPTR).b0, src)
        self.mul(WS(WS_REGPTR), IMM(dwords))
        self.move(WS(WS_REGPTR), WS(WS_QUOTIENT))

    def assemble(self, header_size):
        out = bytearray(self.buf)
        for at, name in self.fixups:
            out[at:at + 2] = struct.pack('<H', header_size + self.labels[name])
        return bytes(out)


# Code.<method>(dst, src) for the two-operand operations.  MUL leaves the
# product in WS_QUOTIENT; DIV the quotient there and the remainder in
# WS_REMAINDER; COMPARE and TEST set the flags the jumps test.
TWO_OPERAND = dict(move='MOVE', and_='AND', or_='OR', xor='XOR', add='ADD',
                   sub='SUB', shl='SHL', shr='SHR', mul='MUL', div='DIV',
                   compare='COMPARE', test='TEST')
for _method, _op in TWO_OPERAND.items():
    setattr(Code, _method,
            lambda self, dst, src, _op=_op: self._pair(_op, dst, src))


# --- ROM image --------------------------------------------------------------

def header(size, frev, crev):
    """ATOM_COMMON_TABLE_HEADER."""
    return struct.pack('<HBB', size, frev, crev)


def table(frev, crev, body):
    return header(4 + len(body), frev, crev) + body


class Blob(bytes):
    """A table's bytes with its listing: (offset in the table, text)."""
    listing = ()


def command_table(frev, crev, ws_dwords, ps_bytes, code):
    """ATOM_COMMON_ROM_COMMAND_TABLE_HEADER and bytecode.  The attribute's
    workspace byte is in bytes (radeon allocates that many dwords)."""
    body = code.assemble(6)
    blob = Blob(struct.pack('<HBBBB', 6 + len(body), frev, crev,
                            ws_dwords * 4, ps_bytes) + body)
    blob.listing = [(6 + at, text) for at, text in code.listing]
    return blob


class Rom:
    """Lays out the PCI option ROM with the ATOM ROM header, the master
    tables and the tables they point to."""

    def __init__(self, vendor, device, subsys_vendor, subsys_id, message,
                 n_cmd, n_data):
        self.vendor, self.device = vendor, device
        self.subsys = (subsys_vendor, subsys_id)
        self.message = message
        self.cmd = {}
        self.data = {}
        self.n_cmd, self.n_data = n_cmd, n_data
        self.names = {}
        self.layout = []            # (offset, text): the listing

    def add_command(self, index, blob, name=''):
        assert index < self.n_cmd and index not in self.cmd, index
        self.cmd[index] = blob
        self.names[('cmd', index)] = name

    def add_data(self, index, blob, name=''):
        assert index < self.n_data and index not in self.data, index
        self.data[index] = blob
        self.names[('data', index)] = name

    def build(self):
        img = bytearray(0x100)
        img[0:2] = b'\x55\xaa'
        img[3] = 0xCB                       # INIT entry: retf
        img[0x30:0x3a] = b' 761295520'      # radeon's ATI magic
        pcir = 0x50
        img[0x18:0x1a] = struct.pack('<H', pcir)

        def place(blob, align=2):
            while len(img) % align:
                img.append(0)
            at = len(img)
            img.extend(blob)
            return at

        def place_table(kind, i, blob):
            at = place(blob, 4)
            self.layout.append((at, '%-4s %2d %-32s v%d.%d, %d bytes' % (
                kind, i, self.names[(kind, i)], blob[2], blob[3],
                len(blob))))
            for off, text in getattr(blob, 'listing', ()):
                self.layout.append((at + off, text))
            return at

        self.layout = [(0, 'PCI option ROM header'),
                       (pcir, 'PCIR %04x:%04x' % (self.vendor, self.device))]
        msg = place(self.message.encode() + b'\r\n\0')
        self.layout.append((msg, 'boot message %r' % self.message))
        rom_hdr = place(bytes(0x24), 4)
        self.layout.append((rom_hdr, 'ATOM_ROM_HEADER'))
        data_off = [0] * self.n_data
        for i in sorted(self.data):
            data_off[i] = place_table('data', i, self.data[i])
        cmd_off = [0] * self.n_cmd
        for i in sorted(self.cmd):
            cmd_off[i] = place_table('cmd', i, self.cmd[i])
        mdt = place(table(1, 1, struct.pack('<%dH' % self.n_data, *data_off)))
        mct = place(table(1, 1, struct.pack('<%dH' % self.n_cmd, *cmd_off)))
        self.layout += [(mdt, 'master data table'),
                        (mct, 'master command table')]
        # ATOM_ROM_HEADER
        img[rom_hdr:rom_hdr + 0x24] = (
            header(0x24, 1, 1) + b'ATOM' +
            struct.pack('<HHHHHHHHHHHHHBB', 0, 0, 0, 0, msg, 0, 0, 0,
                        self.subsys[0], self.subsys[1], pcir, mct, mdt, 0, 0))
        img[0x48:0x4a] = struct.pack('<H', rom_hdr)
        # size: a power of two, at least 4 KiB, room for the checksum byte
        size = 4096
        while size < len(img) + 1:
            size *= 2
        img.extend(bytes(size - len(img)))
        img[2] = size // 512
        # PCI data structure (PCI Firmware Spec): x86 code, last image
        img[pcir:pcir + 0x18] = (
            b'PCIR' + struct.pack('<HHHHB', self.vendor, self.device, 0,
                                  0x18, 0) +
            bytes([0x00, 0x00, 0x03]) +
            struct.pack('<HHBBH', size // 512, 0, 0, 0x80, 0))
        # every table offset is 16 bits, as radeon reads them
        assert size <= 0x10000, 'image too large for 16-bit offsets'
        img[-1] = (-sum(img[:-1])) & 0xFF
        assert sum(img) % 256 == 0
        self.layout.append((size - 1, 'checksum'))
        return bytes(img)


# --- output -----------------------------------------------------------------

def main(argv):
    desc_path, out_h, out_c, out_bin = argv[1:5]
    ns = {'__file__': desc_path}
    # the description imports this module: no __pycache__ in the sources
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    with open(desc_path) as f:
        exec(compile(f.read(), desc_path, 'exec'), ns)
    rom, sym = ns['ROM'], ns['SYMBOL']
    img = rom.build()
    exports = dict(ns.get('EXPORTS', {}))
    exports['SIZE'] = len(img)
    src = os.path.relpath(desc_path)
    guard = 'HWGPU_%s_H' % sym.upper()
    with open(out_h, 'w') as f:
        f.write('/* Generated by atomgen.py from %s; do not edit. */\n'
                % os.path.basename(src))
        f.write('#ifndef %s\n#define %s\n\n#include <stdint.h>\n\n'
                % (guard, guard))
        for k, v in exports.items():
            f.write('#define HWGPU_%s_%s 0x%x\n' % (sym.upper(), k, v))
        f.write('\nextern const uint8_t hwgpu_%s[%d];\n\n#endif\n'
                % (sym, len(img)))
    with open(out_c, 'w') as f:
        f.write('/* Generated by atomgen.py from %s; do not edit. */\n'
                % os.path.basename(src))
        f.write('#include "%s"\n\n' % os.path.basename(out_h))
        f.write('const uint8_t hwgpu_%s[%d] = {\n' % (sym, len(img)))
        for i in range(0, len(img), 12):
            f.write('    ' + ' '.join('0x%02x,' % b for b in img[i:i + 12])
                    + '\n')
        f.write('};\n')
    with open(out_bin, 'wb') as f:
        f.write(img)
    if len(argv) > 5:
        with open(argv[5], 'w') as f:
            for at, text in rom.layout:
                f.write('%04x  %s\n' % (at, text))


if __name__ == '__main__':
    main(sys.argv)
