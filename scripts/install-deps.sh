#!/bin/sh
# Install the Debian packages the project needs; a no-op when all are there.
# scripts/install-deps.sh bench also installs what make bench needs (gnuplot).
set -eu
PKGS="linux-source-6.1 gcc make bc flex bison libelf-dev libssl-dev cpio
xz-utils ccache qemu-system-x86 busybox-static btrfs-progs liburcu-dev
libc6-dev pkg-config git patch python3-docutils groff-base sparse
libjudy-dev clang libclang-rt-14-dev g++ debhelper dpkg-dev fakeroot lintian
mmdebstrap libglib2.0-dev manpages xfsprogs shellcheck"
[ "${1:-}" = bench ] && PKGS="$PKGS gnuplot-nox"
missing=
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
echo "==> installing:$missing" >&2
[ "$(id -u)" -eq 0 ] || { echo "error: need root to install:$missing" >&2; exit 1; }
apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
