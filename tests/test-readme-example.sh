#!/bin/sh
# The example program in README.md builds against an installed copy of
# the library (make install + pkg-config) and prints what README says.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$repo" install PREFIX="$tmp/prefix" >/dev/null
sed -n '/<!-- example begin -->/,/<!-- example end -->/p' "$repo/README.md" |
	sed '1,2d;$d' | sed '$d' >"$tmp/example.c"
export PKG_CONFIG_PATH=$tmp/prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o "$tmp/example" "$tmp/example.c" \
	$(pkg-config --cflags --libs xarray)
LD_LIBRARY_PATH=$tmp/prefix/lib "$tmp/example" >"$tmp/out"
cat "$tmp/out"
want='sum 499500, 500 marked'
[ "$(grep -c -x "$want" "$tmp/out")" -eq 2 ] || { echo "expected '$want' twice"; exit 1; }
echo "README example: $(wc -l <"$tmp/example.c") lines, output as documented"
