#!/bin/sh
# Write the installed <xarray/xarray.h> from the kernel's
# include/linux/xarray.h: every kernel name the header uses becomes the
# shim's name, from the "#define kernel_name xa_shim_name" lines of
# userspace/include/linux/, so a program that includes it sees only the
# API, xa_shim_* and liburcu.  Also wraps the header for C++ and for
# strict C.
#
# usage: gen-header.sh include/linux/xarray.h userspace/include >out.h
set -eu
header=$1
shims=$2
script=$(mktemp)
trap 'rm -f "$script"' EXIT

# One sed command per alias: a function-like kernel name is renamed only
# where it is called, so that fields such as xa_limit's min and max keep
# their names.
find "$shims/linux" -name '*.h' -exec sed -n \
	's/^#define[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\)\(([^)]*)\)\{0,1\}[[:space:]]\{1,\}\([xX][aA]_[sS][hH][iI][mM]_[A-Za-z0-9_]*\).*/\1 \3 \2/p' \
	{} + | sort -u | while read -r name shim args; do
	if [ -n "$args" ]; then
		printf 's/\\<%s\\([[:space:]]*(\\)/%s\\1/g\n' "$name" "$shim"
	else
		printf 's/\\<%s\\>/%s/g\n' "$name" "$shim"
	fi
done >"$script"
[ -s "$script" ] || { echo "gen-header.sh: no aliases in $shims/linux" >&2; exit 1; }

cat <<'PRE'
/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The XArray as a C library.  Written by userspace/gen-header.sh from the
 * kernel's include/linux/xarray.h; do not edit.  Every name a program
 * sees is xa_*, xas_*, XA_*, DEFINE_XARRAY*, a GFP_* flag, liburcu's, or
 * a private xa_shim_* one that may change in any release.  <errno.h> is
 * included for the error values the API returns (-EBUSY, -ENOMEM,
 * -EINVAL, ...).
 */
#ifndef XARRAY_XARRAY_H
#define XARRAY_XARRAY_H

#include <errno.h>
#include <xarray/shim/bitops.h>
#include <xarray/shim/bug.h>
#include <xarray/shim/compiler.h>
#include <xarray/shim/gfp.h>
#include <xarray/shim/list.h>
#include <xarray/shim/rcu.h>
#include <xarray/shim/spinlock.h>
#include <xarray/shim/types.h>

#ifdef __cplusplus
extern "C" {
#endif
PRE
# Drop the guard and the kernel includes; the dump functions are a
# debugging aid of the kernel form, not in the library.  Anonymous unions
# are C11, so C99 needs __extension__.  XA_LIMIT's compound literal is
# GNU C++: __extension__ says so.
sed -e '/^#ifndef _LINUX_XARRAY_H$/d' -e '/^#define _LINUX_XARRAY_H$/d' \
	-e '/^#include <linux\//d' \
	-e '/^void xa_dump\(_node\|_dot\)\{0,1\}(/d' \
	-e 's/^\(\t\)union {$/\1__extension__ union {/' \
	-e 's/^\(#define XA_LIMIT(_min, _max) (\)(struct xa_limit)/\1__extension__ (struct xa_limit)/' \
	-f "$script" "$header" | sed '$d'
cat <<'POST'

#include <xarray/shim/tsan.h>

#ifdef __cplusplus
}
#endif

#endif
POST
