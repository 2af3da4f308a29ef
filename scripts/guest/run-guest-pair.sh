#!/bin/sh
# Boot the stock and the patched kernel of a geometry at the same time and
# run the guest TESTS in both.
# Usage: scripts/guest/run-guest-pair.sh [--geometry dist|small] [--append ARGS] TESTS TAG
# Each guest has one CPU and counts time in the instructions it runs
# (boot-guest.sh --icount), so neither the other guest nor anything else
# on the host enters its clocks, and the two take half the wall time they
# would one after the other.  Consoles and images are run-guest.sh's, for
# RUN = KERNEL-TAG.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--geometry dist|small] [--append ARGS] TESTS TAG"
suffix='' append=''
while [ $# -gt 0 ]; do
	case $1 in
	--geometry)
		case $2 in
		dist)	suffix='' ;;
		small)	suffix=-small ;;
		*)	die "$usage" ;;
		esac
		shift 2 ;;
	--append)	append=$2; shift 2 ;;
	--*)		die "$usage" ;;
	*)		break ;;
	esac
done
[ $# -eq 2 ] || die "$usage"
boot() {	# boot KERNEL TESTS TAG
	sh "$REPO/scripts/guest/run-guest.sh" --tag "$3" --cpus 1 --icount \
		--append "$append" "$1$suffix" "$2"
}
boot stock "$1" "$2" &
stock=$!
boot patched "$1" "$2" &
patched=$!
rc=0
wait "$stock" || rc=$?
wait "$patched" || rc=$?
exit "$rc"
