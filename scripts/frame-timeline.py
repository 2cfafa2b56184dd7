#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Where a page-flipping GL client's frames go, from QEMU's log of an
intel-g45 guest run with `-trace hwgpu_event -msg timestamp=on`.

    frame-timeline.py QEMU_LOG [--min-flips N]

A frame is the time between two flips of plane A (a new surface address
latched at vblank).  The first run of at least N flips (default 100) no
more than 250 ms apart, with render batches among them, is taken: the
first GL client of the boot.  For each frame it finds, after the flip
that opened it: the guest's first RCS TAIL write (submit), the render
batches (first start to last end), then the user interrupt raised, the
guest's acknowledgement (IIR cleared), and the guest's DSPSURF write that
armed the next flip.  It prints how many frames took one vblank period
and how many took more, with those phases for each group, so that a
missed vblank is put down to the guest's submission, the rendering, the
interrupt's delivery or the commit of the flip.
"""
import re
import sys

EV = re.compile(r"\d+@(\d+\.\d+):hwgpu_event intel-g45 (\w+): (.*)")


def read(path):
    ev = []
    with open(path, errors="replace") as f:
        for line in f:
            m = EV.match(line)
            if m:
                ev.append((float(m.group(1)), m.group(2), m.group(3)))
    return ev


def is_flip(e):
    return (e[1] == "flip" and e[2].startswith("plane A:") and
            not e[2].endswith("0x00000000 -> 0x00000000"))


def client_run(ev, min_flips):
    """The indices of the first run's flips (None: no such run)."""
    flips = [i for i, e in enumerate(ev) if is_flip(e)]
    start = 0
    for k in range(1, len(flips) + 1):
        if k == len(flips) or ev[flips[k]][0] - ev[flips[k - 1]][0] > 0.25:
            run = flips[start:k]
            batches = any(e[1] == "batch" and e[2].startswith("RCS: start")
                          for e in ev[run[0]:run[-1]])
            if len(run) >= min_flips and batches:
                return run
            start = k
    return None


def frames(ev, run):
    out = []
    for a, b in zip(run, run[1:]):
        t0 = ev[a][0]
        f = {"length": (ev[b][0] - t0) * 1000}
        rel = lambda i: (ev[i][0] - t0) * 1000
        end = None
        for i in range(a + 1, b):
            kind, text = ev[i][1], ev[i][2]
            if kind == "ring" and text.startswith("RCS TAIL") and "submit" not in f:
                f["submit"] = rel(i)
            elif kind == "batch" and text.startswith("RCS: start") and "start" not in f:
                f["start"] = rel(i)
            elif kind == "batch" and text.startswith("RCS: end"):
                f["end"] = rel(i)
                end = i
        if end is not None:
            for i in range(end + 1, b):
                kind, text = ev[i][1], ev[i][2]
                m = re.match(r"IIR 0x([0-9a-f]+) -> 0x([0-9a-f]+)", text) \
                    if kind == "irq" else None
                if m and "irq" not in f and int(m.group(2), 16) & 2 and \
                        not int(m.group(1), 16) & 2:
                    f["irq"] = rel(i)
                elif m and "irq" in f and "ack" not in f and \
                        not int(m.group(2), 16) & 2:
                    f["ack"] = rel(i)
                elif kind == "surface" and text.startswith("plane A") and \
                        "armed" not in f:
                    f["armed"] = rel(i)
        out.append(f)
    return out


def quantiles(v):
    v = sorted(v)
    if not v:
        return "-"
    q = lambda p: v[min(len(v) - 1, int(p * len(v)))]
    return "median %6.2f  p90 %6.2f  max %6.2f" % (q(0.5), q(0.9), v[-1])


def main():
    args = sys.argv[1:]
    min_flips = 100
    if "--min-flips" in args:
        k = args.index("--min-flips")
        min_flips = int(args[k + 1])
        del args[k:k + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    ev = read(args[0])
    run = client_run(ev, min_flips)
    if not run:
        print("frame timeline: no run of %d flips with render batches in %s "
              "(was the guest run with -trace hwgpu_event -msg timestamp=on?)"
              % (min_flips, args[0]))
        return
    fr = frames(ev, run)
    period = sorted(f["length"] for f in fr)[len(fr) // 2]
    on_time = [f for f in fr if f["length"] < 1.5 * period]
    late = [f for f in fr if f["length"] >= 1.5 * period]
    print("frame timeline: %d frames, vblank period %.2f ms: %d in one "
          "period, %d later (%.1f fps)" %
          (len(fr), period, len(on_time), len(late),
           1000.0 * len(fr) / sum(f["length"] for f in fr)))
    phases = (
        ("guest submits (flip -> first RCS TAIL)", lambda f: f.get("submit")),
        ("render (first batch start -> last batch end)",
         lambda f: f["end"] - f["start"] if "end" in f and "start" in f else None),
        ("rendered (flip -> last batch end)", lambda f: f.get("end")),
        ("user interrupt raised (after the batch end)",
         lambda f: f["irq"] - f["end"] if "irq" in f else None),
        ("guest acknowledges it (after the batch end)",
         lambda f: f["ack"] - f["end"] if "ack" in f else None),
        ("guest arms the flip, DSPSURF (after the batch end)",
         lambda f: f["armed"] - f["end"] if "armed" in f else None),
    )
    for name, get in phases:
        for label, group in (("one period", on_time), ("later", late)):
            v = [x for x in map(get, group) if x is not None]
            print("  %-52s %-10s %s ms" % (name, label, quantiles(v)))


if __name__ == "__main__":
    main()
