#!/bin/sh
# Boot the make arches kernel NAME for ARCH in QEMU (TCG), through the
# guest launcher with neither initramfs nor disk: it runs the XArray and
# IDA self-tests (and on i386 btrfs's) while it boots, then panics for
# want of a root filesystem, and panic=-1 ends QEMU.  Prints the
# self-tests' count lines.
# Usage: scripts/arches/run-guest.sh --arch ARCH [--dist] stock|patched
# Console: path arch-console ARCH[-dist] NAME
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 --arch ARCH [--dist] stock|patched"
. "$REPO/scripts/lib/arch-table.sh"
arch_args "$@"
shift "$nargs"
[ $# -eq 1 ] || die "$usage"
name=$1
kernel=$(path arch-build "$arch$dist" "$name")/$image
log=$(path arch-console "$arch$dist" "$name")
[ -f "$kernel" ] || die "no kernel $kernel: arches/build-kernel.sh first"
mkdir -p "$(path logs)"
start=$(date +%s)
rc=0
# The self-tests take a minute or two under TCG on every architecture
# (arm64 at the dist geometry the longest): a quarter of an hour is a
# hang, or a kernel the firmware could not start.
sh "$REPO/scripts/guest/boot-guest.sh" --arch "$arch" --initrd none \
	--cpus 1 --mem 512 --timeout 900 "$kernel" "$log" || rc=$?
counts=$(grep -a -o -E '(XArray|IDA): [0-9]+ of [0-9]+ tests passed' "$log" || true)
[ -z "$counts" ] || echo "$counts"
secs=$(($(date +%s) - start))
case $rc in 124|137) die "$name kernel for $arch$dist: QEMU did not end within 900 s (see $log)" ;; esac
[ "$(echo "$counts" | grep -c .)" = 2 ] ||
	die "$name kernel for $arch$dist: no XArray and IDA count after $secs s (QEMU exit $rc; see $log)"
echo "$name kernel for $arch$dist ran in $secs s (QEMU exit $rc)"
