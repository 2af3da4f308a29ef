#!/bin/sh
# Print, one per line, the functions the installed headers declare (not
# the static inline ones): the library's API, with the private
# xa_shim_*() functions its inline code and macros call, which lib.mk
# exports and tests/test-exports-api-only.sh checks against what the .so
# exports.
# gcc -aux-info lists every declaration the header makes.
# Usage: api-functions.sh BUILD_INCLUDE_DIR  (CC overrides gcc)
set -eu
include=$1
aux=$(mktemp)
trap 'rm -f "$aux"' EXIT
echo '#include <xarray/xarray.h>' |
	${CC:-gcc} -I"$include" -x c -fsyntax-only -aux-info "$aux" -
grep -E "^/\\* $include/xarray/(xarray|shim/[a-z]+)\\.h:[0-9]+:NC \\*/ extern " "$aux" |
	sed 's/^[^(]*[ *]\([a-z_0-9]*\) (.*$/\1/' | sort -u
