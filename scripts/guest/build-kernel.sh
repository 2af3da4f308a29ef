#!/bin/sh
# Build a kernel out of tree: scripts/guest/build-kernel.sh NAME [FRAGMENT...]
# NAME is stock or patched, optionally with a suffix (patched-debug); the
# source is the pristine or the patched tree accordingly.  Output goes to
# (path build NAME).  The config is tinyconfig plus the fragments
# (config/base.config, dist.config, system.config and
# fstests.config when none are given: the geometry distributions ship,
# able to boot systemd and run fstests);
# .config is replaced only when its content changes, so a rerun is
# incremental.
set -eu
. "$(dirname "$0")/../lib/common.sh"
[ $# -ge 1 ] || die "usage: $0 NAME [FRAGMENT...]"
name=$1
shift
src=$(kernel_tree "$name")
[ $# -gt 0 ] || set -- "$REPO/config/base.config" \
	"$REPO/config/dist.config" "$REPO/config/system.config" \
	"$REPO/config/fstests.config"
out=$(path build "$name")
mkdir -p "$CCACHE_DIR"
CC="ccache gcc"

step "configuring $name kernel"
merge_config "$src" "$out" "$@"

step "building $name kernel (-j$JOBS)"
start=$(date +%s)
make -s -C "$src" O="$out" CC="$CC" -j"$JOBS" olddefconfig >/dev/null
make -s -C "$src" O="$out" CC="$CC" -j"$JOBS" bzImage \
	>"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; die "$name build failed"; }
# In-tree modules (=m) and the Module.symvers out-of-tree modules link to.
if grep -q '^CONFIG_MODULES=y' "$out/.config"; then
	make -s -C "$src" O="$out" CC="$CC" -j"$JOBS" modules \
		>>"$out/build.log" 2>&1 ||
		{ tail -40 "$out/build.log"; die "$name modules failed"; }
fi
step "$name kernel built in $(($(date +%s) - start)) s: $out/arch/x86/boot/bzImage"
