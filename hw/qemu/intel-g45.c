/*
 * QEMU PCI device "intel-g45": Intel G45 integrated graphics (8086:2e22).
 *
 * This file is the thin QEMU glue: PCI identity, BARs, legacy VGA, console
 * and logging.  The register behaviour lives in the QEMU-independent
 * register table (hw/intel/g45/g45-regs.c) behind the HwgpuHost interface.
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
#include "hw/display/edid.h"
#include "hw/nvram/fw_cfg.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "qemu/range.h"
#include "hw/boards.h"
#include "exec/address-spaces.h"
#include "qemu/main-loop.h"
#include "hw/core/cpu.h"
#include "system/tcg.h"

#include "hwgpu/common/host.h"
#include "hwgpu/intel/g45/g45.h"
#include "hwgpu/intel/common/fence.h"

#include "hwgpu-pci.h"
#include "intel-g45.h"
#include "trace.h"

/* Host bridge GMCH_CTRL (0x52) and our BSM (0x5c): intel-i915-probe.md 1.5 */
#define G45_HB_GMCH_CTRL        0x52
#define G45_GMCH_GTT_2M         (0x3 << 8)
#define G45_PCI_BSM             0x5c
#define G45_PCI_GDRST           0xc0
#define G45_GDRST_ENABLE        0x01

/* Stolen sizes the G4x GMS field (GMCH_CTRL 7:4) can encode, by code. */
static const uint16_t g45_gms_mb[] = {
    [1] = 1, [2] = 4, [3] = 8, [4] = 16, [5] = 32, [6] = 48, [7] = 64,
    [8] = 128, [9] = 256, [10] = 96, [11] = 160, [12] = 224, [13] = 352,
};

static void g45_rearm(IntelG45State *s);
static void g45_ap_sync_fences(IntelG45State *s);

static void g45_service_bh(void *opaque)
{
    IntelG45State *s = opaque;

    g45_service(&s->core);
    g45_ap_sync_fences(s);
    g45_rearm(s);
}

/* Wake for the next vblank event the guest asked for. */
static void g45_rearm(IntelG45State *s)
{
    uint64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint64_t next = g45_display_next_event(&s->core.disp, now);

    if (next == UINT64_MAX) {
        timer_del(s->vblank_timer);
    } else {
        timer_mod(s->vblank_timer, next);
    }
}

static void g45_vblank_tick(void *opaque)
{
    IntelG45State *s = opaque;

    g45_display_sync(&s->core.disp, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    g45_rearm(s);
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
        const HwgpuRegDesc *d = hwgpu_reg_desc(rf, addr & ~3);
        uint32_t cur = hwgpu_reg_get(rf, addr & ~3);

        /* The other bytes keep their value: write 0 to their W1C bits. */
        if (d) {
            cur &= ~d->w1c;
        }
        val = deposit32(cur, (addr & 3) * 8, size * 8, val);
    }
    hwgpu_reg_write(rf, addr & ~3, val);
}

static const char *g45_reg_name(IntelG45State *s, hwaddr addr)
{
    const HwgpuRegDesc *d = hwgpu_reg_desc(&s->core.regs, addr & ~3);

    return d && d->name ? d->name : "?";
}

/* MMIO registers (BAR0 low half). */
static uint64_t g45_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelG45State *s = opaque;
    uint32_t v = g45_reg_read_sized(&s->core.regs, addr, size);

    if (trace_event_get_state_backends(TRACE_HWGPU_G45_REG_READ)) {
        trace_hwgpu_g45_reg_read(g45_reg_name(s, addr), addr, v, size);
    }
    return v;
}

