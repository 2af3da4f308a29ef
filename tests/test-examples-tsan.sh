#!/bin/sh
# The README and xarray(3) examples, built with ThreadSanitizer by gcc and
# by clang against the installed library, link and run with no report.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
readme_example >"$tmp/readme.c"
man_example >"$tmp/man.c"

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
