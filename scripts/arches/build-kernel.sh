#!/bin/sh
# Cross-build the kernel make arches boots: tinyconfig plus
# config/arches/common.config and ARCH's fragment (and thp.config
# with --dist), from the pristine tree for stock, the patched one for
# patched.  Output: path arch-build ARCH[-dist] NAME.
# Usage: scripts/arches/build-kernel.sh --arch ARCH [--dist] stock|patched
#   ARCH: arm64 armhf i386 ppc64el s390x (Debian's names)
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 --arch ARCH [--dist] stock|patched"
. "$REPO/scripts/lib/arch-table.sh"
arch_args "$@"
shift "$nargs"
[ $# -eq 1 ] || die "$usage"
name=$1
src=$(kernel_tree "$name")
export ARCH="$karch" SRCARCH="$srcarch" CROSS_COMPILE="$cross"
out=$(path arch-build "$arch$dist" "$name")
set -- "$REPO/config/arches/common.config" "$REPO/config/arches/$arch.config"
[ -z "$dist" ] || set -- "$@" "$REPO/config/arches/thp.config"
mkdir -p "$CCACHE_DIR"
step "configuring $name kernel for $arch$dist"
merge_config "$src" "$out" "$@"
step "building $name kernel for $arch$dist (-j$JOBS)"
start=$(date +%s)
make -s -C "$src" O="$out" CC="ccache ${cross}gcc" -j"$JOBS" olddefconfig >/dev/null
make -s -C "$src" O="$out" CC="ccache ${cross}gcc" -j"$JOBS" "$target" \
	>"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; die "$name build for $arch failed"; }
step "$name kernel for $arch$dist built in $(($(date +%s) - start)) s: $out/$image"
