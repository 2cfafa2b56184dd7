/*
 * QEMU PCI device "intel-g45": Intel G45 integrated graphics (8086:2e22).
 *
 * This file is the thin QEMU glue: PCI identity, BARs, legacy VGA, console
 * and logging.  The register behaviour lives in the QEMU-independent
 * register table (hw/intel/g45-regs.c) behind the HwgpuHost interface.
 *
 * BAR0 GTTMMADR: 4 MiB, 64-bit; MMIO registers at 0, the GTT at +2 MiB.
 * BAR2 GMADR:    graphics aperture, 64-bit prefetchable (256 MiB default).
 * BAR4:          I/O index/data window onto the MMIO registers.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "hw/pci/pci_device.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "ui/console.h"
#include "hw/display/vga_int.h"

#include "hwgpu/host.h"
#include "hwgpu/intel/g45-regs.h"
#include "hwgpu/intel/g45-gtt.h"

#define TYPE_INTEL_G45 "intel-g45"
OBJECT_DECLARE_SIMPLE_TYPE(IntelG45State, INTEL_G45)

struct IntelG45State {
    PCIDevice parent_obj;

    VGACommonState vga;
    MemoryRegion bar0;
    MemoryRegion mmio;
    MemoryRegion gtt;
    MemoryRegion aperture;
    MemoryRegion io;

    HwgpuHost host;
    HwgpuRegFile regs;
    G45Gtt ggtt;
    uint32_t io_index;

    /* properties */
    uint32_t aperture_mb;
};

static void g45_host_log(void *opaque, HwgpuLogKind kind, const char *msg)
{
    qemu_log_mask(kind == HWGPU_LOG_GUEST_ERROR ? LOG_GUEST_ERROR : LOG_UNIMP,
                  "%s\n", msg);
}

static bool g45_dma_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
    IntelG45State *s = opaque;

    return pci_dma_read(PCI_DEVICE(s), addr, buf, len) == MEMTX_OK;
}

static bool g45_dma_write(void *opaque, uint64_t addr, const void *buf,
                          size_t len)
{
    IntelG45State *s = opaque;

    return pci_dma_write(PCI_DEVICE(s), addr, buf, len) == MEMTX_OK;
}

static void g45_set_irq(void *opaque, int level)
{
    pci_set_irq(PCI_DEVICE(opaque), level);
}

static uint64_t g45_clock_ns(void *opaque)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/*
 * Registers are dwords.  A narrower read returns the addressed bytes; a
 * narrower write merges into the register's current value.
 */
static uint32_t g45_reg_read_sized(HwgpuRegFile *rf, hwaddr addr,
                                   unsigned size)
{
    uint32_t v = hwgpu_reg_read(rf, addr & ~3);

    return size == 4 ? v : extract32(v, (addr & 3) * 8, size * 8);
}

static void g45_reg_write_sized(HwgpuRegFile *rf, hwaddr addr, uint32_t val,
                                unsigned size)
{
    if (size != 4) {
        uint32_t cur = hwgpu_reg_get(rf, addr & ~3);
        val = deposit32(cur, (addr & 3) * 8, size * 8, val);
    }
    hwgpu_reg_write(rf, addr & ~3, val);
}

/* MMIO registers (BAR0 low half). */
static uint64_t g45_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelG45State *s = opaque;

    return g45_reg_read_sized(&s->regs, addr, size);
}

static void g45_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                           unsigned size)
{
    IntelG45State *s = opaque;

    g45_reg_write_sized(&s->regs, addr, val, size);
}

static const MemoryRegionOps g45_mmio_ops = {
    .read = g45_mmio_read,
    .write = g45_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

/* BAR4: MMIO_INDEX selects a register, MMIO_DATA accesses it. */
static uint64_t g45_io_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelG45State *s = opaque;

    if (addr < G45_IO_DATA) {
        return extract32(s->io_index, (addr & 3) * 8, size * 8);
    }
    return g45_reg_read_sized(&s->regs, s->io_index + (addr & 3), size);
}

static void g45_io_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    IntelG45State *s = opaque;

    if (addr < G45_IO_DATA) {
        s->io_index = deposit32(s->io_index, (addr & 3) * 8, size * 8, val) &
                      (G45_MMIO_SIZE - 4);
        return;
    }
    g45_reg_write_sized(&s->regs, s->io_index + (addr & 3), val, size);
}

static const MemoryRegionOps g45_io_ops = {
    .read = g45_io_read,
    .write = g45_io_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4 },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

/*
 * The aperture (BAR2): CPU accesses go through the GTT to the guest page the
 * PTE maps; unmapped pages read 0 and drop writes.  Each access traps for
 * now; mapping whole pages is the display-engine work's optimisation.
 */
static uint64_t g45_aperture_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelG45State *s = opaque;
    uint8_t buf[8];

    g45_gtt_read(&s->ggtt, addr, buf, size);
    return ldn_le_p(buf, size);
}

static void g45_aperture_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    IntelG45State *s = opaque;
    uint8_t buf[8];

    stn_le_p(buf, size, val);
    g45_gtt_write(&s->ggtt, addr, buf, size);
}

