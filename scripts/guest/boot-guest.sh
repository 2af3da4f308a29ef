#!/bin/sh
# Boot a kernel in QEMU and log its serial console; the one place that
# starts QEMU.  Exits with QEMU's status (0 when the guest ended itself).
# Usage: scripts/guest/boot-guest.sh [OPTIONS] KERNEL LOG [DISK...]
#   --tests LIST     the guest /init's tests (xarray.tests=LIST)
#   --append ARGS    more kernel command line
#   --initrd FILE    the initramfs (default $CACHE/initramfs.cpio.gz);
#                    "none" boots from the first disk's root instead
#   --cpus N         guest CPUs (default 2)
#   --mem MB         guest memory (default 512)
#   --timeout SECS   kill a guest that has not ended (default 1200)
#   --icount         the guest's clocks count the instructions it runs,
#                    one nanosecond each (QEMU's -icount, one TCG thread),
#                    so times taken in it do not depend on the host's load;
#                    only while it waits for its disk does its time pass
#                    at the host's pace
#   --plugin SPEC    load a QEMU plugin ("FILE.so,ARG=VALUE")
#   --pidfile FILE   write QEMU's process id to FILE (to stop it early)
#   --kvm            KVM instead of TCG (on the machines this was built
#                    on, /dev/kvm opens but a KVM guest does not run)
# Disks are virtio, in order (/dev/vda, /dev/vdb).  Guests end with
# reboot -f or poweroff, which -no-reboot turns into a QEMU exit.  CPUs
# are one per socket: a kernel without ACPI finds them in SeaBIOS's MP
# table, which lists one per socket.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [OPTIONS] KERNEL LOG [DISK...]"
tests='' append='' initrd=$CACHE/initramfs.cpio.gz cpus=2 mem=512
timeout=1200 accel="-accel tcg" plugin='' pidfile=''
while [ $# -gt 0 ]; do
	case $1 in
	--tests)	tests=$2; shift 2 ;;
	--append)	append="$append $2"; shift 2 ;;
	--initrd)	initrd=$2; shift 2 ;;
	--cpus)		cpus=$2; shift 2 ;;
	--mem)		mem=$2; shift 2 ;;
	--timeout)	timeout=$2; shift 2 ;;
	--icount)	accel="-accel tcg,thread=single -icount shift=0,sleep=on"; shift ;;
	--plugin)	plugin="-plugin $2"; shift 2 ;;
	--pidfile)	pidfile="-pidfile $2"; shift 2 ;;
	--kvm)		accel="-enable-kvm -cpu host"; shift ;;
	--*)		die "$usage" ;;
	*)		break ;;
	esac
done
[ $# -ge 2 ] || die "$usage"
kernel=$1 log=$2
shift 2
[ -f "$kernel" ] || die "no kernel $kernel"
boot="-kernel $kernel"
if [ "$initrd" != none ]; then
	[ -f "$initrd" ] || die "no initramfs $initrd: run scripts/guest/make-initramfs.sh"
	boot="$boot -initrd $initrd"
fi
drives=''
for d in "$@"; do
	drives="$drives -drive file=$d,format=raw,if=virtio,cache=unsafe"
done
[ -z "$tests" ] || append="xarray.tests=$tests $append"
rc=0
# shellcheck disable=SC2086 # the option strings are words
timeout -k 10 "$timeout" qemu-system-x86_64 $accel \
	-m "$mem" -smp "$cpus,sockets=$cpus,cores=1,threads=1" \
	-nographic -no-reboot $boot $drives $plugin $pidfile \
	-append "$KERNEL_ARGS $append" \
	</dev/null >"$log" 2>&1 || rc=$?
exit "$rc"
