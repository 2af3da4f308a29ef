#!/bin/sh
# Build the guest initramfs: busybox-static, the guest scripts from
# guest/workloads/ (tests in /tests, helpers from guest/workloads/lib in
# /lib/guest) and the static workload programs, as a gzipped cpio.
# Usage: scripts/guest/make-initramfs.sh OUTPUT
set -eu
. "$(dirname "$0")/../lib/common.sh"
out=${1:-$(path initramfs)}
root=$(path initramfs-root)
rm -rf "$root"
mkdir -p "$root/bin" "$root/tests" "$root/proc" "$root/sys" "$root/dev" \
	"$root/mnt" "$root/tmp"
cp /bin/busybox "$root/bin/busybox"
install -m 755 "$REPO/guest/workloads/init" "$root/init"
for c in "$REPO"/guest/workloads/*.c; do
	gcc -static -O2 -Wall -Wextra -Werror -o "$root/bin/$(basename "$c" .c)" "$c"
done
for t in "$REPO"/guest/workloads/*; do
	case $t in *.c|*/init|*/lib) continue ;; esac
	install -m 755 "$t" "$root/tests/$(basename "$t")"
done
mkdir -p "$root/lib/guest"	# shell helpers the tests source
install -m 644 "$REPO"/guest/workloads/lib/*.sh "$root/lib/guest/"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -9 >"$out.tmp"
mv "$out.tmp" "$out"