static const MemoryRegionOps g45_aperture_ops = {
    .read = g45_aperture_read,
    .write = g45_aperture_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

/*
 * The console shows legacy VGA while VGACNTRL leaves it enabled.  The
 * display planes take over in the display-engine work.
 */
static void g45_gfx_update(void *opaque)
{
    IntelG45State *s = opaque;

    s->vga.hw_ops->gfx_update(&s->vga);
}

static void g45_invalidate(void *opaque)
{
    IntelG45State *s = opaque;

    s->vga.hw_ops->invalidate(&s->vga);
}

static void g45_text_update(void *opaque, console_ch_t *chardata)
{
    IntelG45State *s = opaque;

    s->vga.hw_ops->text_update(&s->vga, chardata);
}

static const GraphicHwOps g45_gfx_ops = {
    .invalidate = g45_invalidate,
    .gfx_update = g45_gfx_update,
    .text_update = g45_text_update,
};

static void intel_g45_realize(PCIDevice *pdev, Error **errp)
{
    IntelG45State *s = INTEL_G45(pdev);
    Object *obj = OBJECT(pdev);
    uint64_t ap = (uint64_t)s->aperture_mb * MiB;

    if (PCI_FUNC(pdev->devfn) != 0) {
        error_setg(errp, "intel-g45 must be PCI function 0 (i915 binds only there)");
        return;
    }
    if (s->aperture_mb < 128 || s->aperture_mb > 1024 ||
        (s->aperture_mb & (s->aperture_mb - 1))) {
        error_setg(errp, "aperture-mb must be 128, 256, 512 or 1024");
        return;
    }

    s->host = (HwgpuHost) {
        .opaque = s,
        .dma_read = g45_dma_read,
        .dma_write = g45_dma_write,
        .set_irq = g45_set_irq,
        .clock_ns = g45_clock_ns,
        .log = g45_host_log,
    };
    if (!hwgpu_regfile_init(&s->regs, "intel-g45", g45_reg_table,
                            g45_reg_table_len, G45_MMIO_SIZE, &s->host, s)) {
        error_setg(errp, "intel-g45: malformed register table");
        return;
    }

    /* Legacy VGA: ports, 0xa0000 window and the VGA BIOS, as on hardware. */
    s->vga.vram_size_mb = 16;
    if (!vga_common_init(&s->vga, obj, errp)) {
        return;
    }
    vga_init(&s->vga, obj, pci_address_space(pdev), pci_address_space_io(pdev),
             true);
    s->vga.con = graphic_console_init(DEVICE(pdev), 0, &g45_gfx_ops, s);

    pci_config_set_revision(pdev->config, G45_PCI_REVISION);
    pci_config_set_interrupt_pin(pdev->config, 1);

    memory_region_init(&s->bar0, obj, "intel-g45.gttmmadr", G45_BAR0_SIZE);
    memory_region_init_io(&s->mmio, obj, &g45_mmio_ops, s, "intel-g45.mmio",
                          G45_MMIO_SIZE);
    memory_region_add_subregion(&s->bar0, 0, &s->mmio);
    /* PTE writes land in RAM: no trap per PTE at driver load. */
    if (!memory_region_init_ram(&s->gtt, obj, "intel-g45.gtt", G45_GTT_SIZE,
                                errp)) {
        return;
    }
    memory_region_add_subregion(&s->bar0, G45_GTT_OFFSET, &s->gtt);
    g45_gtt_init(&s->ggtt, memory_region_get_ram_ptr(&s->gtt),
                 G45_GTT_SIZE / 4, &s->host);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->bar0);

    memory_region_init_io(&s->aperture, obj, &g45_aperture_ops, s,
                          "intel-g45.gmadr", ap);
    pci_register_bar(pdev, 2, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64 |
                     PCI_BASE_ADDRESS_MEM_PREFETCH, &s->aperture);

    memory_region_init_io(&s->io, obj, &g45_io_ops, s, "intel-g45.io",
                          G45_IO_SIZE);
    pci_register_bar(pdev, 4, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
}

static void intel_g45_exit(PCIDevice *pdev)
{
    IntelG45State *s = INTEL_G45(pdev);

    graphic_console_close(s->vga.con);
    hwgpu_regfile_destroy(&s->regs);
}

static void intel_g45_reset(DeviceState *dev)
{
    IntelG45State *s = INTEL_G45(dev);

    hwgpu_regfile_reset(&s->regs);
    s->io_index = 0;
    vga_common_reset(&s->vga);
}

static const VMStateDescription vmstate_intel_g45 = {
    .name = TYPE_INTEL_G45,
    .version_id = 1,
    .minimum_version_id = 1,
    .unmigratable = 1, /* the register file is not described yet */
    .fields = (const VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, IntelG45State),
        VMSTATE_STRUCT(vga, IntelG45State, 0, vmstate_vga_common,
                       VGACommonState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property intel_g45_properties[] = {
    DEFINE_PROP_UINT32("aperture-mb", IntelG45State, aperture_mb, 256),
};

static void intel_g45_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = intel_g45_realize;
    k->exit = intel_g45_exit;
    k->vendor_id = G45_PCI_VENDOR_ID;
    k->device_id = G45_PCI_DEVICE_ID;
    k->revision = G45_PCI_REVISION;
    k->class_id = PCI_CLASS_DISPLAY_VGA;
    k->subsystem_vendor_id = G45_PCI_VENDOR_ID;
    k->subsystem_id = G45_PCI_DEVICE_ID;
    /* SeaBIOS's VGA BIOS; QEMU patches the ROM's PCI IDs to ours. */
    k->romfile = "vgabios-stdvga.bin";
    dc->desc = "Intel G45 integrated graphics (hwgpu)";
    dc->vmsd = &vmstate_intel_g45;
    device_class_set_legacy_reset(dc, intel_g45_reset);
    device_class_set_props(dc, intel_g45_properties);
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);
}

static const TypeInfo intel_g45_info = {
    .name = TYPE_INTEL_G45,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(IntelG45State),
    .class_init = intel_g45_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void intel_g45_register_types(void)
{
    type_register_static(&intel_g45_info);
}

type_init(intel_g45_register_types)
