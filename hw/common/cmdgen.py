#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Generate C from a GPU command description (vendor-neutral core).

Usage: cmdgen.py --vendor VENDOR.py DESCRIPTION.xml OUT.h OUT.c

The description (e.g. hw/intel/g45/g45-commands.xml) lists enums, state
structures and commands with their fields; this core parses and checks it
and writes, for every field, an inline getter and a row in a layout table
(include/hwgpu/common/cmdfield.h) that the disassembler and tests read.  What a
command's dword 0 looks like (client, opcode, length field) is the vendor's
business: the module named by --vendor turns a command's header attributes
into an encoding and writes the vendor's command table and lookup indexes.
See docs/g45-cs.md, "Command description", for the format.

A vendor module provides:
  encoding(attrs, where) -> Encoding   header value, mask, length rule
  header(desc) -> str                  C for the generated header
  source(desc) -> str                  C for the generated source
  HEADER_INCLUDES: list of headers the generated header includes
"""

import argparse
import importlib.util
import os
import re
import sys
import xml.etree.ElementTree as ET

TYPES = {
    'uint': 'UINT', 'hex': 'HEX', 'int': 'INT', 'bool': 'BOOL',
    'enum': 'ENUM', 'address': 'ADDRESS', 'offset': 'OFFSET',
    'float': 'FLOAT', 'ufixed': 'UFIXED', 'sfixed': 'SFIXED',
}
C_TYPES = {
    'int': 'int32_t', 'sfixed': 'int32_t', 'bool': 'bool', 'float': 'float',
}
# Attributes a <block> passes down to the commands inside it, and the ones
# the core itself reads; all others belong to the vendor.
CORE_ATTRS = {'name', 'doc', 'variant'}
IDENT = re.compile(r'^[A-Za-z0-9_]+$')


class DescError(Exception):
    pass


class Enum:
    def __init__(self, name, values):
        self.name = name
        self.values = values            # [(name, value)]


class Field:
    def __init__(self, name, dword, lo, hi, ftype, frac=0, optional=False,
                 enum=None, base=None):
        self.name = name
        self.dword = dword
        self.lo = lo
        self.hi = hi
        self.type = ftype
        self.frac = frac
        self.optional = optional
        self.enum = enum
        self.base = base

    def mask(self):
        return ((1 << (self.hi + 1)) - 1) & ~((1 << self.lo) - 1)


class Group:
    def __init__(self, name, dword, size, count, gmax, fields, struct):
        self.name = name
        self.dword = dword
        self.size = size
        self.count = count
        self.max = gmax
        self.fields = fields
        self.struct = struct            # Layout of a struct type, or None


class Encoding:
    """One header encoding of a command, filled in by the vendor."""

    def __init__(self, key, min_len, max_len, hdr_mask, attrs):
        self.key = key                  # vendor's lookup key (unique)
        self.min_len = min_len
        self.max_len = max_len
        self.hdr_mask = hdr_mask        # dword-0 bits of the header
        self.attrs = attrs              # merged attributes
        self.layout = None
        self.index = 0


class Layout:
    def __init__(self, kind, name, ident, attrs):
        self.kind = kind                # 'command' or 'struct'
        self.name = name
        self.ident = ident              # C identifier stem, upper case
        self.attrs = attrs
        self.fields = []
        self.groups = []
        self.encodings = []
        self.min_len = 0
        self.max_len = 0
        self.hdr_mask = 0

    def addr_mask(self):
        m = 0
        for f in self.fields:
            if f.type == 'address':
                m |= 1 << f.dword
        return m


class Description:
    def __init__(self, prefix):
        self.prefix = prefix
        self.enums = {}
        self.structs = {}
        self.commands = []
        self.encodings = []


def bits(text, where):
    m = re.fullmatch(r'(\d+)(?::(\d+))?', text or '')
    if not m:
        raise DescError('%s: bad bits "%s"' % (where, text))
    hi = int(m.group(1))
    lo = int(m.group(2)) if m.group(2) is not None else hi
    if lo > hi or hi > 31:
        raise DescError('%s: bad bit range %s' % (where, text))
    return hi, lo


def number(text, where):
    try:
        return int(text, 0)
    except (TypeError, ValueError):
        raise DescError('%s: bad number "%s"' % (where, text))


def ident_of(name):
    return re.sub(r'[^A-Za-z0-9]+', '_', name).strip('_').upper()


def parse_values(el, where):
    values = []
    for v in el.findall('value'):
        vname = v.get('name')
        if not vname or not IDENT.match(vname):
            raise DescError('%s: bad value name "%s"' % (where, vname))
        values.append((vname, number(v.get('value'), where)))
    return values


class Parser:
    def __init__(self, desc):
        self.d = desc

    def field(self, el, owner, base_dword=0):
        """One <field>; struct-typed fields are flattened into several."""
        name = el.get('name', '')
        where = '%s.%s' % (owner, name or '?')
        ftype = el.get('type', 'uint')
        dword = number(el.get('dword'), where) + base_dword
        optional = el.get('optional') == '1'
        if ftype in self.d.structs:
            st = self.d.structs[ftype]
            out = []
            for f in st.fields:
                out.append(Field(name + '_' + f.name if name else f.name,
                                 dword + f.dword, f.lo, f.hi, f.type, f.frac,
                                 optional or f.optional, f.enum, f.base))
            return out
        if ftype not in TYPES:
            raise DescError('%s: unknown type "%s"' % (where, ftype))
        if not name or not IDENT.match(name):
            raise DescError('%s: bad field name' % where)
        hi, lo = bits(el.get('bits', '31:0'), where)
        enum = None
        if ftype == 'enum':
            if el.get('enum'):
                enum = self.d.enums.get(el.get('enum'))
                if not enum:
                    raise DescError('%s: unknown enum %s' %
                                    (where, el.get('enum')))
            else:
                enum = Enum(owner + '_' + name, parse_values(el, where))
                if not enum.values:
                    raise DescError('%s: enum without values' % where)
        frac = number(el.get('frac', '0'), where)
        if ftype in ('ufixed', 'sfixed') and not 0 < frac <= hi - lo + 1:
            raise DescError('%s: fixed point needs frac' % where)
        return [Field(name, dword, lo, hi, ftype, frac, optional, enum,
                      el.get('base'))]

    def body(self, el, lay):
        for child in el:
            if child.tag == 'field':
                lay.fields.extend(self.field(child, lay.name))
            elif child.tag == 'group':
                lay.groups.append(self.group(child, lay.name))
            elif child.tag not in ('encoding', 'doc'):
                raise DescError('%s: unexpected <%s>' % (lay.name, child.tag))
        # Dword order; within a dword, the order of the description.
        lay.fields.sort(key=lambda f: f.dword)

    def group(self, el, owner):
        name = el.get('name', '')
        where = '%s.%s' % (owner, name)
        if not IDENT.match(name):
            raise DescError('%s: bad group name' % where)
        struct = None
        if el.get('type'):
            struct = self.d.structs.get(el.get('type'))
            if not struct:
                raise DescError('%s: unknown struct %s' %
                                (where, el.get('type')))
            fields = struct.fields
            size = struct.min_len
        else:
            fields = []
            for f in el.findall('field'):
                fields.extend(self.field(f, owner + '_' + name))
            fields.sort(key=lambda f: f.dword)
            size = number(el.get('size'), where)
        return Group(name, number(el.get('dword'), where), size,
                     number(el.get('count', '0'), where),
                     number(el.get('max', '0'), where), fields, struct)

    def struct(self, el):
        name = el.get('name')
        lay = Layout('struct', name, ident_of(name), dict(el.attrib))
        lay.min_len = lay.max_len = number(el.get('length'), name)
        self.body(el, lay)
        if name in self.d.structs:
            raise DescError('%s: defined twice' % name)
        self.d.structs[name] = lay

    def command(self, el, inherited, vendor):
        attrs = dict(inherited)
        attrs.update(el.attrib)
        name = attrs['name']
        ident = ident_of(name + ('_' + attrs['variant']
                                 if 'variant' in attrs else ''))
        lay = Layout('command', name, ident, attrs)
        self.body(el, lay)
        encs = el.findall('encoding') or [None]
        for e in encs:
            a = dict(attrs)
            if e is not None:
                a.update(e.attrib)
            enc = vendor.encoding(a, name)
            enc.layout = lay
            lay.encodings.append(enc)
        # The layout holds what every encoding allows.
        lay.min_len = min(e.min_len for e in lay.encodings)
        lay.max_len = max(e.max_len for e in lay.encodings)
        hm = 0
        for e in lay.encodings:
            hm |= e.hdr_mask
        lay.hdr_mask = hm
        self.d.commands.append(lay)
        self.d.encodings.extend(lay.encodings)

    def walk(self, el, inherited, vendor):
        for child in el:
            if child.tag == 'enum':
                name = child.get('name')
                self.d.enums[name] = Enum(name, parse_values(child, name))
            elif child.tag == 'struct':
                self.struct(child)
            elif child.tag == 'command':
                self.command(child, inherited, vendor)
            elif child.tag == 'block':
                a = dict(inherited)
                a.update(child.attrib)
                self.walk(child, a, vendor)
            elif child.tag != 'doc':
                raise DescError('unexpected <%s>' % child.tag)


def check_fields(lname, fields, length, maxlen, hdr_mask):
    seen = {}
    for f in fields:
        where = '%s.%s' % (lname, f.name)
        if f.dword >= maxlen or (f.dword >= length and not f.optional):
            raise DescError('%s: dword %d beyond the length (%d)' %
                            (where, f.dword, length))
        if f.dword == 0 and f.mask() & hdr_mask:
            raise DescError('%s: on header bits' % where)
        if f.type == 'float' and (f.lo, f.hi) != (0, 31):
            raise DescError('%s: float is not a whole dword' % where)
        if f.enum:
            for vname, v in f.enum.values:
                if v >> (f.hi - f.lo + 1):
                    raise DescError('%s: enum value %s too wide' %
                                    (where, vname))
        for g in seen.get(f.dword, []):
            if g.mask() & f.mask():
                raise DescError('%s: overlaps %s' % (where, g.name))
        seen.setdefault(f.dword, []).append(f)
    names = [f.name for f in fields]
    for n in names:
        if names.count(n) > 1:
            raise DescError('%s.%s: field named twice' % (lname, n))


def check(desc):
    for lay in list(desc.structs.values()) + desc.commands:
        check_fields(lay.name, lay.fields, lay.min_len, lay.max_len,
                     lay.hdr_mask)
        end = max([f.dword + 1 for f in lay.fields] or [0])
        for i, g in enumerate(lay.groups):
            where = '%s.%s' % (lay.name, g.name)
            if g.size < 1 or g.dword < end:
                raise DescError('%s: group overlaps the fields' % where)
            if not g.count and i + 1 != len(lay.groups):
                raise DescError('%s: open group is not the last' % where)
            if g.dword + max(g.count, 1) * g.size > lay.max_len:
                raise DescError('%s: group beyond the length' % where)
            check_fields(where, g.fields, g.size, g.size, 0)
            end = g.dword + g.count * g.size
    keys = {}
    for e in desc.encodings:
        if e.key in keys:
            raise DescError('%s: same encoding as %s' %
                            (e.layout.name, keys[e.key]))
        keys[e.key] = e.layout.name
    idents = [c.ident for c in desc.commands]
    for i in idents:
        if idents.count(i) > 1:
            raise DescError('%s: two commands of this name (add variant=)' %
                            i)


# ---- C output ---------------------------------------------------------------

def c_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


class Writer:
    def __init__(self, desc, vendor, hname, source_name):
        self.d = desc
        self.v = vendor
        self.p = desc.prefix
        self.P = desc.prefix.upper()
        self.hname = hname
        self.source_name = source_name

    def enum_c(self, e):
        return '%s_enum_%s' % (self.p, ident_of(e.name).lower())

    def enums(self):
        out = []
        for e in self.all_enums():
            out.append('static const HwgpuEnumValue %s_values[] = {' %
                       self.enum_c(e))
            for vname, v in e.values:
                out.append('    { %#x, %s },' % (v, c_str(vname)))
            out.append('};')
            out.append('const HwgpuEnumDesc %s = {' % self.enum_c(e))
            out.append('    %s, %s_values, %d,' %
                       (c_str(e.name), self.enum_c(e), len(e.values)))
            out.append('};')
        return out

    def all_enums(self):
        seen = []
        for e in self.d.enums.values():
            seen.append(e)
        for lay in self.layouts():
            for f in self.all_fields(lay):
                if f.enum and f.enum not in seen:
                    seen.append(f.enum)
        return seen

    def layouts(self):
        return list(self.d.structs.values()) + self.d.commands

    @staticmethod
    def all_fields(lay):
        out = list(lay.fields)
        for g in lay.groups:
            out.extend(g.fields)
        return out

    def field_rows(self, fields):
        rows = []
        for f in fields:
            rows.append('    { %s, %d, %d, %d, HWGPU_FIELD_%s, %d, %s, %s },'
                        % (c_str(f.name), f.dword, f.lo, f.hi, TYPES[f.type],
                           f.frac, 'true' if f.optional else 'false',
                           '&' + self.enum_c(f.enum) if f.enum else 'NULL'))
        return rows

    def layout_tables(self, lay, stem):
        out = []
        if lay.fields:
            out.append('static const HwgpuFieldDesc %s_fields[] = {' % stem)
            out += self.field_rows(lay.fields)
            out.append('};')
        for g in lay.groups:
            if g.struct:
                continue        # uses the struct's own field table
            out.append('static const HwgpuFieldDesc %s_%s_fields[] = {' %
                       (stem, g.name))
            out += self.field_rows(g.fields)
            out.append('};')
        if lay.groups:
            out.append('static const HwgpuGroupDesc %s_groups[] = {' % stem)
            for g in lay.groups:
                if g.struct:
                    gf = '%s_state_%s_fields' % (self.p,
                                                 g.struct.ident.lower())
                else:
                    gf = '%s_%s_fields' % (stem, g.name)
                am = 0
                for f in g.fields:
                    if f.type == 'address':
                        am |= 1 << f.dword
                out.append('    { %s, %d, %d, %d, %d, %s, %d, %#x },' %
                           (c_str(g.name), g.dword, g.size, g.count, g.max,
                            gf if g.fields else 'NULL', len(g.fields), am))
            out.append('};')
        return out

    def layout_row(self, lay, stem, ident):
        return ('    [%s] = { %s, %d, %d, %#010x, %s, %d, %s, %d, %#x },' %
                (ident, c_str(lay.name), lay.min_len, lay.max_len,
                 lay.hdr_mask, stem + '_fields' if lay.fields else 'NULL',
                 len(lay.fields), stem + '_groups' if lay.groups else 'NULL',
                 len(lay.groups), lay.addr_mask()))

    def getter(self, fn, f, arg='dw'):
        ct = C_TYPES.get(f.type, 'uint32_t')
        v = '%s[%d]' % (arg, f.dword)
        if f.type in ('int', 'sfixed'):
            body = 'hwgpu_sbits(%s, %d, %d)' % (v, f.hi, f.lo)
        elif f.type in ('address', 'offset'):
            body = 'hwgpu_bits_in_place(%s, %d, %d)' % (v, f.hi, f.lo)
        elif f.type == 'float':
            body = 'hwgpu_u2f(%s)' % v
        elif f.type == 'bool':
            body = 'hwgpu_bits(%s, %d, %d) != 0' % (v, f.hi, f.lo)
        else:
            body = 'hwgpu_bits(%s, %d, %d)' % (v, f.hi, f.lo)
        what = f.type + (', base ' + f.base if f.base else '') + \
            (', optional' if f.optional else '')
        return ['/* dword %d bits %d:%d, %s */' % (f.dword, f.hi, f.lo, what),
                'static inline %s %s(const uint32_t *%s)' % (ct, fn, arg),
                '{',
                '    return %s;' % body,
                '}']

    def getters(self, lay):
        stem = '%s_%s' % (self.p, lay.ident.lower())
        out = ['', '/* %s %s */' % (lay.kind, lay.name)]
        for f in lay.fields:
            out += self.getter('%s_%s' % (stem, f.name.lower()), f)
        for g in lay.groups:
            gs = '%s_%s' % (stem, g.name.lower())
            limit = (' and at most %d' % g.count) if g.count else ''
            out += [
                '/* %s[i]: %d dwords each from dword %d%s */' %
                (g.name, g.size, g.dword, limit),
                'static inline uint32_t %s_count(uint32_t len)' % gs,
                '{',
                '    uint32_t n = len > %d ? (len - %d) / %d : 0;' %
                (g.dword, g.dword, g.size),
                '',
                '    return %s;' % ('n < %d ? n : %d' % (g.count, g.count)
                                    if g.count else 'n'),
                '}',
                'static inline const uint32_t *%s(const uint32_t *dw, '
                'uint32_t i)' % gs,
                '{',
                '    return dw + %d + %d * i;' % (g.dword, g.size),
                '}',
            ]
            if not g.struct:
                for f in g.fields:
                    out += self.getter('%s_%s' % (gs, f.name.lower()), f,
                                       'el')
        return out

    def enum_defines(self):
        out = []
        for e in self.all_enums():
            for vname, v in e.values:
                out.append('#define %s_%s_%s %#xu' %
                           (self.P, ident_of(e.name), vname.upper(), v))
        return out

    def header(self):
        guard = ident_of(os.path.basename(self.hname))
        out = ['/* Generated by hw/common/cmdgen.py: do not edit. */',
               '#ifndef %s' % guard, '#define %s' % guard, '',
               '#include <stdbool.h>', '#include <stdint.h>', '',
               '#include "hwgpu/common/cmdfield.h"']
        out += ['#include "%s"' % h for h in self.v.HEADER_INCLUDES]
        out += ['', '/* Enum values */'] + self.enum_defines()
        out += ['', '/* Enums (names of the values, for decoders and tables) */']
        out += ['extern const HwgpuEnumDesc %s;' % self.enum_c(e)
                for e in self.all_enums()]
        out += ['', 'typedef enum %sCmdId {' % self.p.capitalize()]
        out += ['    %s_CMD_%s,' % (self.P, c.ident) for c in self.d.commands]
        out += ['    %s_CMD__COUNT' % self.P,
                '} %sCmdId;' % self.p.capitalize(), '']
        out += ['typedef enum %sStateId {' % self.p.capitalize()]
        out += ['    %s_STATE_%s,' % (self.P, s.ident)
                for s in self.d.structs.values()]
        out += ['    %s_STATE__COUNT' % self.P,
                '} %sStateId;' % self.p.capitalize(), '',
                'extern const HwgpuLayout %s_cmd_layouts[%s_CMD__COUNT];' %
                (self.p, self.P),
                'extern const HwgpuLayout %s_state_layouts[%s_STATE__COUNT];'
                % (self.p, self.P)]
        for lay in self.layouts():
            out += self.getters(lay)
        out += ['', self.v.header(self.d), '', '#endif', '']
        return '\n'.join(out)

    def source(self):
        out = ['/* Generated by hw/common/cmdgen.py: do not edit. */',
               '#include "%s"' % os.path.basename(self.hname), '']
        out += self.enums()
        for s in self.d.structs.values():
            out += self.layout_tables(s, '%s_state_%s' %
                                      (self.p, s.ident.lower()))
        for c in self.d.commands:
            out += self.layout_tables(c, '%s_cmd_%s' %
                                      (self.p, c.ident.lower()))
        out += ['', 'const HwgpuLayout %s_state_layouts[%s_STATE__COUNT] = {'
                % (self.p, self.P)]
        for s in self.d.structs.values():
            out.append(self.layout_row(s, '%s_state_%s' %
                                       (self.p, s.ident.lower()),
                                       '%s_STATE_%s' % (self.P, s.ident)))
        out += ['};', '',
                'const HwgpuLayout %s_cmd_layouts[%s_CMD__COUNT] = {' %
                (self.p, self.P)]
        for c in self.d.commands:
            out.append(self.layout_row(c, '%s_cmd_%s' %
                                       (self.p, c.ident.lower()),
                                       '%s_CMD_%s' % (self.P, c.ident)))
        out += ['};', '', self.v.source(self.d), '']
        return '\n'.join(out)


def load_vendor(path):
    # The vendor module imports this one as cmdgen_core.
    sys.modules['cmdgen_core'] = sys.modules[__name__]
    spec = importlib.util.spec_from_file_location('cmdgen_vendor', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--vendor', required=True)
    ap.add_argument('xml')
    ap.add_argument('out_h')
    ap.add_argument('out_c')
    args = ap.parse_args(argv)
    vendor = load_vendor(args.vendor)
    try:
        root = ET.parse(args.xml).getroot()
        desc = Description(root.get('prefix', 'hwgpu'))
        Parser(desc).walk(root, {}, vendor)
        check(desc)
        for i, e in enumerate(desc.encodings):
            e.index = i
        w = Writer(desc, vendor, args.out_h, args.out_c)
        text_h, text_c = w.header(), w.source()
    except (DescError, ET.ParseError) as e:
        sys.stderr.write('%s: %s\n' % (args.xml, e))
        return 1
    for path, text in ((args.out_h, text_h), (args.out_c, text_c)):
        with open(path, 'w') as f:
            f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
