#include "trace/trace-hw_hwgpu_display.h"
