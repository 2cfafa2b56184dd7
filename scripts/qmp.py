#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A minimal QMP client for the project's scripts.

    qmp.py SOCKET screendump FILE.png     save a PNG screendump
As a module: Qmp(socket_path).cmd('execute-name', **arguments).
"""
import json
import socket
import sys


class Qmp:
    def __init__(self, path):
        s = socket.socket(socket.AF_UNIX)
        s.connect(path)
        self.f = s.makefile('rw')
        self.f.readline()                       # the greeting
        self.cmd('qmp_capabilities')

    def cmd(self, name, **args):
        """Run a command; its reply ({'return': ...} or {'error': ...})."""
        msg = {'execute': name}
        if args:
            msg['arguments'] = args
        self.f.write(json.dumps(msg) + '\n')
        self.f.flush()
        while True:                             # skip asynchronous events
            r = json.loads(self.f.readline())
            if 'return' in r or 'error' in r:
                return r


def main():
    if len(sys.argv) == 4 and sys.argv[2] == 'screendump':
        r = Qmp(sys.argv[1]).cmd('screendump', filename=sys.argv[3],
                                 format='png')
        sys.exit(0 if 'return' in r else 1)
    sys.exit(__doc__)


if __name__ == '__main__':
    main()
