# shellcheck shell=sh disable=SC2034 # its variables are for the scripts that source it
# Sourced by the guest launcher and the make arches scripts (after
# common.sh).  arch_table ARCH sets, for a Debian architecture name, the
# kernel's ARCH and SRCARCH, the cross compiler's prefix, the make
# target and the image it leaves, QEMU's system emulator, machine
# options and console, and QEMU's user-mode emulator (user; empty for
# the host's own amd64).
# arch_args "$@" reads the scripts' common options, --arch ARCH (needed)
# and --dist (the dist geometry), from the front of the arguments: it
# sets arch, dist ("-dist" or empty) and nargs, how many arguments it
# read (the caller shifts them), then calls arch_table.

arch_args() {
	arch='' dist='' nargs=0
	while [ $# -gt 0 ]; do
		case $1 in
		--arch)	arch=${2:-}; nargs=$((nargs + 2)); shift 2 ;;
		--dist)	dist=-dist; nargs=$((nargs + 1)); shift ;;
		*)	break ;;
		esac
	done
	# shellcheck disable=SC2154 # the caller's usage line
	[ -n "$arch" ] || die "$usage"
	arch_table "$arch"
}
arch_table() {
	case $1 in
	amd64)	karch=x86_64 srcarch=x86 cross='' target=bzImage
		image=arch/x86/boot/bzImage qemu=qemu-system-x86_64
		machine='' console=ttyS0 user='' ;;
	arm64)	karch=arm64 srcarch=arm64 cross=aarch64-linux-gnu- target=Image
		image=arch/arm64/boot/Image qemu=qemu-system-aarch64
		machine="-M virt -cpu cortex-a57" console=ttyAMA0 user=qemu-aarch64 ;;
	armhf)	karch=arm srcarch=arm cross=arm-linux-gnueabihf- target=zImage
		image=arch/arm/boot/zImage qemu=qemu-system-arm
		machine="-M virt" console=ttyAMA0 user=qemu-arm ;;
	i386)	karch=i386 srcarch=x86 cross='' target=bzImage
		image=arch/x86/boot/bzImage qemu=qemu-system-i386
		machine='' console=ttyS0 user=qemu-i386 ;;
	ppc64el) karch=powerpc srcarch=powerpc cross=powerpc64le-linux-gnu-
		target=vmlinux image=vmlinux qemu=qemu-system-ppc64
		machine="-M pseries" console=hvc0 user=qemu-ppc64le ;;
	s390x)	karch=s390 srcarch=s390 cross=s390x-linux-gnu- target=bzImage
		image=arch/s390/boot/bzImage qemu=qemu-system-s390x
		machine="-M s390-ccw-virtio" console=ttysclp0 user=qemu-s390x ;;
	*)	echo "error: architecture must be amd64, arm64, armhf, i386, ppc64el or s390x, not '$1'" >&2
		exit 1 ;;
	esac
}
