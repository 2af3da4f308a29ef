#!/bin/sh
# Make the Debian 12 guest system's disk, a btrfs image: the cached
# mmdebstrap root (build-rootfs.sh) with the packages of
# guest/system/packages and fstests built in /opt/fstests
# (guest/fstests/build-in-root.sh); the project's tracked files in
# /root/xarray; the units of guest/system/, enabled; the fstests guest's
# init and stress script (guest/fstests/) in /usr/local/sbin.  With
# --root, only builds (once) that root.
# Usage: scripts/debian/make-debian-image.sh IMAGE | --root
set -eu
. "$(dirname "$0")/../lib/common.sh"
img=${1:?usage: $0 IMAGE | --root}
pkgs=$(sed 's/#.*//' "$REPO/guest/system/packages" | tr -s ' \n' ',,' | sed 's/^,//; s/,$//')
tarball=$(sh "$REPO/scripts/debian/build-rootfs.sh" --packages "$pkgs" \
	--customize "$REPO/guest/fstests/build-in-root.sh" --input "$(fstests_tarball)")
[ "$img" != --root ] || { echo "$tarball"; exit 0; }
# A root of its own: make fstests makes two images side by side.
root=$(mktemp -d "$(path rootfs)/root.XXXXXX")
trap 'rm -rf "$root"' EXIT
chmod 755 "$root"
step "unpacking $tarball"
tar -C "$root" --numeric-owner -xpf "$tarball"
mkdir -p "$root/root/xarray"
(cd "$REPO" && git ls-files -z | tar --null -T - -cf -) | tar -C "$root/root/xarray" -xf -
sys=$root/etc/systemd/system
for u in xarray-test xarray-report; do
	install -m 644 "$REPO/guest/system/$u.service" "$sys/"
	install -m 755 "$REPO/guest/system/$u" "$root/usr/local/sbin/"
	ln -sf "../$u.service" "$sys/multi-user.target.wants/$u.service"
done
install -m 755 "$REPO/guest/fstests/guest-init" "$root/usr/local/sbin/xarray-fstests"
install -m 755 "$REPO/guest/fstests/xarray-stress" "$root/usr/local/sbin/"
echo xarray-guest >"$root/etc/hostname"
echo '/dev/vda / btrfs defaults 0 0' >"$root/etc/fstab"
od -An -tx1 -N16 /dev/urandom | tr -d ' \n' >"$root/etc/machine-id"
echo >>"$root/etc/machine-id"
step "making $img"
rm -f "$img"
truncate -s 3G "$img"
mkfs.btrfs -q -f --rootdir "$root" "$img" >/dev/null
