#!/bin/sh
# Boot the Debian 12 system on kernel NAME: scripts/debian/boot-debian.sh NAME
# A fresh disk (make-debian-image.sh) is booted with root=/dev/vda and
# systemd as PID 1; its units build libxarray, run the API tests, report
# and power off.  Passes when the test unit succeeded, systemd reached
# "running" with no failed unit, the journal holds no kernel message of
# warning priority, the console shows no splat, the guest powered off by
# itself, and btrfs check finds the disk clean afterwards.
# Two kernel warnings tell of the host, not of the kernel: at boot the
# kernel times its clocks against each other for a few milliseconds,
# which TCG on a busy host (the background lanes of make test) cannot
# hold steady.  The TSC's PIT calibration then fails (the kernel falls
# back to HPET) and the local APIC timer fails its check (the kernel
# uses the broadcast timer).  They are shown and not judged.
# The built-in self-tests are skipped (initcall_blacklist): the initramfs
# guest runs them, and test_ida warns on purpose.
# Console: path console debian-NAME; disk: path debian-image NAME
set -eu
. "$(dirname "$0")/../lib/common.sh"
name=${1:?usage: $0 NAME}
kernel=$(path kernel "$name")
img=$(path debian-image "$name")
log=$(path console "debian-$name")
[ -f "$kernel" ] || die "no kernel $kernel"
mkdir -p "$(path logs)"
sh "$REPO/scripts/debian/make-debian-image.sh" "$img"
step "booting Debian 12 on $name"
start=$(date +%s)
rc=0
sh "$REPO/scripts/guest/boot-guest.sh" --initrd none --mem 1024 --timeout 2400 \
	--append "root=/dev/vda rootfstype=btrfs rw systemd.gpt_auto=0 $NO_SELFTESTS" \
	"$kernel" "$log" "$img" || rc=$?
secs=$(($(date +%s) - start))
# The units' lines, without the console's time and unit prefix.
said=$(tr -d '\r' <"$log" | grep -a -o 'XARRAY-[A-Z-]* .*' || true)
echo "$said"
has() { echo "$said" | grep -q "^$1"; }
judged=$(echo "$said" | grep -v -x \
	-e 'XARRAY-KERNEL-WARNING .*kernel: tsc: Unable to calibrate against PIT' \
	-e 'XARRAY-KERNEL-WARNING .*kernel: APIC timer disabled due to verification failure' || true)
warned() { echo "$judged" | grep -q '^XARRAY-KERNEL-WARNING'; }
fail=
has 'XARRAY-UNIT pass' || fail="$fail, the test unit did not pass"
has 'XARRAY-SYSTEM state=running test-unit=success' ||
	fail="$fail, systemd did not reach running with the test unit a success"
! has XARRAY-FAILED-UNIT || fail="$fail, a unit failed"
! warned || fail="$fail, the kernel warned"
[ "$rc" = 0 ] && grep -a -q 'reboot: Power down' "$log" ||
	fail="$fail, no clean poweroff (QEMU exit $rc)"
splat=$(sh "$REPO/scripts/guest/parse-log.sh" nosplat "$log") || fail="$fail, $splat"
sh "$REPO/scripts/guest/parse-log.sh" btrfs "$img" >"$(path logs)/debian-$name.btrfs-check" 2>&1 ||
	fail="$fail, btrfs check found errors"
[ -z "$fail" ] || die "Debian on $name, ${secs} s: ${fail#, } (see $log)"
up=$(echo "$said" | sed -n 's/^XARRAY-SYSTEM .*uptime=\([0-9]*\).*/\1/p')
shown=$(echo "$said" | grep -c '^XARRAY-KERNEL-WARNING' || true)
timing=$((shown - $(echo "$judged" | grep -c '^XARRAY-KERNEL-WARNING' || true)))
echo "Debian 12 on $name: running at $up s with its test unit passed, no failed unit, no kernel warning (host timing: $timing); powered off, btrfs check clean; $secs s in all"
