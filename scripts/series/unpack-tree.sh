#!/bin/sh
# Unpack the Debian 6.1 source tarball once into the cache as a pristine
# copy.  The stamp file marks a complete unpack, so an interrupted one
# is redone rather than trusted.
set -eu
. "$(dirname "$0")/../lib/common.sh"
[ -f "$PRISTINE/.unpacked" ] && exit 0
[ -f "$TARBALL" ] || die "$TARBALL missing (make deps installs linux-source-6.1)"
step "unpacking $TARBALL into $PRISTINE"
rm -rf "$PRISTINE" "$PRISTINE.tmp"
mkdir -p "$PRISTINE.tmp"
tar -xJf "$TARBALL" -C "$PRISTINE.tmp" --strip-components=1
mv "$PRISTINE.tmp" "$PRISTINE"
touch "$PRISTINE/.unpacked"
