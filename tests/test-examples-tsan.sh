#!/bin/sh
# The README and xarray(3) examples, built with ThreadSanitizer by gcc and
# by clang against the installed library, link and run with no report.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$repo" install PREFIX="$tmp/prefix" >/dev/null
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
sed -n '/<!-- example begin -->/,/<!-- example end -->/p' "$repo/README.md" |
	sed '1,2d;$d' | sed '$d' >"$tmp/readme.c"
sed -n '/^\.SH EXAMPLES/,/^\.EE/p' "$repo/doc/man/xarray.3" | sed '1,2d;$d' |
	sed 's/\\e/\\/g; s/\\-/-/g' >"$tmp/man.c"

runs=0
for cc in gcc clang; do
	for example in readme man; do
		# shellcheck disable=SC2046
		$cc -fsanitize=thread -g -O1 -Wall -Wextra -Werror \
			-o "$tmp/$example-$cc" "$tmp/$example.c" \
			$(pkg-config --cflags --libs xarray)
		LD_LIBRARY_PATH=$tmp/prefix/lib TSAN_OPTIONS=exitcode=66 \
			"$tmp/$example-$cc" >/dev/null 2>"$tmp/err" ||
			{ cat "$tmp/err"; echo "FAIL: $example example under $cc TSan"; exit 1; }
		! grep -q ThreadSanitizer "$tmp/err" ||
			{ cat "$tmp/err"; echo "FAIL: TSan report"; exit 1; }
		runs=$((runs + 1))
	done
done
echo "examples under TSan: $runs builds (gcc, clang) ran with no report"
