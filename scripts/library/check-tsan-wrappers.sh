#!/bin/sh
# Every function of the installed header that returns an entry has a
# ThreadSanitizer wrapper in userspace/include/xarray/shim/tsan.h (which
# acquires the object the entry points to, so that the caller's reads of
# it are ordered after the writer's), or is named in EXEMPT below with the
# reason it needs none.  A function added to the API without either, or
# an exemption left behind by a function that is gone, fails the check.
# The functions are what gcc -aux-info lists as declared or defined in
# xarray/xarray.h with a void * result.
# Usage: scripts/library/check-tsan-wrappers.sh [--include DIR] [--tsan FILE]
#   DIR: the installed header's directory (default build/include, which
#   make lib writes); FILE: the wrappers (default the repo's tsan.h)
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--include DIR] [--tsan FILE]"
include=$REPO/build/include
tsan=$REPO/userspace/include/xarray/shim/tsan.h
while [ $# -gt 0 ]; do
	case $1 in
	--include)	include=${2:?$usage}; shift 2 ;;
	--tsan)		tsan=${2:?$usage}; shift 2 ;;
	*)		die "$usage" ;;
	esac
done
[ -f "$include/xarray/xarray.h" ] || die "no $include/xarray/xarray.h: run make lib"

# NAME REASON: functions that return an entry and need no wrapper.
EXEMPT='xa_mk_value builds an entry from a value; reads no array
xa_tag_pointer builds an entry from a pointer; reads no array
xa_untag_pointer strips the tag of an entry the caller has already
xa_mk_internal builds an internal entry; reads no array
xa_mk_node builds an internal entry; reads no array
xa_mk_sibling builds an internal entry; reads no array
xa_store_as runs under xa_store_bh() and xa_store_irq(), which are wrapped
xa_erase_as runs under xa_erase_bh() and xa_erase_irq(), which are wrapped
xa_cmpxchg_as runs under the xa_cmpxchg() family, which is wrapped
xa_head reads the root for the inline functions, which are wrapped
xa_head_locked reads the root for the inline functions, which are wrapped
xa_entry reads a slot for the inline functions, which are wrapped
xa_entry_locked reads a slot for the inline functions, which are wrapped
__xas_next runs under xas_next(), which is wrapped
__xas_prev runs under xas_prev(), which is wrapped'

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '#include <xarray/xarray.h>' |
	${CC:-gcc} -I"$include" -x c -fsyntax-only -aux-info "$tmp/aux" - ||
	die "the header in $include does not compile"
grep -F "$include/xarray/xarray.h:" "$tmp/aux" |
	sed -n 's/^.*\*\/ .*void \*\([_a-z0-9]*\) (.*$/\1/p' | sort -u >"$tmp/returns"
sed -n 's/^#define \([_a-z0-9]*\)[ 	(].*/\1/p' "$tsan" | sort -u >"$tmp/wrapped"
echo "$EXEMPT" | cut -d' ' -f1 | sort -u >"$tmp/exempt"

missing=$(sort "$tmp/wrapped" "$tmp/exempt" | comm -23 "$tmp/returns" -)
stale=$(comm -13 "$tmp/returns" "$tmp/exempt")
n=$(wc -l <"$tmp/returns")
[ "$n" -gt 0 ] || die "no function returning an entry found in $include/xarray/xarray.h"
if [ -n "$missing" ] || [ -n "$stale" ]; then
	for f in $missing; do
		echo "no TSan wrapper in $tsan and no exemption: $f()"
	done
	for f in $stale; do
		echo "exempt but no longer a function returning an entry: $f()"
	done
	exit 1
fi
echo "TSan wrappers: $n functions return an entry," \
	"$(comm -12 "$tmp/returns" "$tmp/wrapped" | wc -l) wrapped," \
	"$(wc -l <"$tmp/exempt") exempt, none missing"
