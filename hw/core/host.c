/* hwgpu host interface helpers. */
#include <stdarg.h>
#include <stdio.h>

#include "hwgpu/host.h"

void hwgpu_log(const HwgpuHost *host, HwgpuLogKind kind, const char *fmt, ...)
{
    char buf[256];
    va_list ap;

    if (!host || !host->log) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    host->log(host->opaque, kind, buf);
}
