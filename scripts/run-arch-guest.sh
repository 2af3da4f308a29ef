#!/bin/sh
# Boot the make arches kernel NAME for ARCH in QEMU (TCG): it runs the
# XArray and IDA self-tests while it boots, then panics for want of an
# init, and panic=-1 ends QEMU.  Prints the self-tests' count lines.
# Usage: scripts/run-arch-guest.sh --arch ARCH [--dist] stock|patched
# Console: $CACHE/logs/arches-ARCH[-dist]-NAME.console
set -eu
. "$(dirname "$0")/common.sh"
usage="usage: $0 --arch ARCH [--dist] stock|patched"
. "$REPO/scripts/arch-table.sh"
arch_args "$@"
shift "$nargs"
[ $# -eq 1 ] || die "$usage"
name=$1
kernel=$CACHE/arches/$arch$dist/build-$name/$image
log=$CACHE/logs/arches-$arch$dist-$name.console
[ -f "$kernel" ] || die "no kernel $kernel: build-arch-kernel.sh first"
mkdir -p "$CACHE/logs"
start=$(date +%s)
rc=0
# shellcheck disable=SC2086 # the machine options are words
timeout -k 10 3600 "$qemu" $machine -m 512 -nographic -no-reboot \
	-kernel "$kernel" -append "console=$console panic=-1 rcupdate.rcu_cpu_stall_timeout=300" \
	</dev/null >"$log" 2>&1 || rc=$?
grep -a -o -E '(XArray|IDA): [0-9]+ of [0-9]+ tests passed' "$log" || true
echo "$name kernel for $arch$dist ran in $(($(date +%s) - start)) s (QEMU exit $rc)"
case $rc in 124|137) die "QEMU did not end within an hour" ;; esac
