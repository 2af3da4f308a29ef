#!/bin/sh
# Boot kernel NAME (path build NAME) on fresh disks and run the guest
# TESTS (comma-separated names from guest/workloads/).
# Usage: scripts/guest/run-guest.sh [--tag TAG] [BOOT-OPTIONS] NAME TESTS
# The run is NAME, or NAME-TAG for a further boot of the same kernel: its
# console is (path console guest-RUN) and its btrfs disk (/dev/vda)
# (path btrfs-image RUN), kept for "parse-log.sh btrfs".  A kernel with XFS
# also gets a fresh XFS disk (/dev/vdb), and one with modules
# (path modules-cpio NAME) gets them after the initramfs.
# BOOT-OPTIONS are boot-guest.sh's (--append, --cpus, --timeout,
# --icount, --plugin).  Prints the guest's result lines and how long it
# ran; the steps after it judge the console.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--tag TAG] [BOOT-OPTIONS] NAME TESTS"
tag='' opts='' append=''
while [ $# -gt 0 ]; do
	case $1 in
	--tag)		tag=$2; shift 2 ;;
	--icount)	opts="$opts $1"; shift ;;
	--append)	append=$2; shift 2 ;;
	--cpus|--timeout|--plugin) opts="$opts $1 $2"; shift 2 ;;
	--*)		die "$usage" ;;
	*)		break ;;
	esac
done
[ $# -eq 2 ] || die "$usage"
name=$1 tests=$2 run=$1${tag:+-$tag}
kernel=$(path kernel "$name")
log=$(path console "guest-$run")
[ -f "$kernel" ] || die "no kernel $kernel"
mkdir -p "$(path logs)"
set -- "$(path btrfs-image "$run")"
sh "$REPO/scripts/guest/make-disk-image.sh" "$1" 2G
if grep -q '^CONFIG_XFS_FS=y' "$(path build "$name")/.config"; then
	set -- "$@" "$(path xfs-image "$run")"
	sh "$REPO/scripts/guest/make-disk-image.sh" "$2" 3G xfs
fi
# The kernel's modules (build-modules.sh), appended as a second archive:
# the kernel unpacks concatenated cpio archives one after the other.
initrd=$(path initramfs)
if [ -f "$(path modules-cpio "$name")" ]; then
	initrd=$(path initrd "$run")
	cat "$(path initramfs)" "$(path modules-cpio "$name")" >"$initrd"
fi
start=$(date +%s)
rc=0
# shellcheck disable=SC2086 # the options are words
sh "$REPO/scripts/guest/boot-guest.sh" $opts --append "$append" \
	--initrd "$initrd" --tests "$tests" "$kernel" "$log" "$@" || rc=$?
grep -a -E '^(XARRAY-|btrfs-work:|pagecache-work:|hugepage-work:|hugepage:)|tests passed' "$log" || true
echo "guest $run ran in $(($(date +%s) - start)) s (QEMU exit $rc)"
