#!/bin/sh
# Check that the committed series applies to a full pristine 6.1 tree with
# both `patch -p1` and `git am`, on the git checkout of the pristine tree
# (git_tree in common.sh), reset for each check.
set -eu
. "$(dirname "$0")/common.sh"
series=${1:-$REPO/patches}
tree=$GIT_TREE
g() { git -C "$tree" -c user.name=check -c user.email=check@localhost \
	-c commit.gpgsign=false "$@"; }
git_tree
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
