#!/bin/sh
# Build the kernel at every patch of the series: apply patches/ one at a
# time to the git checkout of the pristine tree (git_tree in common.sh)
# and, after each, compile the objects of the C files it touches plus
# lib/xarray.o and lib/test_xarray.o, at the dist geometry (base and
# dist config fragments).  A compiler error or warning fails the step
# and names the patch.  The output directory is path build-each-patch;
# ccache and make's timestamps keep a rerun short.
# Usage: scripts/series/build-each-patch.sh [SERIES_DIR]
set -eu
. "$(dirname "$0")/../lib/common.sh"
series=${1:-$REPO/patches}
out=$(path build-each-patch)
kmake() {
	make -s -C "$GIT_TREE" O="$out" CC="ccache gcc" -j"$JOBS" "$@"
}

# objects_of PATCH: the .o of each .c file PATCH touches, and the two
# XArray objects, which every patch's headers reach.
objects_of() {
	{
		sed -n 's|^+++ b/\(.*\)\.c$|\1.o|p' "$1"
		echo lib/xarray.o
		echo lib/test_xarray.o
	} | sort -u
}

git_tree
git_in_tree checkout -q -f -B each-patch pristine
git_in_tree clean -q -fdx
mkdir -p "$CCACHE_DIR"
merge_config "$GIT_TREE" "$out" "$REPO/config/base.config" \
	"$REPO/config/dist.config"
kmake olddefconfig >/dev/null
step "preparing the build in $out"
kmake prepare >"$out/prepare.log" 2>&1 ||
	{ tail -20 "$out/prepare.log"; die "make prepare failed"; }
n=0
while read -r p; do
	n=$((n + 1))
	git_in_tree am -q "$series/$p" ||
		{ git_in_tree am --abort; die "$p does not apply"; }
	objects=$(objects_of "$series/$p")
	# shellcheck disable=SC2086 # paths without spaces
	kmake $objects >"$out/patch-$n.log" 2>&1 ||
		{ tail -20 "$out/patch-$n.log"; die "the tree does not build at $p"; }
	if grep -q 'warning:' "$out/patch-$n.log"; then
		grep 'warning:' "$out/patch-$n.log"
		die "the tree builds with warnings at $p"
	fi
	echo "built at $p: $(echo "$objects" | tr '\n' ' ')"
done <"$series/series"
git_in_tree checkout -q pristine
echo "$n patches, each builds"
