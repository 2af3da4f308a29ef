#!/bin/sh
# The checkpatch step must fail on a series that checkpatch warns about:
# add a BUG_ON() to the XArray patch (checkpatch's AVOID_BUG warning)
# and expect scripts/series/run-checkpatch.sh to reject the copy.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$repo/patches" "$tmp/series"
p=$(grep -l '^+++ b/lib/xarray.c' "$tmp"/series/000[2-9]*.patch | head -n 1)
# Add a line after the first added "return true;" and fix the hunk's
# line count, so the patch stays well formed.
awk '/^@@ / { hunk = NR }
     { line[NR] = $0 }
     !done && /^\+\treturn true;$/ { after = NR; fix = hunk; done = 1 }
     END {
	for (i = 1; i <= NR; i++) {
		if (i == fix && match(line[i], /\+[0-9]+,[0-9]+/)) {
			split(substr(line[i], RSTART + 1, RLENGTH - 1), n, ",")
			sub(/\+[0-9]+,[0-9]+/, "+" n[1] "," n[2] + 1, line[i])
		}
		print line[i]
		if (i == after)
			print "+\tBUG_ON(!xas);"
	}
     }' "$p" >"$tmp/x" && mv "$tmp/x" "$p"
grep -q '^+	BUG_ON(!xas);$' "$p" || { echo "could not add the BUG_ON"; exit 1; }
if sh "$repo/scripts/series/run-checkpatch.sh" "$tmp/series" >"$tmp/out" 2>&1; then
	cat "$tmp/out"
	echo "checkpatch step accepted a patch with a BUG_ON"
	echo "0 passed, 1 failed"
	exit 1
fi
grep 'AVOID_BUG' "$tmp/out" | head -n 1
echo "checkpatch step rejected it: $(grep -F "$(basename "$p")" "$tmp/out")"
echo "1 passed, 0 failed"
