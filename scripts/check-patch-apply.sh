#!/bin/sh
# Check that the committed series applies to a full pristine 6.1 tree with
# both `patch -p1` and `git am`.  The tree is a git checkout of the pristine
# copy, made once in the cache (about a minute) and reset for each check.
set -eu
. "$(dirname "$0")/common.sh"
series=${1:-$REPO/patches}
tree=$CACHE/linux-git
g() { git -C "$tree" -c user.name=check -c user.email=check@localhost \
	-c commit.gpgsign=false "$@"; }
if [ ! -f "$tree/.git/pristine-done" ]; then
	step "making a git checkout of the pristine tree in $tree"
	rm -rf "$tree"
	cp -a "$PRISTINE" "$tree"
	rm -f "$tree/.unpacked"
	g init -q -b pristine
	g add -A -f  # Debian's top-level .gitignore ignores everything
	g commit -q -m "linux 6.1 pristine"
	touch "$tree/.git/pristine-done"
fi
g reset -q --hard pristine
g clean -q -fdx
while read -r p; do
	patch -s -p1 -d "$tree" --dry-run <"$series/$p" >/dev/null ||
		die "patch -p1: $p does not apply"
	patch -s -p1 -d "$tree" <"$series/$p"
done <"$series/series"
echo "patch -p1: $(wc -l <"$series/series") patches apply"
g reset -q --hard pristine
g clean -q -fdx
g checkout -q -B am-check pristine
# shellcheck disable=SC2046
g am -q $(sed "s|^|$series/|" "$series/series") ||
	{ g am --abort; die "git am failed"; }
echo "git am: $(g rev-list --count pristine..HEAD) commits applied"
g checkout -q pristine
