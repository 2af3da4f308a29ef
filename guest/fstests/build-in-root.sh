#!/bin/sh
# mmdebstrap's customize hook for the guest root (build-rootfs.sh
# --customize): unpack the pinned fstests tarball into ROOT/opt/fstests,
# build it inside the root (its libraries and headers are the root's
# own), and add the users its tests run as.
# Usage: guest/fstests/build-in-root.sh ROOT TARBALL
set -eu
root=${1:?usage: $0 ROOT TARBALL}
tarball=${2:?usage: $0 ROOT TARBALL}
mkdir -p "$root/opt"
tar -C "$root/opt" -xf "$tarball"
echo "==> building fstests in the root" >&2
chroot "$root" make -C /opt/fstests -j"$(nproc)" >"$root/opt/fstests.build.log" 2>&1 ||
	{ tail -n 30 "$root/opt/fstests.build.log" >&2; exit 1; }
for user in fsgqa fsgqa2 123456-fsgqa; do
	chroot "$root" useradd --badname -m "$user"
done
