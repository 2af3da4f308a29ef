#!/bin/sh
# Check that the committed series applies to a full pristine 6.1 tree with
# both `patch -p1` and `git am`, on the git checkout of the pristine tree
# (git_tree in common.sh), reset for each check.
set -eu
. "$(dirname "$0")/../lib/common.sh"
series=${1:-$REPO/patches}
git_tree
git_in_tree reset -q --hard pristine
git_in_tree clean -q -fdx
while read -r p; do
	patch -s -p1 -d "$GIT_TREE" --dry-run <"$series/$p" >/dev/null ||
		die "patch -p1: $p does not apply"
	patch -s -p1 -d "$GIT_TREE" <"$series/$p"
done <"$series/series"
echo "patch -p1: $(wc -l <"$series/series") patches apply"
git_in_tree reset -q --hard pristine
git_in_tree clean -q -fdx
git_in_tree checkout -q -B am-check pristine
# shellcheck disable=SC2046
git_in_tree am -q $(sed "s|^|$series/|" "$series/series") ||
	{ git_in_tree am --abort; die "git am failed"; }
echo "git am: $(git_in_tree rev-list --count pristine..HEAD) commits applied"
git_in_tree checkout -q pristine
