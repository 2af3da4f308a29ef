#!/bin/sh
# The example program in README.md builds against an installed copy of
# the library (make install + pkg-config) and prints what README says.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
readme_example >"$tmp/example.c"
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o "$tmp/example" "$tmp/example.c" \
	$(pkg-config --cflags --libs xarray)
LD_LIBRARY_PATH=$tmp/prefix/lib "$tmp/example" >"$tmp/out"
cat "$tmp/out"
readme_output_ok "$tmp/out" || { echo "expected 'sum 499500, 500 marked' twice"; exit 1; }
echo "README example: $(wc -l <"$tmp/example.c") lines, output as documented"
