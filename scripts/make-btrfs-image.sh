#!/bin/sh
# Make a fresh btrfs image as a plain file (never mounted on the host).
# Usage: scripts/make-btrfs-image.sh IMAGE [SIZE]
set -eu
img=$1 size=${2:-1G}
rm -f "$img"
truncate -s "$size" "$img"
mkfs.btrfs -q -f "$img" >/dev/null