static void g45_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                           unsigned size)
{
    IntelG45State *s = opaque;

    if (trace_event_get_state_backends(TRACE_HWGPU_G45_REG_WRITE)) {
        trace_hwgpu_g45_reg_write(g45_reg_name(s, addr), addr, val, size);
    }
    g45_reg_write_sized(&s->core.regs, addr, val, size);
    g45_ap_sync_fences(s);
    g45_rearm(s);
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
    return g45_reg_read_sized(&s->core.regs, s->io_index + (addr & 3), size);
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
    g45_mmio_write(s, s->io_index + (addr & 3), val, size);
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
 * PTE maps; unmapped pages read 0 and drop writes (the scratch page).  Pages
 * in use are mapped directly (see G45_AP_SLOTS).
 *
 * Under TCG new direct mappings are made only where no vCPU is inside
 * guest code (g45_ap_schedule), in one memory transaction per safe point.
 * QEMU 10.0's TLB keeps, for an MMIO page, the index of its section in the
 * memory map of the moment it was filled, and looked that index up in the
 * *current* map (iotlb_to_section): a map changed while another vCPU (or
 * the one whose access changed it, in the rest of its block) still ran on
 * old entries sent those accesses to another section (another device's
 * registers; QEMU's assertion "section_index < d->map.sections_nb").  Our
 * QEMU patch scripts/qemu-patches/physmem-tlb-map.patch has each vCPU look
 * sections up in the map its TLB was filled from until it empties the TLB;
 * this device changes the map far more often than any other, and relies
 * on it.  Unmaps (a PTE or fence change, a reset) cannot wait for a safe
 * point: a deferred one let new accesses reach the old page, and the guest
 * kernel's memory was seen corrupted.  They are immediate.
 */
static void g45_ap_unmap(IntelG45State *s, uint32_t page)
{
    int32_t slot;
    uint32_t first;

    if (page >= s->ap_pages) {
        return;
    }
    s->ap_hits[page] = 0;
    slot = s->ap_page_slot[page];
    if (slot < 0) {
        return;
    }
    memory_region_del_subregion(&s->aperture, &s->ap_alias[slot]);
    first = s->ap_slot_page[slot];
    for (uint32_t p = first; p < first + s->ap_slot_len[slot]; p++) {
        s->ap_page_slot[p] = G45_AP_NONE;
        s->ap_hits[p] = 0;
    }
    s->ap_slot_page[slot] = -1;
    s->ap_unmaps++;
}

/* Aperture page p may be mapped onto guest-physical *phys (plain RAM). */
static bool g45_ap_mappable(IntelG45State *s, uint32_t p, uint64_t *phys)
{
    return p < s->ap_pages && s->ap_page_slot[p] < 0 &&
           !g45_fence_covers(&s->core.regs, (uint64_t)p * 4096, 1) &&
           g45_gtt_translate(&s->core.gtt, (uint64_t)p * 4096, phys);
}

/* Map page (and its run) now: the BQL held, no vCPU in guest code. */
static void g45_ap_map(IntelG45State *s, uint32_t page)
{
    MemoryRegionSection sec;
    uint64_t phys, q;
    uint32_t slot, first = page, last = page, base;

    if (!g45_ap_mappable(s, page, &phys)) {
        return;
    }
    /* the neighbours in its aligned run that continue it in RAM */
    base = page - page % G45_AP_RUN;
    while (first > base && g45_ap_mappable(s, first - 1, &q) &&
           q == phys - (uint64_t)(page - first + 1) * 4096) {
        first--;
    }
    while (last + 1 < base + G45_AP_RUN &&
           g45_ap_mappable(s, last + 1, &q) &&
           q == phys + (uint64_t)(last + 1 - page) * 4096) {
        last++;
    }
    for (;;) {
        sec = memory_region_find(get_system_memory(),
                                 phys - (uint64_t)(page - first) * 4096,
                                 (uint64_t)(last - first + 1) * 4096);
        if (sec.mr == s->ram &&
            int128_get64(sec.size) >= (uint64_t)(last - first + 1) * 4096) {
            break;
        }
        if (sec.mr) {
            memory_region_unref(sec.mr);
        }
        if (first == last) {
            return;     /* not plain machine RAM: keep trapping the page */
        }
        first = last = page;    /* (a run across a hole: the page alone) */
    }
    memory_region_transaction_begin();
    slot = s->ap_clock++ % G45_AP_SLOTS;
    if (s->ap_slot_page[slot] >= 0) {
        g45_ap_unmap(s, s->ap_slot_page[slot]);
    }
    memory_region_set_size(&s->ap_alias[slot],
                           (uint64_t)(last - first + 1) * 4096);
    memory_region_set_alias_offset(&s->ap_alias[slot],
                                   sec.offset_within_region);
    memory_region_unref(sec.mr);
    memory_region_add_subregion_overlap(&s->aperture, (hwaddr)first * 4096,
                                        &s->ap_alias[slot], 1);
    memory_region_transaction_commit();
    s->ap_slot_page[slot] = first;
    s->ap_slot_len[slot] = last - first + 1;
    for (uint32_t p = first; p <= last; p++) {
        s->ap_page_slot[p] = slot;
    }
    s->ap_maps++;
    trace_hwgpu_g45_ap_map(first, last - first + 1, sec.offset_within_region);
}

/*
 * Map the pages that asked to be mapped since the last safe point, in one
 * memory transaction (each checked again against the PTEs and fences of
 * now).
 */
static void g45_ap_apply(IntelG45State *s)
{
    uint32_t nwant = s->ap_nwant;

    s->ap_nwant = 0;
    memory_region_transaction_begin();
    for (uint32_t i = 0; i < nwant; i++) {
        uint32_t page = s->ap_want[i];

        if (page < s->ap_pages && s->ap_page_slot[page] == G45_AP_WANTED) {
            s->ap_page_slot[page] = G45_AP_NONE;
            g45_ap_map(s, page);
        }
    }
    memory_region_transaction_commit();
}

static void g45_ap_safe_work(CPUState *cpu, run_on_cpu_data data)
{
    IntelG45State *s = data.host_ptr;

    bql_lock();
    s->ap_queued = false;
    if (DEVICE(s)->realized) {
        g45_ap_apply(s);
    }
    object_unref(OBJECT(s));
    bql_unlock();
}

/* Have g45_ap_apply run where the memory map may change (see above). */
static void g45_ap_schedule(IntelG45State *s)
{
    if (!tcg_enabled()) {
        g45_ap_apply(s);        /* no TCG TLB to go stale */
        return;
    }
    if (!s->ap_queued) {
        s->ap_queued = true;
        object_ref(OBJECT(s));
        async_safe_run_on_cpu(current_cpu ? current_cpu : first_cpu,
                              g45_ap_safe_work, RUN_ON_CPU_HOST_PTR(s));
    }
}

/* A trapped access to page: after a few, ask for a direct mapping. */
static void g45_ap_hit(IntelG45State *s, uint32_t page)
{
    if (!s->ram || page >= s->ap_pages ||
        s->ap_page_slot[page] != G45_AP_NONE ||
        ++s->ap_hits[page] < G45_AP_MAP_AFTER ||
        s->ap_nwant >= G45_AP_WANT) {
        return;
    }
    s->ap_page_slot[page] = G45_AP_WANTED;
    s->ap_want[s->ap_nwant++] = page;
    g45_ap_schedule(s);
}

/*
 * Page's PTE changed: its alias goes now.  (Deferred, a new TLB fill on
 * either vCPU would still reach the old page until the safe point: i915
 * writes through the aperture right after binding, and the guest kernel's
 * memory was seen corrupted that way.)
 */
static void g45_ap_pte_changed(IntelG45State *s, uint32_t page)
{
    g45_ap_unmap(s, page);
}

/* Every direct mapping goes now, and every request. */
static void g45_ap_drop_all(IntelG45State *s)
{
    for (uint32_t i = 0; i < s->ap_nwant; i++) {
        if (s->ap_page_slot[s->ap_want[i]] == G45_AP_WANTED) {
            s->ap_page_slot[s->ap_want[i]] = G45_AP_NONE;
        }
    }
    s->ap_nwant = 0;
    memory_region_transaction_begin();
    for (int i = 0; i < G45_AP_SLOTS; i++) {
        if (s->ap_slot_page[i] >= 0) {
            g45_ap_unmap(s, s->ap_slot_page[i]);
        }
    }
    memory_region_transaction_commit();
    memset(s->ap_hits, 0, s->ap_pages);
}

/* Fenced ranges are detiled per access and never mapped. */
static void g45_ap_access(IntelG45State *s, hwaddr addr, uint8_t *buf,
                          unsigned size, bool write)
{
    uint64_t gfx;

    if (!g45_fence_translate(&s->core.regs, addr, &gfx)) {
        if (write) {
            g45_gtt_write(&s->core.gtt, addr, buf, size);
        } else {
            g45_gtt_read(&s->core.gtt, addr, buf, size);
        }
        g45_ap_hit(s, addr >> 12);
        return;
    }
    /* Tiles keep 16-byte runs together; split accesses crossing one. */
    for (unsigned i = 0; i < size;) {
        unsigned n = MIN(size - i, 16 - ((addr + i) & 15));

        g45_fence_translate(&s->core.regs, addr + i, &gfx);
        if (write) {
            g45_gtt_write(&s->core.gtt, gfx, buf + i, n);
        } else {
            g45_gtt_read(&s->core.gtt, gfx, buf + i, n);
        }
        i += n;
    }
}

static uint64_t g45_aperture_read(void *opaque, hwaddr addr, unsigned size)
{
    uint8_t buf[8];

    g45_ap_access(opaque, addr, buf, size, false);
    return ldn_le_p(buf, size);
}

static void g45_aperture_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    uint8_t buf[8];

    stn_le_p(buf, size, val);
    g45_ap_access(opaque, addr, buf, size, true);
}

/*
 * After a fence change, drop direct mappings the fences now cover, at
 * once.  Fences change through MMIO or from a ring (MI_LOAD_REGISTER_IMM,
 * applied by the core's service routine): one check after either.
 */
static void g45_ap_sync_fences(IntelG45State *s)
{
    const uint32_t *f = &s->core.regs.values[G45_FENCE0 / 4];

    if (!memcmp(f, s->fence_shadow, sizeof(s->fence_shadow))) {
        return;
    }
    memcpy(s->fence_shadow, f, sizeof(s->fence_shadow));
    memory_region_transaction_begin();
    for (int i = 0; i < G45_AP_SLOTS; i++) {
        int32_t page = s->ap_slot_page[i];

        if (page >= 0 && g45_fence_covers(&s->core.regs,
                                          (uint64_t)page * 4096,
                                          s->ap_slot_len[i])) {
            g45_ap_unmap(s, page);
        }
    }
    memory_region_transaction_commit();
}

/*
 * The GTT range of BAR0: reads come straight from RAM (ROM-device mode);
 * writes trap so that a changed PTE unmaps its aperture page.
 */
static void g45_gtt_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    IntelG45State *s = opaque;
    uint8_t *ptes = memory_region_get_ram_ptr(&s->gtt);

    stn_le_p(ptes + addr, size, val);
    /* a draw in progress maps the page again through the new PTE */
    qatomic_inc(&s->core.pte_epoch);
    /* Written behind the memory API's back: tell migration. */
    memory_region_set_dirty(&s->gtt, addr, size);
    trace_hwgpu_g45_gtt_write(addr / 4, ldl_le_p(ptes + (addr & ~3)));
    hwgpu_scanout_pages_changed(&s->scanout);
    g45_ap_pte_changed(s, addr / 4);
    if ((addr & 3) + size > 4) {
        g45_ap_pte_changed(s, addr / 4 + 1);
    }
}

