#!/bin/sh
# Rename every global symbol that an object built from the 6.1 tree's
# lib/xarray.c defines to tree_NAME, so that it links beside ours in one
# binary (the userspace benchmark, the differential fuzzer and its
# cross-built replay).  With --header, also write H: "#define NAME
# tree_NAME" for each, for the sources that call the tree's functions.
# Usage: scripts/harness/rename-tree-symbols.sh [--cross PREFIX] [--header H] PLAIN.o OUT.o
#   --cross PREFIX  the binutils of a cross toolchain (arm-linux-gnueabihf-)
set -eu
usage="usage: $0 [--cross PREFIX] [--header H] PLAIN.o OUT.o"
cross='' header=''
while [ $# -gt 0 ]; do
	case $1 in
	--cross)	cross=$2; shift 2 ;;
	--header)	header=$2; shift 2 ;;
	--*)		echo "$usage" >&2; exit 1 ;;
	*)		break ;;
	esac
done
[ $# -eq 2 ] || { echo "$usage" >&2; exit 1; }
syms=$2.syms
"${cross}nm" -g --defined-only "$1" | awk '{ print $3, "tree_" $3 }' >"$syms"
[ -s "$syms" ] || { echo "error: $1 defines no global symbol" >&2; exit 1; }
"${cross}objcopy" --redefine-syms="$syms" "$1" "$2"
[ -z "$header" ] || awk '{ print "#define " $1 " " $2 }' "$syms" >"$header"
