/*
 * QEMU glue of the AMD RV770 (Radeon HD 4870) device: PCI identity, BAR 0
 * VRAM, BAR 2 MMIO, BAR 4 I/O, the expansion ROM with the generated
 * AtomBIOS image and a VGA BIOS, MSI and INTx, the engines' thread, the
 * display clock's timer, the monitor's EDID (the xres/yres properties),
 * legacy VGA and the console (radeon-rv770-scanout.c).  The core is plain
 * C in hw/amd/rv770/; this
 * file only binds it to QEMU.  Issue #15 in progress: what radeon still
 * misses is in docs/radeon-rv770.md.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/datadir.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "qemu/units.h"
#include "hw/pci/msi.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "hwgpu/common/optionrom.h"
#include "radeon-rv770.h"
#include "rv770-atombios.h"

static uint64_t rv770_mmio_rd(void *opaque, hwaddr addr, unsigned size)
{
    RadeonRv770State *s = opaque;

    return rv770_mmio_read(&s->core, addr);
}

/* The interrupt line, on the main loop or a vCPU (the BQL held). */
static void radeon_rv770_update_irq(RadeonRv770State *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    Rv770Irq irq;

    rv770_service(&s->core, &irq);
    if (msi_enabled(pdev)) {
        if (irq.msi) {
            msi_notify(pdev, 0);
        }
    } else if (irq.changed) {
        pci_set_irq(pdev, irq.level);
    }
}

/* The display clock's next event (a vblank interrupt, a flip to latch). */
static void radeon_rv770_display_rearm(RadeonRv770State *s)
{
    uint64_t next = rv770_display_tick(&s->core);

    radeon_rv770_update_irq(s);
    if (next == UINT64_MAX) {
        timer_del(s->display_timer);
    } else {
        timer_mod(s->display_timer, next);
    }
}

static void radeon_rv770_display_timer(void *opaque)
{
    radeon_rv770_display_rearm(opaque);
}

static void rv770_mmio_wr(void *opaque, hwaddr addr, uint64_t val,
                          unsigned size)
{
    RadeonRv770State *s = opaque;

    rv770_mmio_write(&s->core, addr, val);
    radeon_rv770_display_rearm(s);
}

/* BAR 2 and BAR 4 alike: the registers from offset 0 (on BAR 4 the
 * first 256 bytes, MM_INDEX and MM_DATA among them). */
static const MemoryRegionOps rv770_mmio_ops = {
    .read = rv770_mmio_rd,
    .write = rv770_mmio_wr,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* The engines' thread asks for this (HwgpuHost.kick) after an interrupt. */
static void radeon_rv770_service(void *opaque)
{
    radeon_rv770_update_irq(opaque);
}

static void radeon_rv770_invalidate(void *opaque)
{
    RadeonRv770State *s = opaque;

    hwgpu_scanout_invalidate(&s->scanout);
    s->vga.hw_ops->invalidate(&s->vga);
}

static void radeon_rv770_gfx_update(void *opaque)
{
    radeon_rv770_scanout_update(opaque);
}

static const GraphicHwOps radeon_rv770_gfx_ops = {
    .invalidate = radeon_rv770_invalidate,
    .gfx_update = radeon_rv770_gfx_update,
    .gfx_update_async = true,       /* large frames take several turns */
};

/*
 * The expansion ROM: the AtomBIOS where radeon_read_bios() looks, with a
 * VGA BIOS chained behind it (hw/common/optionrom.c) that the PC BIOS runs
 * at boot, as the x86 part of the card's real ROM would: the BIOS's and
 * the early kernel's text console on the legacy VGA until radeon loads.
 * QEMU's SeaVGABIOS for the standard VGA drives the VGA core below.
 */
static bool radeon_rv770_rom(RadeonRv770State *s, Error **errp)
{
    const char *name = s->vgabios ? s->vgabios : "vgabios-stdvga.bin";
    const uint8_t *img = hwgpu_rv770_atombios;
    size_t len = sizeof(hwgpu_rv770_atombios), clen;
    g_autofree uint8_t *chained = NULL;
    g_autofree char *path = NULL;
    g_autofree gchar *vga = NULL;
    gsize vga_len;
    const char *why;

    if (*name) {
        path = qemu_find_file(QEMU_FILE_TYPE_BIOS, name);
        if (!path || !g_file_get_contents(path, &vga, &vga_len, NULL)) {
            warn_report("radeon-rv770: VGA BIOS %s not found: the screen "
                        "stays blank until radeon loads", name);
        } else {
            chained = hwgpu_optionrom_chain_vga(img, len, (uint8_t *)vga,
                                                vga_len, RV770_PCI_VENDOR_ID,
                                                RV770_PCI_DEVICE_ID, &clen,
                                                &why);
            if (!chained) {
                error_setg(errp, "radeon-rv770: cannot chain the VGA BIOS "
                           "%s: %s", path, why);
                return false;
            }
            img = chained;
            len = clen;
        }
    }
    if (!memory_region_init_rom(&s->rom, OBJECT(s), "radeon-rv770.rom", len,
                                errp)) {
        return false;
    }
    memcpy(memory_region_get_ram_ptr(&s->rom), img, len);
    pci_register_bar(PCI_DEVICE(s), PCI_ROM_SLOT, 0, &s->rom);
    return true;
}

static void radeon_rv770_realize(PCIDevice *pdev, Error **errp)
{
    ERRP_GUARD();
    RadeonRv770State *s = RADEON_RV770(pdev);
    Object *obj = OBJECT(s);
    uint64_t vram = (uint64_t)s->vram_mb * MiB;

    if (s->vram_mb < 64 || s->vram_mb > 512 || !is_power_of_2(s->vram_mb)) {
        error_setg(errp, "radeon-rv770: vram-mb must be a power of two "
                   "from 64 to 512");
        return;
    }
    hwgpu_pci_init(&s->pci, pdev, radeon_rv770_service, s);
    if (!rv770_init(&s->core, hwgpu_pci_host(&s->pci), vram)) {
        error_setg(errp, "radeon-rv770: malformed register table");
        return;
    }
    pci_config_set_interrupt_pin(pdev->config, 1);
    /* one vector, 64-bit, no per-vector mask, as on the board */
    if (msi_init(pdev, 0, 1, true, false, errp) < 0) {
        return;
    }

    /*
     * VRAM, which the legacy VGA (ports, the 0xa0000 window, the VBE
     * registers) uses from its start, as on the board: its text and planar
     * memory there, its VBE framebuffer where BAR 0 shows VRAM.
     */
    s->vga.vram_size_mb = s->vram_mb;
    if (!vga_common_init(&s->vga, obj, errp)) {
        return;
    }
    vga_init(&s->vga, obj, pci_address_space(pdev), pci_address_space_io(pdev),
             true);
    /* the memory controller's view of it (rv770-mc.c), whose writes are
     * logged as the CPU's through the BAR are */
    s->core.vram = s->vga.vram_ptr;
    hwgpu_pci_set_local(&s->pci, &s->vga.vram);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64 |
                     PCI_BASE_ADDRESS_MEM_PREFETCH, &s->vga.vram);
    memory_region_init_io(&s->mmio, obj, &rv770_mmio_ops, s,
                          "radeon-rv770.mmio", RV770_MMIO_SIZE);
    pci_register_bar(pdev, 2, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->mmio);
    memory_region_init_io(&s->io, obj, &rv770_mmio_ops, s, "radeon-rv770.io",
                          RV770_IO_SIZE);
    pci_register_bar(pdev, 4, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
    if (!radeon_rv770_rom(s, errp)) {
        return;
    }
    /* The display: its clock's timer, the monitor on DDC1, the console. */
    if (!hwgpu_edid_setup(&s->edid_info, 2560, 1600, "the RV770 DAC's modes",
                          s->edid, sizeof(s->edid), errp)) {
        return;
    }
    s->display_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                    radeon_rv770_display_timer, s);
    rv770_display_set_edid(&s->core, s->edid, qemu_edid_size(s->edid));
    s->con = graphic_console_init(DEVICE(pdev), 0, &radeon_rv770_gfx_ops, s);
    s->vga.con = s->con;
    hwgpu_scanout_init(&s->scanout, DEVICE(pdev), s->con,
                       &radeon_rv770_scanout_ops, s, hwgpu_pci_host(&s->pci));
    hwgpu_scanout_track_local(&s->scanout, &s->vga.vram);
    hwgpu_scanout_add_properties(&s->scanout, obj);
    if (!rv770_start(&s->core)) {
        error_setg(errp, "radeon-rv770: cannot start the engines' thread");
        return;
    }
}

