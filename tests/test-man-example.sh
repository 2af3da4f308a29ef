#!/bin/sh
# The EXAMPLES program of xarray(3) builds against an installed copy of
# the library and prints the two entries it stores.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
[ -f "$tmp/prefix/share/man/man3/xarray.3" ] || { echo "error: man page not installed"; exit 1; }
man_example >"$tmp/example.c"
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o "$tmp/example" "$tmp/example.c" \
	$(pkg-config --cflags --libs xarray)
LD_LIBRARY_PATH=$tmp/prefix/lib "$tmp/example" >"$tmp/out"
printf '1: 10\n1000000: 20\n' | cmp -s - "$tmp/out" ||
	{ cat "$tmp/out"; echo "error: unexpected output"; exit 1; }
echo "xarray(3) example: $(wc -l <"$tmp/example.c") lines, output as documented"