/*
 * Reads that do not take the ROM-device path (an atomic operation from
 * TCG, say) come here: the same bytes, never a call through a NULL
 * handler.
 */
static uint64_t g45_gtt_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelG45State *s = opaque;

    return ldn_le_p((uint8_t *)memory_region_get_ram_ptr(&s->gtt) + addr,
                    size);
}

static const MemoryRegionOps g45_gtt_ops = {
    .read = g45_gtt_mmio_read,
    .write = g45_gtt_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

static const MemoryRegionOps g45_aperture_ops = {
    .read = g45_aperture_read,
    .write = g45_aperture_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

static void g45_invalidate(void *opaque)
{
    IntelG45State *s = opaque;

    hwgpu_scanout_invalidate(&s->scanout);
    s->vga.hw_ops->invalidate(&s->vga);
}

static void g45_text_update(void *opaque, console_ch_t *chardata)
{
    IntelG45State *s = opaque;

    s->vga.hw_ops->text_update(&s->vga, chardata);
}

static void g45_gfx_update(void *opaque)
{
    g45_scanout_update(opaque);
}

static const GraphicHwOps g45_gfx_ops = {
    .invalidate = g45_invalidate,
    .gfx_update = g45_gfx_update,
    .gfx_update_async = true,       /* large frames take several turns */
    .text_update = g45_text_update,
};

/*
 * Stolen memory (intel-i915-probe.md 1.5): the early quirk and intel-gtt
 * read the stolen size from the host bridge's GMCH_CTRL (0x52, GMS in bits
 * 7:4; zero would WARN) and the base from our BSM (0x5c).  Firmware
 * reserves the memory and writes BSM when QEMU offers etc/igd-bdsm-size,
 * which SeaBIOS and OVMF honour for an Intel VGA function at 00:02.0.
 * GMCH_CTRL also selects the 2 MiB GTT (bits 11:8).
 */
static void g45_stolen_setup(IntelG45State *s, unsigned gms)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    PCIDevice *hb = pci_find_device(pci_get_bus(pdev), 0, PCI_DEVFN(0, 0));
    FWCfgState *fw_cfg = fw_cfg_find();
    uint16_t gmch = G45_GMCH_GTT_2M | (gms << 4);

    if (hb) {
        pci_set_word(hb->config + G45_HB_GMCH_CTRL, gmch);
        pci_set_word(hb->wmask + G45_HB_GMCH_CTRL, 0);
    } else {
        warn_report("intel-g45: no host bridge at 00:00.0; i915 will not "
                    "find stolen memory");
    }
    /* BSM: firmware writes the base once it has reserved the memory. */
    pci_set_long(pdev->wmask + G45_PCI_BSM, 0xfff00000);
    pci_set_long(pdev->config + G45_PCI_BSM, 0);
    /* GDRST: the guest sets a domain and the enable bit, which clears. */
    pci_set_byte(pdev->wmask + G45_PCI_GDRST, 0x0f);

    if (fw_cfg && pdev->devfn == PCI_DEVFN(2, 0)) {
        uint64_t *size = g_new(uint64_t, 1);

        *size = cpu_to_le64((uint64_t)s->stolen_mb * MiB);
        g_free(fw_cfg_modify_file(fw_cfg, "etc/igd-bdsm-size", size,
                                  sizeof(*size)));
    }
}

static void intel_g45_config_write(PCIDevice *pdev, uint32_t addr,
                                   uint32_t val, int len)
{
    pci_default_write_config(pdev, addr, val, len);
    if (ranges_overlap(addr, len, G45_PCI_GDRST, 1)) {
        IntelG45State *s = INTEL_G45(pdev);
        uint8_t v = pdev->config[G45_PCI_GDRST];

        /* The selected domains reset at once; the enable bit reads 0. */
        if (v & G45_GDRST_ENABLE) {
            trace_hwgpu_g45_reset("GDRST");
        }
        g45_gdrst(&s->core, v);
        pdev->config[G45_PCI_GDRST] = v & ~G45_GDRST_ENABLE;
    }
}

/*
 * The engines run only while the VM runs: a stopped VM (the monitor's
 * stop, savevm, the last phase of a migration) has a still GPU, each
 * engine having finished the command it was in.
 */
static void intel_g45_vm_state_change(void *opaque, bool running,
                                      RunState state)
{
    IntelG45State *s = opaque;

    if (running) {
        g45_resume_engines(&s->core);
    } else {
        g45_pause_engines(&s->core);
    }
}

static void intel_g45_realize(PCIDevice *pdev, Error **errp)
{
    IntelG45State *s = INTEL_G45(pdev);
    Object *obj = OBJECT(pdev);
    uint64_t ap = (uint64_t)s->aperture_mb * MiB;
    unsigned gms;

    if (PCI_FUNC(pdev->devfn) != 0) {
        error_setg(errp, "intel-g45 must be PCI function 0 (i915 binds only there)");
        return;
    }
    if (s->aperture_mb < 128 || s->aperture_mb > 1024 ||
        (s->aperture_mb & (s->aperture_mb - 1))) {
        error_setg(errp, "aperture-mb must be 128, 256, 512 or 1024");
        return;
    }
    for (gms = 1; gms < ARRAY_SIZE(g45_gms_mb); gms++) {
        if (g45_gms_mb[gms] == s->stolen_mb) {
            break;
        }
    }
    if (gms == ARRAY_SIZE(g45_gms_mb)) {
        error_setg(errp, "stolen-mb must be one of 1, 4, 8, 16, 32, 48, 64, "
                   "96, 128, 160, 224, 256, 352 (the G4x GMS encodings)");
        return;
    }
    /* The monitor on the CRT's DDC pins. */
    if (!hwgpu_edid_setup(&s->edid_info, 2048, 2048, "the G45 pipe limits",
                          s->edid, sizeof(s->edid), errp)) {
        return;
    }

    hwgpu_pci_init(&s->pci, pdev, g45_service_bh, s);
    /* PTEs: RAM-backed reads, trapped writes (aperture mappings follow). */
    if (!memory_region_init_rom_device(&s->gtt, obj, &g45_gtt_ops, s,
                                       "intel-g45.gtt", G45_GTT_SIZE, errp)) {
        return;
    }
    if (!g45_init(&s->core, hwgpu_pci_host(&s->pci), memory_region_get_ram_ptr(&s->gtt),
                  G45_GTT_SIZE / 4)) {
        error_setg(errp, "intel-g45: malformed register table");
        return;
    }
    if (s->render_threads > HWGPU_POOL_MAX) {
        error_setg(errp, "intel-g45: render-threads must be at most %d",
                   HWGPU_POOL_MAX);
        return;
    }
    g45_set_render_threads(&s->core, s->render_threads);
    if (s->capture && !g45_capture_start(&s->core, s->capture,
                                         s->capture_draws)) {
        error_setg_errno(errp, errno, "intel-g45: cannot create %s",
                         s->capture);
        return;
    }
    s->vblank_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, g45_vblank_tick, s);

    g45_display_set_edid(&s->core.disp, s->edid, qemu_edid_size(s->edid));

    g45_stolen_setup(s, gms);

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
    memory_region_add_subregion(&s->bar0, G45_GTT_OFFSET, &s->gtt);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->bar0);

    memory_region_init(&s->aperture, obj, "intel-g45.gmadr", ap);
    memory_region_init_io(&s->aperture_io, obj, &g45_aperture_ops, s,
                          "intel-g45.gmadr-trap", ap);
    memory_region_add_subregion(&s->aperture, 0, &s->aperture_io);
    s->ap_pages = ap / 4096;
    s->ap_page_slot = g_new(int32_t, s->ap_pages);
    s->ap_hits = g_new0(uint8_t, s->ap_pages);
    memset(s->ap_page_slot, 0xff, s->ap_pages * sizeof(int32_t));
    s->ram = MACHINE(qdev_get_machine())->ram;
    hwgpu_scanout_init(&s->scanout, DEVICE(pdev), s->vga.con,
                       &g45_scanout_ops, s, hwgpu_pci_host(&s->pci));
    hwgpu_scanout_add_properties(&s->scanout, obj);
    object_property_add_uint64_ptr(obj, "x-aperture-maps", &s->ap_maps,
                                   OBJ_PROP_FLAG_READ);
    for (int i = 0; i < G45_AP_SLOTS; i++) {
        s->ap_slot_page[i] = -1;
        if (s->ram) {
            /*
             * Each its own name: QOM numbers children of one name by
             * searching from [0], which for 4096 aliases of one name
             * took 4.6 s of QEMU's start.
             */
            g_autofree char *name = g_strdup_printf("intel-g45.gmadr-alias%d",
                                                    i);

            memory_region_init_alias(&s->ap_alias[i], obj, name, s->ram, 0,
                                     4096);
        }
    }
    pci_register_bar(pdev, 2, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64 |
                     PCI_BASE_ADDRESS_MEM_PREFETCH, &s->aperture);

    memory_region_init_io(&s->io, obj, &g45_io_ops, s, "intel-g45.io",
                          G45_IO_SIZE);
    pci_register_bar(pdev, 4, PCI_BASE_ADDRESS_SPACE_IO, &s->io);

    /* The render and video command streamers run on their own threads,
     * from when the VM runs. */
    if (!runstate_is_running()) {
        g45_pause_engines(&s->core);
    }
    s->vm_state = qemu_add_vm_change_state_handler(intel_g45_vm_state_change,
                                                   s);
    g45_start_engines(&s->core);
}

