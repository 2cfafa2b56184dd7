# SPDX-License-Identifier: GPL-2.0-or-later
"""Intel G45 part of the command generator (hw/common/cmdgen.py --vendor).

Turns a command's header attributes into its dword-0 encoding and writes
the executor's command table (G45CmdDesc, include/hwgpu/intel/g45/g45-cmd.h)
and the per-client indexes g45_cmd_lookup() reads.

Header attributes of a <command> (or of an enclosing <block>, or of one of
its <encoding> children when a command has several encodings):
  client     mi | 2d | gfx
  opcode     MI: bits 28:23; 2D: bits 28:22; GFXPIPE: 3D opcode, bits 26:24
  subtype    GFXPIPE bits 28:27
  subopcode  GFXPIPE bits 23:16
  length     total dwords of a command without a length field
  len-bits   length field (default MI 5:0, 2D and GFXPIPE 7:0), bias 2
  min        smallest valid total length (a smaller length field is a
             parser error)
Executor attributes:
  op         G45CmdOp without the G45_OP_ prefix
  engines    "render video" (default) or "render" (a parser error on the
             video ring)
  gens       generations with this encoding: "4" (965), "4.5" (G45)
  priv       "1": refused in non-secure batches
  gtt-bit    name of the dword-0 bool field that selects the GTT (clear:
             guest-physical memory, refused in non-secure batches)
"""

import cmdgen_core as core  # noqa: F401  (set up by cmdgen.py)

HEADER_INCLUDES = ['hwgpu/intel/g45/g45-cmd.h']

CLIENTS = {'mi': 0, '2d': 2, 'gfx': 3}
GENS = {'4': 1, '4.5': 2}


def _num(a, key, where, default=None):
    if key not in a:
        if default is None:
            raise core.DescError('%s: needs %s=' % (where, key))
        return default
    return core.number(a[key], where)


def encoding(a, where):
    client = a.get('client')
    if client not in CLIENTS:
        raise core.DescError('%s: bad client "%s"' % (where, client))
    op = _num(a, 'opcode', where)
    if client == 'mi':
        if op > 0x3f:
            raise core.DescError('%s: opcode too large' % where)
        value, match, key = op << 23, 0xff800000, ('mi', op)
        deflen = '5:0'
    elif client == '2d':
        if op > 0x7f:
            raise core.DescError('%s: opcode too large' % where)
        value, match, key = (2 << 29) | (op << 22), 0xffc00000, ('2d', op)
        deflen = '7:0'
    else:
        sub = _num(a, 'subtype', where)
        subop = _num(a, 'subopcode', where)
        if sub > 3 or op > 7 or subop > 0xff:
            raise core.DescError('%s: bad GFXPIPE encoding' % where)
        value = (3 << 29) | (sub << 27) | (op << 24) | (subop << 16)
        match, key = 0xffff0000, ('gfx', value >> 16)
        deflen = '7:0'
    if 'length' in a:
        fixed = _num(a, 'length', where)
        enc = core.Encoding(key, fixed, fixed, match, a)
        enc.fixed, enc.len_mask, enc.bias = fixed, 0, 0
    else:
        hi, lo = core.bits(a.get('len-bits', deflen), where)
        if lo != 0:
            raise core.DescError('%s: length field must start at bit 0' %
                                 where)
        len_mask = (1 << (hi + 1)) - 1
        bias = _num(a, 'bias', where, 2)
        enc = core.Encoding(key, _num(a, 'min', where), len_mask + bias,
                            match | len_mask, a)
        enc.fixed, enc.len_mask, enc.bias = 0, len_mask, bias
        if enc.min_len < bias:
            raise core.DescError('%s: min below the bias' % where)
    enc.value = value
    engines = a.get('engines', 'render video').split()
    if not engines or set(engines) - {'render', 'video'}:
        raise core.DescError('%s: bad engines' % where)
    enc.rcs_only = engines == ['render']
    gens = 0
    for g in a.get('gens', '4 4.5').split():
        if g not in GENS:
            raise core.DescError('%s: bad gens' % where)
        gens |= GENS[g]
    enc.gens = gens
    if 'op' not in a:
        raise core.DescError('%s: needs op=' % where)
    return enc


def _gtt_bit(enc):
    name = enc.attrs.get('gtt-bit')
    if not name:
        return 0
    for f in enc.layout.fields:
        if f.name == name and f.dword == 0 and f.type == 'bool':
            return 1 << f.lo
    raise core.DescError('%s: gtt-bit names no dword-0 bool field' %
                         enc.layout.name)


def header(desc):
    return '\n'.join([
        '/* Intel: command table and per-client indexes (g45_cmd_lookup) */',
        'typedef struct G45GfxCmd {',
        '    uint16_t key;           /* header bits 31:16 */',
        '    const G45CmdDesc *desc;',
        '} G45GfxCmd;',
        '',
        'extern const G45CmdDesc g45_cmd_descs[%d];' % len(desc.encodings),
        'extern const G45CmdDesc *const g45_cmd_mi[64];',
        'extern const G45CmdDesc *const g45_cmd_2d[128];',
        'extern const G45GfxCmd g45_cmd_gfx[%d];   /* sorted by key */' %
        sum(1 for e in desc.encodings if e.key[0] == 'gfx'),
        '',
        '/* Header templates (dword 0 with the minimum length) */',
    ] + ['#define G45_%s_HEADER %#010xu' %
         (e.layout.ident, e.value | (e.min_len - e.bias if not e.fixed
                                     else 0))
         for e in desc.encodings if len(e.layout.encodings) == 1])


def source(desc):
    out = ['const G45CmdDesc g45_cmd_descs[%d] = {' % len(desc.encodings)]
    for e in desc.encodings:
        out.append('    { /* %s */' % e.layout.name)
        out.append('        .name = %s, .op = G45_OP_%s,' %
                   (core.c_str(e.layout.name), e.attrs['op']))
        if e.fixed:
            out.append('        .fixed = %d, .min_len = %d,' %
                       (e.fixed, e.fixed))
        else:
            out.append('        .bias = %d, .len_mask = %#x, .min_len = %d,'
                       % (e.bias, e.len_mask, e.min_len))
        flags = []
        if e.rcs_only:
            flags.append('.rcs_only = true')
        if e.attrs.get('priv') == '1':
            flags.append('.priv = true')
        gb = _gtt_bit(e)
        if gb:
            flags.append('.gtt_bit = %#x' % gb)
        flags.append('.gens = %#x' % e.gens)
        out.append('        %s,' % ', '.join(flags))
        out.append('        .layout = &g45_cmd_layouts[G45_CMD_%s],' %
                   e.layout.ident)
        out.append('    },')
    out.append('};')
    for client, size in (('mi', 64), ('2d', 128)):
        out.append('')
        out.append('const G45CmdDesc *const g45_cmd_%s[%d] = {' %
                   (client, size))
        for e in sorted(desc.encodings, key=lambda e: e.key):
            if e.key[0] == client:
                out.append('    [%#04x] = &g45_cmd_descs[%d],   /* %s */' %
                           (e.key[1], e.index, e.layout.name))
        out.append('};')
    gfx = sorted((e for e in desc.encodings if e.key[0] == 'gfx'),
                 key=lambda e: e.key)
    out.append('')
    out.append('const G45GfxCmd g45_cmd_gfx[%d] = {' % len(gfx))
    for e in gfx:
        out.append('    { %#06x, &g45_cmd_descs[%d] },   /* %s */' %
                   (e.key[1], e.index, e.layout.name))
    out.append('};')
    return '\n'.join(out)
