#!/bin/sh
# The installed <xarray/xarray.h> works in programs as users write them:
# 1. beside each header under /usr/include/linux: every one that compiles
#    with a program's own min, max, BUG_ON, likely, list_head, spinlock_t,
#    u32 and container_of still does with ours included first (C11 and
#    C++17);
# 2. tests/consumer/program.c, with <sys/prctl.h>, <sys/mount.h>,
#    <sys/fanotify.h>, <sys/quota.h> and those names, builds warning-free
#    and runs with gcc and clang at C99 and C11 -pedantic, g++ and clang++
#    at C++11 and C++17, and -pedantic at C++20.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
cflags=$(pkg-config --cflags xarray)
libs=$(pkg-config --libs xarray)

find /usr/include/linux -maxdepth 1 -name '*.h' | sort | sed 's|^/usr/include/||' |
	xargs -P "$(nproc)" -n 1 sh "$repo/tests/consumer/check-linux-header.sh" \
		"$cflags" "$tmp" >"$tmp/linux-headers"
checked=$(grep -c -v '^skip$' "$tmp/linux-headers" || true)
broken=$(grep -c '^FAIL' "$tmp/linux-headers" || true)
grep '^FAIL' "$tmp/linux-headers" | sed 's/$/ stops compiling after <xarray\/xarray.h>/' || true
[ "$checked" -gt 100 ] || { echo "error: only $checked linux/ headers compile on their own"; exit 1; }
echo "linux/ headers: $checked compile with a program's own names, $broken stop with <xarray/xarray.h> first"

failed=0
build_and_run() {
	name=$1
	shift
	# shellcheck disable=SC2086
	if ! "$@" -Wall -Wextra -Werror $cflags -I"$repo/tests/consumer" -o "$tmp/$name" "$tmp/program" \
		$libs 2>"$tmp/$name.err"; then
		echo "FAIL: $* does not build the program:"
		head -5 "$tmp/$name.err"
		failed=$((failed + 1))
	elif ! LD_LIBRARY_PATH=$tmp/prefix/lib "$tmp/$name"; then
		echo "FAIL: the program built with $* did not exit 0"
		failed=$((failed + 1))
	fi
}
for cc in gcc clang; do
	for std in c99 c11; do
		cp "$repo/tests/consumer/program.c" "$tmp/program"
		build_and_run "$cc-$std" "$cc" -x c -std=$std -pedantic
	done
done
for cxx in g++ clang++; do
	for std in c++11 c++17; do
		build_and_run "$cxx-$std" "$cxx" -x c++ -std=$std
	done
	build_and_run "$cxx-c++20" "$cxx" -x c++ -std=c++20 -pedantic
done
echo "program.c: built and ran in 10 modes, $failed failed"
[ "$broken" -eq 0 ] && [ "$failed" -eq 0 ]
