#!/bin/sh
# Print the btrfs workload time of the stock and the patched guest, and
# their ratio, from the workload's last phase line.
set -eu
. "$(dirname "$0")/common.sh"
secs() {	# the serial console ends its lines with CR LF
	tr -d '\r' <"$CACHE/logs/guest-$1.console" |
		sed -n 's/^btrfs-work: *\([0-9.]*\) s umount$/\1/p' | tail -n 1
}
stock=$(secs stock) patched=$(secs patched)
if [ -z "$stock" ] || [ -z "$patched" ]; then
	die "a workload time is missing"
fi
echo "btrfs workload: stock $stock s, patched $patched s," \
	"patched/stock $(echo "scale=3; $patched / $stock" | bc)"
