#!/bin/sh
# The library on another architecture, under qemu-user: its API tests,
# and the differential fuzzer's seed corpus replayed against ours, the
# 6.1 tree's lib/xarray.c and the model (tests/fuzz/replay.c), both
# cross-built with Debian's cross compiler and the architecture's
# liburcu-dev (multiarch).  Build output: path cross-lib ARCH.
# Usage: tests/test-lib-cross.sh --arch armhf|s390x
set -eu
. "$(dirname "$0")/../scripts/lib/common.sh"
usage="usage: $0 --arch armhf|s390x"
. "$REPO/scripts/lib/arch-table.sh"
arch_args "$@"
# The two whose liburcu-dev make deps installs (multiarch).
case $arch in armhf|s390x) ;; *) die "$usage" ;; esac
qemu=$user
out=$(path cross-lib "$arch")
rm -rf "$out"
mkdir -p "$out"
cd "$REPO"
cc="${cross}gcc -O1 -g -Wall -Wextra -Werror -D_LGPL_SOURCE -DXA_DEBUG -Iuserspace/include -Iinclude"

step "API tests for $arch"
$cc -o "$out/test-api" tests/api/test-api.c lib/xarray.c userspace/shim.c \
	tests/api/check.c -lurcu -lpthread
# qemu-user 7.2 aborts when a forked child starts a thread, which the two
# tests of an unregistered thread do: they run on x86_64 only.
unrun=$(grep -o 'run("[a-z_0-9]*' tests/api/test-api.c | sed 's/run("//' | grep '^unregistered_')
tests=$(grep -o 'run("[a-z_0-9]*' tests/api/test-api.c | sed 's/run("//' | grep -v '^unregistered_')
# Each run takes seconds; a bug in a loop can make one spin, so each is
# held to $limit seconds.
limit=600
rc=0
# shellcheck disable=SC2086 # the test names are words
timeout -k 10 "$limit" "$qemu" -L / "$out/test-api" $tests >"$out/test-api.log" 2>&1 || rc=$?
case $rc in
0)	;;
124|137) die "API tests on $arch did not end within $limit s; the last line: $(tail -n 1 "$out/test-api.log")" ;;
*)	grep -v '^ok' "$out/test-api.log" | tail -30; die "API tests failed on $arch" ;;
esac
result=$(tail -n 1 "$out/test-api.log")

step "fuzzer seed corpus for $arch"
fuzz="$cc -DXA_SHIM_DEFER_RCU"
$fuzz -w -c -o "$out/tree-plain.o" "$PRISTINE/lib/xarray.c"
sh scripts/harness/rename-tree-symbols.sh --cross "$cross" \
	--header "$out/tree-names.h" "$out/tree-plain.o" "$out/tree.o"
$fuzz -DIMPL=ours -c -o "$out/impl-ours.o" tests/fuzz/impl.c
$fuzz -DIMPL=tree -include "$out/tree-names.h" -c -o "$out/impl-tree.o" tests/fuzz/impl.c
$fuzz -o "$out/fuzz-replay" tests/fuzz/replay.c tests/fuzz/fuzz-xarray.c \
	tests/fuzz/model.c tests/api/check.c userspace/shim.c lib/xarray.c \
	"$out/impl-ours.o" "$out/impl-tree.o" "$out/tree.o" -lurcu -lpthread
rc=0
timeout -k 10 "$limit" "$qemu" -L / "$out/fuzz-replay" tests/fuzz/corpus >"$out/fuzz.log" 2>&1 || rc=$?
case $rc in
0)	;;
124|137) die "the fuzzer's corpus on $arch did not end within $limit s" ;;
*)	tail -30 "$out/fuzz.log"; die "the fuzzer's corpus diverged on $arch" ;;
esac
seeds=$(find tests/fuzz/corpus -type f | wc -l)
grep -q "^fuzz-replay: $seeds inputs, no divergence" "$out/fuzz.log" ||
	die "the corpus has $seeds seeds, but: $(tail -n 1 "$out/fuzz.log")"
echo "$arch: API tests $result ($(echo "$unrun" | wc -w) not run under qemu-user); $(tail -n 1 "$out/fuzz.log")"
