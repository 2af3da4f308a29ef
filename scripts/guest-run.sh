#!/bin/sh
# Boot kernel NAME ($CACHE/build-NAME) with a fresh btrfs image and run the
# comma-separated guest TESTS.  Console: $CACHE/logs/guest-NAME.console;
# image: $CACHE/btrfs-NAME.img (for btrfs-check.sh afterwards).  The
# guest gets the kernel's modules when $CACHE/modules-NAME.cpio.gz exists.
set -eu
. "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || die "usage: $0 NAME TESTS"
name=$1 tests=$2
kernel=$CACHE/build-$name/arch/x86/boot/bzImage
log=$CACHE/logs/guest-$name.console
img=$CACHE/btrfs-$name.img
[ -f "$kernel" ] || die "no kernel $kernel"
mkdir -p "$CACHE/logs"
sh "$REPO/scripts/make-btrfs-image.sh" "$img" 2G
# The kernel's modules (build-modules.sh), appended as a second archive:
# the kernel unpacks concatenated cpio archives one after the other.
mods=$CACHE/modules-$name.cpio.gz
if [ -f "$mods" ]; then
	XARRAY_INITRD=$CACHE/initrd-$name.cpio.gz
	cat "$CACHE/initramfs.cpio.gz" "$mods" >"$XARRAY_INITRD"
	export XARRAY_INITRD
fi
start=$(date +%s)
sh "$REPO/scripts/boot-guest.sh" "$kernel" "$log" "$tests" "$img"
grep -a -E '^(XARRAY-|btrfs-work:|pagecache-work:)|tests passed' "$log" || true
echo "guest $name ran in $(($(date +%s) - start)) s"
