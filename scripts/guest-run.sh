#!/bin/sh
# Boot kernel NAME ($CACHE/build-NAME) with a fresh btrfs image and run the
# comma-separated guest TESTS.  Console: $CACHE/logs/guest-NAME.console;
# image: $CACHE/btrfs-NAME.img (for btrfs-check.sh afterwards).
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
start=$(date +%s)
sh "$REPO/scripts/boot-guest.sh" "$kernel" "$log" "$tests" "$img"
grep -a -E '^(XARRAY-|btrfs-work:|pagecache-work:)|tests passed' "$log" || true
echo "guest $name ran in $(($(date +%s) - start)) s"