static void intel_g45_exit(PCIDevice *pdev)
{
    IntelG45State *s = INTEL_G45(pdev);

    graphic_console_close(s->vga.con);
    qemu_del_vm_change_state_handler(s->vm_state);
    g45_stop_engines(&s->core);
    hwgpu_pci_cleanup(&s->pci);
    timer_free(s->vblank_timer);
    g45_destroy(&s->core);
    hwgpu_scanout_cleanup(&s->scanout);
    g_free(s->ap_page_slot);
    g_free(s->ap_hits);
}

static void intel_g45_reset(DeviceState *dev)
{
    IntelG45State *s = INTEL_G45(dev);

    trace_hwgpu_g45_reset("device");
    g45_reset(&s->core);
    timer_del(s->vblank_timer);
    g45_ap_drop_all(s);
    s->io_index = 0;
    hwgpu_scanout_invalidate(&s->scanout);
    vga_common_reset(&s->vga);
}

/*
 * Migration (docs/migration.md).  Saved with the engines paused (the VM is
 * stopped; a save from a running VM pauses them for the while): what they
 * reported is applied to the registers first.
 */
static int intel_g45_pre_save(void *opaque)
{
    IntelG45State *s = opaque;

    g45_pause_engines(&s->core);
    g45_service(&s->core);
    return 0;
}