static void radeon_rv770_exit(PCIDevice *pdev)
{
    RadeonRv770State *s = RADEON_RV770(pdev);

    if (s->con) {
        graphic_console_close(s->con);
    }
    timer_free(s->display_timer);
    rv770_destroy(&s->core);
    hwgpu_scanout_cleanup(&s->scanout);
    hwgpu_pci_cleanup(&s->pci);
    msi_uninit(pdev);
}

static void radeon_rv770_reset(DeviceState *dev)
{
    RadeonRv770State *s = RADEON_RV770(dev);

    rv770_reset(&s->core);
    vga_common_reset(&s->vga);
    timer_del(s->display_timer);
    hwgpu_scanout_invalidate(&s->scanout);
    radeon_rv770_update_irq(s);
}

/* Not migratable until the engines and display are (their state is not
 * described yet). */
static const VMStateDescription vmstate_radeon_rv770 = {
    .name = TYPE_RADEON_RV770,
    .unmigratable = 1,
};

static const Property radeon_rv770_properties[] = {
    DEFINE_PROP_UINT32("vram-mb", RadeonRv770State, vram_mb, 256),
    /* the VGA BIOS chained into the ROM ("": none); default SeaVGABIOS */
    DEFINE_PROP_STRING("vgabios", RadeonRv770State, vgabios),
    DEFINE_EDID_PROPERTIES(RadeonRv770State, edid_info),
};

static void radeon_rv770_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = radeon_rv770_realize;
    k->exit = radeon_rv770_exit;
    k->vendor_id = RV770_PCI_VENDOR_ID;
    k->device_id = RV770_PCI_DEVICE_ID;
    k->revision = RV770_PCI_REVISION;
    k->class_id = PCI_CLASS_DISPLAY_VGA;
    k->subsystem_vendor_id = RV770_PCI_VENDOR_ID;
    k->subsystem_id = RV770_PCI_DEVICE_ID;
    device_class_set_legacy_reset(dc, radeon_rv770_reset);
    dc->vmsd = &vmstate_radeon_rv770;
    dc->desc = "AMD Radeon HD 4870 (RV770), in progress: MC, CP, IH, DMA, "
               "display and legacy VGA; no 3D yet";
    device_class_set_props(dc, radeon_rv770_properties);
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);
}

static const TypeInfo radeon_rv770_info = {
    .name = TYPE_RADEON_RV770,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(RadeonRv770State),
    .class_init = radeon_rv770_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void radeon_rv770_register_types(void)
{
    type_register_static(&radeon_rv770_info);
}

type_init(radeon_rv770_register_types)
