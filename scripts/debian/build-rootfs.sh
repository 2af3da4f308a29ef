#!/bin/sh
# Build (once) a Debian 12 root filesystem tarball with mmdebstrap, from
# the machine's own apt sources file, and print its path.  The tarball is
# kept in (path rootfs) under a name made from the package list, the
# sources and the customize hook with its input, so it is rebuilt only
# when one of them changes.
# Usage: scripts/debian/build-rootfs.sh --packages "pkg1,pkg2,..." [--customize SCRIPT --input FILE]
#   --customize SCRIPT  run "sh SCRIPT ROOT FILE" once the packages are in
#   --input FILE        the file handed to SCRIPT
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 --packages pkg1,pkg2,... [--customize SCRIPT --input FILE]"
packages='' script='' input=''
while [ $# -gt 0 ]; do
	case $1 in
	--packages)	packages=$2; shift 2 ;;
	--customize)	script=$2; shift 2 ;;
	--input)	input=$2; shift 2 ;;
	*)		die "$usage" ;;
	esac
done
[ -n "$packages" ] || die "$usage"
if [ -n "$script$input" ]; then
	{ [ -f "$script" ] && [ -f "$input" ]; } || die "$usage"
fi

# The machine's apt sources: the one-line file if it has entries, else
# the first deb822 file.
sources=
if grep -q '^deb ' /etc/apt/sources.list 2>/dev/null; then
	sources=/etc/apt/sources.list
else
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && { sources=$f; break; }
	done
fi
[ -n "$sources" ] || die "no apt sources file in /etc/apt"

set --
[ -z "$script" ] || set -- --customize-hook="sh '$script' \"\$1\" '$input'"
key=$({ echo "$packages"; cat "$sources"; [ -z "$script" ] || cat "$script" "$input"; } |
	sha256sum | cut -c1-16)
out=$(path rootfs)/bookworm-$key.tar
if [ ! -f "$out" ]; then
	step "building a Debian 12 root with $packages (from $sources)"
	mkdir -p "$(path rootfs)"
	mmdebstrap --quiet --variant=apt --format=tar --include="$packages" \
		"$@" bookworm "$out.tmp" "$sources" >&2
	mv "$out.tmp" "$out"
fi
echo "$out"
