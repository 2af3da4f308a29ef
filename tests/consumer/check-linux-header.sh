#!/bin/sh
# Does <$3> compile with a program's own names (own-names.h) and still
# compile with <xarray/xarray.h> included first?  As C11 and C++17, with
# the include flags $1, in the scratch directory $2.  Prints "skip" (it
# does not compile even without ours), "ok" or "FAIL <header>".
set -eu
cflags=$1 tmp=$2 header=$3
own=$(cd "$(dirname "$0")" && pwd)/own-names.h
out=$tmp/$(echo "$header" | tr / _)

compiles() {
	{
		[ "$1" = with ] && echo '#include <xarray/xarray.h>'
		echo '#include <stdlib.h>'
		echo "#include <$header>"
		echo "#include \"$own\""
		echo 'int main(void) { return 0; }'
	} >"$out.c"
	cp "$out.c" "$out.cc"
	# shellcheck disable=SC2086
	gcc -std=c11 -pedantic -Wall -Wextra -Werror $cflags -fsyntax-only \
		"$out.c" 2>/dev/null &&
		g++ -std=c++17 -Wall -Wextra -Werror $cflags -fsyntax-only \
			"$out.cc" 2>/dev/null
}

if ! compiles without; then
	echo skip
elif compiles with; then
	echo ok
else
	echo "FAIL <$header>"
fi
