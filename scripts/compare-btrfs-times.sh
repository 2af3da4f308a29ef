#!/bin/sh
# Print the btrfs workload time of the stock and the patched guest, and
# their ratio, from the workload's last phase line.
set -eu
. "$(dirname "$0")/common.sh"
secs() {
	sed -n 's/^btrfs-work: *\([0-9.]*\) s umount$/\1/p' \
		"$CACHE/logs/guest-$1.console" | tail -n 1
}
stock=$(secs stock) patched=$(secs patched)
[ -n "$stock" ] && [ -n "$patched" ] || die "a workload time is missing"
echo "btrfs workload: stock $stock s, patched $patched s," \
	"patched/stock $(echo "scale=3; $patched / $stock" | bc)"