static int intel_g45_post_save(void *opaque)
{
    IntelG45State *s = opaque;

    if (runstate_is_running()) {
        g45_resume_engines(&s->core);
    }
    return 0;
}

/* Derived state: the aperture's direct mappings are made again on use,
 * the vblank timer and the interrupt line follow the loaded registers. */
static int intel_g45_post_load(void *opaque, int version_id)
{
    IntelG45State *s = opaque;

    if (s->io_index & ~(G45_MMIO_SIZE - 4)) {
        error_report("intel-g45: migration stream refused: the I/O index "
                     "0x%x is outside the registers", s->io_index);
        s->io_index = 0;
        return -EINVAL;
    }
    g45_ap_drop_all(s);
    memcpy(s->fence_shadow, &s->core.regs.values[G45_FENCE0 / 4],
           sizeof(s->fence_shadow));
    g45_loaded(&s->core);
    g45_rearm(s);
    hwgpu_scanout_pages_changed(&s->scanout);
    hwgpu_scanout_invalidate(&s->scanout);
    return 0;
}

static const VMStateDescription vmstate_intel_g45 = {
    .name = TYPE_INTEL_G45,
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = intel_g45_pre_save,
    .post_save = intel_g45_post_save,
    .post_load = intel_g45_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, IntelG45State),
        VMSTATE_STRUCT(vga, IntelG45State, 0, vmstate_vga_common,
                       VGACommonState),
        VMSTATE_UINT32(io_index, IntelG45State),
        VMSTATE_STRUCT(core, IntelG45State, 1, vmstate_g45_core, G45),
        VMSTATE_END_OF_LIST()
    },
};

static const Property intel_g45_properties[] = {
    DEFINE_PROP_UINT32("aperture-mb", IntelG45State, aperture_mb, 256),
    DEFINE_PROP_UINT32("stolen-mb", IntelG45State, stolen_mb, 32),
    /* Threads drawing each draw's screen bands; 0: one per host core. */
    DEFINE_PROP_UINT32("render-threads", IntelG45State, render_threads, 0),
    /* Debugging: record the 3D work for tools/gen4-replay (docs/gen4-capture.md). */
    DEFINE_PROP_STRING("x-capture", IntelG45State, capture),
    DEFINE_PROP_UINT64("x-capture-draws", IntelG45State, capture_draws, 0),
    DEFINE_EDID_PROPERTIES(IntelG45State, edid_info),
};

static void intel_g45_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = intel_g45_realize;
    k->config_write = intel_g45_config_write;
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
