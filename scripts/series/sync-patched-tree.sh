#!/bin/sh
# Make $PATCHED equal to the pristine tree plus patches/ (in series order),
# touching only files whose content changes.  lib/xarray.h is included by
# nearly every kernel file, so rewriting it unchanged would throw away an
# incremental build.  $PATCHED starts as a hard-link copy of the pristine
# tree; a file is always replaced (rm, then cp), never written in place,
# so the pristine copy is never modified through a shared link.
set -eu
. "$(dirname "$0")/../lib/common.sh"
series=${1:-$REPO/patches}
stage=$(path stage)
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: run scripts/series/unpack-tree.sh"
if [ ! -f "$PATCHED/.linked" ]; then
	step "creating $PATCHED"
	rm -rf "$PATCHED"
	cp -al "$PRISTINE" "$PATCHED"
	touch "$PATCHED/.linked"
fi

now=$(cd "$series" && sed 's|^|'"$series"'/|' series | xargs sed -n 's|^+++ b/||p' | sort -u)
before=$(cat "$PATCHED/.touched" 2>/dev/null || true)
rm -rf "$stage"
mkdir -p "$stage"
for f in $now; do
	mkdir -p "$stage/$(dirname "$f")"
	[ -f "$PRISTINE/$f" ] && cp "$PRISTINE/$f" "$stage/$f"
done
while read -r p; do
	patch -s -p1 -d "$stage" --no-backup-if-mismatch <"$series/$p" ||
		die "$p does not apply to the pristine tree"
done <"$series/series"

replace() {	# replace SRC DST: put SRC's content at DST unless equal
	cmp -s "$1" "$2" && return 0
	echo "updated $2"
	rm -f "$2"
	cp "$1" "$2"
}
for f in $now; do
	replace "$stage/$f" "$PATCHED/$f"
done
for f in $before; do	# files an older series touched and this one does not
	case " $(echo "$now" | tr '\n' ' ') " in *" $f "*) continue ;; esac
	if [ -f "$PRISTINE/$f" ]; then
		replace "$PRISTINE/$f" "$PATCHED/$f"
	else
		rm -f "$PATCHED/$f"
	fi
done
echo "$now" >"$PATCHED/.touched"
