#!/bin/sh
# Make a fresh file system image as a plain file (never mounted on the
# host).  Usage: scripts/guest/make-disk-image.sh IMAGE [SIZE] [btrfs|xfs]
set -eu
img=$1 size=${2:-1G} fs=${3:-btrfs}
case $fs in
btrfs|xfs) ;;
*) echo "error: file system must be btrfs or xfs, not $fs" >&2; exit 1 ;;
esac
rm -f "$img"
truncate -s "$size" "$img"
"mkfs.$fs" -q -f "$img" >/dev/null
