#!/bin/sh
# Boot kernel NAME ($CACHE/build-NAME) with a fresh btrfs image and run the
# comma-separated guest TESTS: scripts/guest-run.sh NAME TESTS [TAG]
# Console: $CACHE/logs/guest-RUN.console; image: $CACHE/btrfs-RUN.img
# (for btrfs-check.sh afterwards), where RUN is NAME, or NAME-TAG for a
# further boot of the same kernel.  A kernel with XFS also gets a fresh
# XFS image as its second disk (/dev/vdb).  The guest gets the kernel's
# modules when $CACHE/modules-NAME.cpio.gz exists.
set -eu
. "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || [ $# -eq 3 ] || die "usage: $0 NAME TESTS [TAG]"
name=$1 tests=$2 run=$1${3:+-$3}
kernel=$CACHE/build-$name/arch/x86/boot/bzImage
log=$CACHE/logs/guest-$run.console
img=$CACHE/btrfs-$run.img
[ -f "$kernel" ] || die "no kernel $kernel"
mkdir -p "$CACHE/logs"
sh "$REPO/scripts/make-disk-image.sh" "$img" 2G
xfs=
if grep -q '^CONFIG_XFS_FS=y' "$CACHE/build-$name/.config"; then
	xfs=$CACHE/xfs-$run.img
	sh "$REPO/scripts/make-disk-image.sh" "$xfs" 3G xfs
fi
# The kernel's modules (build-modules.sh), appended as a second archive:
# the kernel unpacks concatenated cpio archives one after the other.
mods=$CACHE/modules-$name.cpio.gz
if [ -f "$mods" ]; then
	XARRAY_INITRD=$CACHE/initrd-$name.cpio.gz
	cat "$CACHE/initramfs.cpio.gz" "$mods" >"$XARRAY_INITRD"
	export XARRAY_INITRD
fi
start=$(date +%s)
sh "$REPO/scripts/boot-guest.sh" "$kernel" "$log" "$tests" "$img" "$xfs"
grep -a -E '^(XARRAY-|btrfs-work:|pagecache-work:|hugepage-work:|hugepage:)|tests passed' "$log" || true
echo "guest $run ran in $(($(date +%s) - start)) s"
