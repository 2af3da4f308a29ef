#!/bin/sh
# Boot a kernel in QEMU and log its serial console: every guest of the
# project starts here, whatever its architecture or its root.  Exits
# with QEMU's status (0 when the guest ended itself), 124 when it was
# stopped for taking too long.
# Usage: scripts/guest/boot-guest.sh [OPTIONS] KERNEL LOG [DISK...]
#   --arch ARCH      the guest's architecture, a Debian name from
#                    scripts/lib/arch-table.sh (default amd64)
#   --tests LIST     the guest /init's tests (xarray.tests=LIST)
#   --append ARGS    more kernel command line
#   --initrd FILE    the initramfs (default: path initramfs);
#                    "none" boots with none: the root is then the one
#                    --append names (root=/dev/vda for a Debian image),
#                    or there is none and the kernel panics once its
#                    built-in self-tests are done (make arches)
#   --cpus N         guest CPUs (default 2)
#   --mem MB         guest memory (default 512)
#   --timeout SECS   stop a guest that has not ended (default 1200)
#   --watch REGEX --idle SECS
#                    stop the guest when no new console line has matched
#                    REGEX (an extended regular expression) for SECS
#                    seconds: a test that hangs (make fstests)
#   --icount         the guest's clocks count the instructions it runs,
#                    one nanosecond each (QEMU's -icount, one TCG thread),
#                    so times taken in it do not depend on the host's load;
#                    only while it waits for its disk does its time pass
#                    at the host's pace
#   --plugin SPEC    load a QEMU plugin ("FILE.so,ARG=VALUE")
#   --kvm            KVM instead of TCG (on the machines this was built
#                    on, /dev/kvm opens but a KVM guest does not run)
# Disks are virtio, in order (/dev/vda, /dev/vdb).  Guests end with
# reboot -f, poweroff or a panic (panic=-1), which -no-reboot turns into
# a QEMU exit.  x86 CPUs are one per socket: a kernel without ACPI finds
# them in SeaBIOS's MP table, which lists one per socket.
set -eu
. "$(dirname "$0")/../lib/common.sh"
. "$REPO/scripts/lib/arch-table.sh"
usage="usage: $0 [OPTIONS] KERNEL LOG [DISK...]"
arch=amd64 tests='' append='' initrd=$(path initramfs) cpus=2 mem=512
timeout=1200 accel="-accel tcg" plugin='' watch='' idle=''
while [ $# -gt 0 ]; do
	case $1 in
	--arch)		arch=$2; shift 2 ;;
	--watch)	watch=$2; shift 2 ;;
	--idle)		idle=$2; shift 2 ;;
	--tests)	tests=$2; shift 2 ;;
	--append)	append="$append $2"; shift 2 ;;
	--initrd)	initrd=$2; shift 2 ;;
	--cpus)		cpus=$2; shift 2 ;;
	--mem)		mem=$2; shift 2 ;;
	--timeout)	timeout=$2; shift 2 ;;
	--icount)	accel="-accel tcg,thread=single -icount shift=0,sleep=on"; shift ;;
	--plugin)	plugin="-plugin $2"; shift 2 ;;
	--kvm)		accel="-enable-kvm -cpu host"; shift ;;
	--*)		die "$usage" ;;
	*)		break ;;
	esac
done
[ $# -ge 2 ] || die "$usage"
[ -n "$watch" ] && [ -n "$idle" ] || [ -z "$watch$idle" ] ||
	die "--watch and --idle go together"
arch_table "$arch"
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
case $srcarch in
x86)	smp="$cpus,sockets=$cpus,cores=1,threads=1" ;;
*)	smp=$cpus ;;
esac
[ -z "$tests" ] || append="xarray.tests=$tests $append"

# start_qemu: QEMU in the background, held to --timeout; its pid in qemu.
start_qemu() {
	# shellcheck disable=SC2086 # the option strings are words
	timeout -k 10 "$timeout" "$qemu" $machine $accel \
		-m "$mem" -smp "$smp" \
		-nographic -no-reboot $boot $drives $plugin \
		-append "console=$console $KERNEL_ARGS $append" \
		</dev/null >"$log" 2>&1 &
	qemu=$!
}

# watch_console: wait for QEMU, stopping it when no new line has matched
# --watch for --idle seconds.  Returns 0 when QEMU ended by itself.
watch_console() {
	seen=0 since=$(date +%s)
	while kill -0 "$qemu" 2>/dev/null; do
		sleep 5
		n=$(grep -a -c -E "$watch" "$log" || true)
		if [ "$n" != "$seen" ]; then
			seen=$n since=$(date +%s)
		elif [ $(($(date +%s) - since)) -ge "$idle" ]; then
			step "no new console line matching the watch for $idle s: stopping the guest"
			kill "$qemu" 2>/dev/null || true
			return 1
		fi
	done
}

rc=0
start_qemu
trap 'kill "$qemu" 2>/dev/null || true' EXIT
trap 'exit 1' INT TERM HUP
if [ -n "$watch" ] && ! watch_console; then
	wait "$qemu" || :
	exit 124
fi
wait "$qemu" || rc=$?
exit "$rc"
