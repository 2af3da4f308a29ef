#!/bin/sh
# Build the guest-only modules in guest/modules/ against kernel NAME
# (path build NAME, built by build-kernel.sh) and pack them, with the
# kernel's own modules (=m in its config), as (path modules-cpio NAME)
# holding /lib/xarray-modules/*.ko.  run-guest.sh appends that archive to
# the initramfs, so each kernel boots with the modules built for it.
set -eu
. "$(dirname "$0")/../lib/common.sh"
[ $# -eq 1 ] || die "usage: $0 NAME"
name=$1
src=$(kernel_tree "$name")
out=$(path build "$name")
[ -f "$out/Module.symvers" ] || die "no $out/Module.symvers: build the kernel first"
moddir=$(path modules "$name")
mkdir -p "$moddir/src"
for f in "$REPO"/guest/modules/*; do	# copy only what changed
	cmp -s "$f" "$moddir/src/$(basename "$f")" || cp "$f" "$moddir/src/"
done
step "building guest/modules/ for $name"
make -s -C "$src" O="$out" CC="ccache gcc" M="$moddir/src" W=1 modules \
	>"$moddir/build.log" 2>&1 || { cat "$moddir/build.log"; die "modules for $name failed"; }
if grep -E 'warning:' "$moddir/build.log"; then
	die "modules for $name built with warnings"
fi
root=$moddir/root
rm -rf "$root"
mkdir -p "$root/lib/xarray-modules"
find "$moddir/src" "$out" -name '*.ko' -exec cp {} "$root/lib/xarray-modules/" \;
ls "$root/lib/xarray-modules"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) |
	gzip -9 >"$(path modules-cpio "$name").tmp"
mv "$(path modules-cpio "$name").tmp" "$(path modules-cpio "$name")"
