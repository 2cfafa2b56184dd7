#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A minimal QMP client for the project's scripts.

    qmp.py SOCKET screendump FILE.png     save a PNG screendump
    qmp.py SOCKET hmp 'COMMAND'           a monitor command (savevm NAME,
                                          loadvm NAME); fails on an error
    qmp.py SOCKET migrate URI             migrate and wait; prints the
                                          stream's size and the downtime
    qmp.py SOCKET wait-running [SECONDS]  until the VM runs (a migration
                                          destination after its load)
As a module: Qmp(socket_path).cmd('execute-name', **arguments).
"""
import json
import socket
import sys
import time


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


def hmp(q, line):
    r = q.cmd('human-monitor-command', **{'command-line': line})
    out = r.get('return', r.get('error', {}).get('desc', '?'))
    sys.stdout.write(out)
    return 'return' in r and 'Error' not in out


def migrate(q, uri):
    """Migrate to uri; one line of figures; True when it completed."""
    r = q.cmd('migrate', uri=uri)
    if 'return' not in r:
        print('migrate:', r['error']['desc'])
        return False
    while True:
        m = q.cmd('query-migrate')['return']
        if m.get('status') in ('completed', 'failed', 'cancelled'):
            break
        time.sleep(0.1)
    ram = m.get('ram', {})
    print('status=%s stream=%.1fMiB downtime=%dms total=%dms '
          'ram-dirty-passes=%d%s' % (
              m['status'], ram.get('transferred', 0) / 1048576.0,
              m.get('downtime', -1), m.get('total-time', -1),
              ram.get('dirty-sync-count', 0),
              ' error=' + m['error-desc'] if 'error-desc' in m else ''))
    return m['status'] == 'completed'


def wait_running(q, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if q.cmd('query-status')['return'].get('running'):
            return True
        time.sleep(0.2)
    return False


def main():
    a = sys.argv
    if len(a) == 4 and a[2] == 'screendump':
        r = Qmp(a[1]).cmd('screendump', filename=a[3], format='png')
        sys.exit(0 if 'return' in r else 1)
    if len(a) == 4 and a[2] == 'hmp':
        sys.exit(0 if hmp(Qmp(a[1]), a[3]) else 1)
    if len(a) == 4 and a[2] == 'migrate':
        sys.exit(0 if migrate(Qmp(a[1]), a[3]) else 1)
    if len(a) in (3, 4) and a[2] == 'wait-running':
        secs = float(a[3]) if len(a) == 4 else 60
        sys.exit(0 if wait_running(Qmp(a[1]), secs) else 1)
    sys.exit(__doc__)


if __name__ == '__main__':
    main()
