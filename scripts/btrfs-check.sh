#!/bin/sh
# Run btrfs check (read-only) on the image guest NAME left behind.
set -eu
. "$(dirname "$0")/common.sh"
img=$CACHE/btrfs-${1:?usage: $0 NAME}.img
[ -f "$img" ] || die "no image $img"
btrfs check --readonly "$img"
echo "btrfs check: clean"
