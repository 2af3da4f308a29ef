#!/bin/sh
# Install the Debian packages the project needs; a no-op when all are there.
# scripts/install-deps.sh bench also installs what make bench needs
# (gnuplot); scripts/install-deps.sh arches what make arches needs: the
# cross compilers, QEMU's other system emulators and qemu-user, and
# liburcu for armhf and s390x (which adds those architectures to dpkg).
set -eu
PKGS="linux-source-6.1 gcc make bc flex bison libelf-dev libssl-dev cpio
xz-utils ccache qemu-system-x86 busybox-static btrfs-progs liburcu-dev
libc6-dev pkg-config git patch python3-docutils groff-base sparse
libjudy-dev clang libclang-rt-14-dev g++ debhelper dpkg-dev fakeroot lintian
mmdebstrap libglib2.0-dev manpages xfsprogs shellcheck"
FOREIGN=
case ${1:-} in
bench)	PKGS="$PKGS gnuplot-nox" ;;
arches)	PKGS="$PKGS gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf
	gcc-powerpc64le-linux-gnu gcc-s390x-linux-gnu libc6-dev-armhf-cross
	libc6-dev-s390x-cross qemu-system-arm qemu-system-ppc qemu-system-misc
	qemu-user liburcu-dev:armhf liburcu-dev:s390x"
	FOREIGN="armhf s390x" ;;
esac
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
for a in $FOREIGN; do
	dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
done
# A mirror caught syncing fails one index; what is there installs, and
# a package that cannot be found fails the install below, by name.
apt-get update -q || echo "==> apt-get update failed; installing from the lists it has" >&2
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
