#!/bin/sh
# Boot a kernel in QEMU with the guest initramfs and log the serial console.
# Usage: scripts/boot-guest.sh BZIMAGE LOG TESTS [DISK [DISK2]]
# TESTS is a comma-separated list of /tests/ names ("" for none).  The
# guest ends with reboot -f, which -no-reboot turns into a QEMU exit; a
# guest that hangs is killed after XARRAY_BOOT_TIMEOUT seconds (default
# 1200).  KVM is used only when XARRAY_KVM=1: on the machines this was
# built on /dev/kvm opens and QEMU's KVM accelerator initialises, but a
# guest does not run (-cpu host fails setting MSR 0x10a, the default CPU
# hangs in SeaBIOS), so TCG is the default.  XARRAY_APPEND adds to the
# kernel command line; XARRAY_INITRD replaces the initramfs.
# XARRAY_SMP sets the guest's CPUs (default 2).  XARRAY_ICOUNT=1 makes
# the guest's clocks count the instructions it runs, one nanosecond
# each (QEMU's -icount, with a single TCG thread), so that times taken
# in the guest do not depend on how fast the host is at the moment;
# only while the guest is idle (waiting for its disk) does its time
# pass at the host's pace.
# XARRAY_PLUGIN loads a QEMU plugin ("FILE.so,ARG=VALUE", for -plugin).
set -eu
. "$(dirname "$0")/common.sh"
kernel=$1 log=$2 tests=$3 disk=${4:-} disk2=${5:-}
initrd=${XARRAY_INITRD:-$CACHE/initramfs.cpio.gz}
[ -f "$initrd" ] || die "no initramfs: run scripts/make-initramfs.sh"
accel="-accel tcg"
[ "${XARRAY_ICOUNT:-0}" = 1 ] &&
	accel="-accel tcg,thread=single -icount shift=0,sleep=on"
[ "${XARRAY_KVM:-0}" = 1 ] && accel="-enable-kvm -cpu host"
plugin=
[ -n "${XARRAY_PLUGIN:-}" ] && plugin="-plugin $XARRAY_PLUGIN"
drive=
for d in $disk $disk2; do
	drive="$drive -drive file=$d,format=raw,if=virtio,cache=unsafe"
done
smp=${XARRAY_SMP:-2}
# shellcheck disable=SC2086
timeout -k 10 "${XARRAY_BOOT_TIMEOUT:-1200}" qemu-system-x86_64 $accel \
	-m "${XARRAY_GUEST_MEM:-512}" -smp "$smp,sockets=$smp,cores=1,threads=1" \
	-nographic -no-reboot \
	-kernel "$kernel" -initrd "$initrd" $drive $plugin \
	-append "$KERNEL_ARGS xarray.tests=$tests ${XARRAY_APPEND:-}" \
	</dev/null >"$log" 2>&1 || true
