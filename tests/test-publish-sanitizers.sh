#!/bin/sh
# tests/api/publish.c, readers and writers publishing heap objects and
# freeing replaced ones with call_rcu(), built against the installed
# library as a user builds it: ThreadSanitizer under gcc and under clang
# reports nothing; AddressSanitizer, leak checker included, and valgrind
# memcheck find no error and nothing definitely lost.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp

# build NAME CC FLAGS...: tests/api/publish.c as $tmp/NAME.
build() {
	name=$1 cc=$2
	shift 2
	# shellcheck disable=SC2086 # pkg-config's words
	"$cc" "$@" -g -O1 -Wall -Wextra -Werror $cflags -o "$tmp/$name" \
		"$repo/tests/api/publish.c" $libs -lpthread
}

for cc in gcc clang; do
	build "tsan-$cc" "$cc" -fsanitize=thread
	TSAN_OPTIONS=exitcode=66 "$tmp/tsan-$cc" 1000 >"$tmp/out" 2>"$tmp/err" ||
		{ cat "$tmp/err"; echo "FAIL: publish under $cc ThreadSanitizer"; exit 1; }
	reports=$(grep -c 'WARNING: ThreadSanitizer' "$tmp/err" || true)
	[ "$reports" -eq 0 ] || { cat "$tmp/err"; echo "FAIL: $reports ThreadSanitizer reports ($cc)"; exit 1; }
	echo "ThreadSanitizer ($cc): 0 reports; $(cat "$tmp/out")"
done

build asan gcc -fsanitize=address
ASAN_OPTIONS=detect_leaks=1 "$tmp/asan" 1000 >"$tmp/out" 2>"$tmp/err" ||
	{ cat "$tmp/err"; echo "FAIL: publish under AddressSanitizer"; exit 1; }
echo "AddressSanitizer: no error, no leak; $(cat "$tmp/out")"

build plain gcc
valgrind --quiet --error-exitcode=1 --leak-check=full \
	--errors-for-leak-kinds=definite "$tmp/plain" 300 >"$tmp/out" 2>"$tmp/err" ||
	{ cat "$tmp/err"; echo "FAIL: publish under valgrind memcheck"; exit 1; }
echo "valgrind memcheck: no error, nothing definitely lost; $(cat "$tmp/out")"
