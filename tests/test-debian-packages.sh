#!/bin/sh
# The Debian packages: dpkg-buildpackage -us -uc -b builds libxarray0 and
# libxarray-dev from a copy of the committed sources, lintian finds no
# error or warning in them, and in a clean Debian 12 root (mmdebstrap,
# scripts/debian/build-rootfs.sh) the README example builds against the
# installed packages with pkg-config and prints what README says.
set -eu
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../scripts/lib/common.sh"
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"

mkdir "$tmp/src"
git -C "$REPO" ls-files -z | (cd "$REPO" && xargs -0 tar cf -) |
	tar xf - -C "$tmp/src"
step "dpkg-buildpackage -us -uc -b"
(cd "$tmp/src" && dpkg-buildpackage -us -uc -b) >"$tmp/build.log" 2>&1 ||
	{ tail -30 "$tmp/build.log"; die "dpkg-buildpackage failed"; }
debs=$(ls "$tmp"/libxarray0_*.deb "$tmp"/libxarray-dev_*.deb)
echo "built: $(for d in $debs; do printf '%s ' "${d##*/}"; done)"

# shellcheck disable=SC2086 # file names without spaces
lintian --tag-display-limit 0 $debs >"$tmp/lintian.log" 2>&1 || true
errors=$(grep -c '^E:' "$tmp/lintian.log" || true)
warnings=$(grep -c '^W:' "$tmp/lintian.log" || true)
grep '^[EW]:' "$tmp/lintian.log" || true
echo "lintian: $errors errors, $warnings warnings"
[ "$errors" -eq 0 ] && [ "$warnings" -eq 0 ] || exit 1

root=$(sh "$REPO/scripts/debian/build-rootfs.sh" \
	--packages gcc,libc6-dev,pkg-config,liburcu-dev)
mkdir "$tmp/root"
tar xf "$root" -C "$tmp/root"
# shellcheck disable=SC2086
cp $debs "$tmp/root/tmp/"
readme_example >"$tmp/root/tmp/example.c"
# shellcheck disable=SC2016 # expanded inside the root
chroot "$tmp/root" sh -eu -c '
	dpkg -i /tmp/libxarray0_*.deb /tmp/libxarray-dev_*.deb >/dev/null
	cd /tmp
	cc -Wall -Wextra -Werror -o example example.c $(pkg-config --cflags --libs xarray)
	./example' >"$tmp/out"
cat "$tmp/out"
readme_output_ok "$tmp/out" ||
	die "the README example did not print 'sum 499500, 500 marked' twice in the Debian root"
echo "README example: built with pkg-config against the installed packages in a clean Debian 12 root, output as documented"
