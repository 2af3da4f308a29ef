#!/bin/sh
# A series with a patch that no longer applies must fail both the apply
# check (patch -p1 and git am) and the patched-tree step, so make test
# and make run cannot pass on a broken series.  sync-patched-tree applies
# the whole series in a staging directory first, so the patched tree is
# not touched when it fails.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$repo/patches" "$tmp/series"
# Corrupt one context line of the btrfs patch.
p=$(grep -l '^+++ b/fs/btrfs/delayed-inode.c' "$tmp"/series/000*.patch | head -n 1)
sed -i '0,/^ 	spin_lock(&root->inode_lock);$/s// 	spin_lock(\&root->no_such_lock);/' "$p"
cmp -s "$p" "$repo/patches/$(basename "$p")" && { echo "corruption did not apply"; exit 1; }
rc=0
if sh "$repo/scripts/series/check-patch-apply.sh" "$tmp/series" >"$tmp/out" 2>&1; then
	echo "check-patch-apply accepted a broken series"; rc=1
else
	echo "check-patch-apply rejected it: $(tail -n 1 "$tmp/out")"
fi
if sh "$repo/scripts/series/sync-patched-tree.sh" "$tmp/series" >"$tmp/out" 2>&1; then
	echo "sync-patched-tree accepted a broken series"; rc=1
else
	echo "sync-patched-tree rejected it: $(tail -n 1 "$tmp/out")"
fi
[ "$rc" -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $rc
