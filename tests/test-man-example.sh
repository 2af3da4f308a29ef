#!/bin/sh
# The EXAMPLES program of xarray(3) builds against an installed copy of
# the library and prints the two entries it stores.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$repo" install PREFIX="$tmp/prefix" >/dev/null
[ -f "$tmp/prefix/share/man/man3/xarray.3" ] || { echo "error: man page not installed"; exit 1; }
sed -n '/^\.SH EXAMPLES/,/^\.EE/p' "$repo/doc/man/xarray.3" | sed '1,2d;$d' |
	sed 's/\\e/\\/g; s/\\-/-/g' >"$tmp/example.c"
export PKG_CONFIG_PATH=$tmp/prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o "$tmp/example" "$tmp/example.c" \
	$(pkg-config --cflags --libs xarray)
LD_LIBRARY_PATH=$tmp/prefix/lib "$tmp/example" >"$tmp/out"
printf '1: 10\n1000000: 20\n' | cmp -s - "$tmp/out" ||
	{ cat "$tmp/out"; echo "error: unexpected output"; exit 1; }
echo "xarray(3) example: $(wc -l <"$tmp/example.c") lines, output as documented"
