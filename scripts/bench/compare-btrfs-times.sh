#!/bin/sh
# Print the btrfs workload time of the stock and the patched guest, and
# their ratio, from the workload's last phase line.
set -eu
. "$(dirname "$0")/../lib/common.sh"
stock=$(btrfs_seconds "$(path console guest-stock)")
patched=$(btrfs_seconds "$(path console guest-patched)")
if [ -z "$stock" ] || [ -z "$patched" ]; then
	die "a workload time is missing"
fi
echo "btrfs workload: stock $stock s, patched $patched s," \
	"patched/stock $(echo "scale=3; $patched / $stock" | bc)"
