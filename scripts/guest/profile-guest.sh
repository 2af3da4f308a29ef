#!/bin/sh
# Profile a guest kernel by instructions executed: boot kernel NAME with
# the guest TESTS under bench/guest-profile.c (a QEMU plugin) and write
# "INSTRUCTIONS FUNCTION" lines, most first, to OUT.  The boot's built-in
# self-tests are left out, as in make bench: the profile is the tests'.
# Usage: scripts/guest/profile-guest.sh [--append ARGS] NAME TESTS OUT
#   --append ARGS  more kernel arguments (xarray.NAME=VALUE for the tests)
set -eu
. "$(dirname "$0")/../lib/common.sh"
append=''
if [ "${1:-}" = --append ]; then
	append=" $2"
	shift 2
fi
[ $# -eq 3 ] || die "usage: $0 [--append ARGS] NAME TESTS OUT"
name=$1 tests=$2 out=$3
map=$(path build "$name")/System.map
[ -f "$map" ] || die "no $map: build the $name kernel first"
plugin=$(path profile-plugin)
src=$REPO/bench/guest-profile.c
if [ ! -f "$plugin" ] || [ -n "$(find "$src" -newer "$plugin")" ]; then
	cc -O2 -Wall -Wextra -Werror -shared -fPIC -o "$plugin" "$src"
fi
raw=$(path logs)/guest-profile-$name.raw
rm -f "$raw"
sh "$REPO/scripts/guest/run-guest.sh" --tag profile --icount --cpus 1 \
	--append "$NO_SELFTESTS$append" --plugin "$plugin,out=$raw" \
	"$name" "$tests" >/dev/null
rm -f "$(path btrfs-image "$name-profile")"
[ -s "$raw" ] || die "the plugin wrote no counts; see $(path logs)"
# Blocks and symbols sorted together by address: each block's count goes
# to the symbol at or below it.
{
	awk '$2 ~ /^[tTwW]$/ { print $1, "S", $3 }' "$map"
	awk '{ print $1, "B", $2 * $3 }' "$raw"
} | LC_ALL=C sort -k1,1 -k2,2r |
	awk '$2 == "S" { f = $3; next } { n[f ? f : "?"] += $3 }
	END { for (f in n) printf "%.0f %s\n", n[f], f }' |
	sort -rn >"$out"
echo "$(awk '{ s += $1 } END { printf "%.0f", s }' "$out") kernel" \
	"instructions, $(wc -l <"$out") functions, in $out"
