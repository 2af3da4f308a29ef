#!/bin/sh
# Regenerate patches/ (cover letter, 000N-*.patch, series) from the repo's
# sources, in git format-patch form against the pristine 6.1 tree.
#
# Only the files the series touches are put in a scratch git repository:
# a diff of a file does not depend on the rest of the tree, so the output
# equals a format-patch run on the whole tree at a fraction of the cost.
# Fixed identities and dates plus --zero-commit make the output a pure
# function of the inputs, so regenerating committed patches is a no-op.
#
# The series: series/radix-tree/*.patch; the new XArray at 6.1's
# semantics (series/xarray-commit-message.txt); series/xarray/*.patch,
# the changes beyond 6.1, one per patch; series/btrfs/*.patch.  The repo
# keeps only the final include/linux/xarray.h and lib/xarray.c, so the
# second patch's files are those with series/xarray/*.patch taken off,
# newest first.  A change to lines that one of them touches makes it no
# longer come off: this script then names it, and its hunk must be
# brought up to date by hand (doc/SERIES.md).
set -eu
. "$(dirname "$0")/../lib/common.sh"
OUT=${1:-$REPO/patches}
WORK=$(path series-repo)
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: run scripts/series/unpack-tree.sh"

export GIT_AUTHOR_NAME="Seed f3a9fb0e maintainers"
export GIT_AUTHOR_EMAIL="maintainers@users.noreply.a-seed-f3a9fb0e.example"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE="2026-12-01 00:00:00 +0000"
export GIT_COMMITTER_DATE="$GIT_AUTHOR_DATE"
g() { git -C "$WORK" -c core.autocrlf=false -c commit.gpgsign=false "$@"; }

XA_FILES="include/linux/xarray.h lib/xarray.c"
touched=$(sed -n 's|^+++ b/||p' "$REPO"/series/radix-tree/*.patch \
	"$REPO"/series/btrfs/*.patch)

rm -rf "$WORK"
mkdir -p "$WORK"
g init -q -b base
for f in $touched $XA_FILES; do	# paths without spaces
	mkdir -p "$WORK/$(dirname "$f")"
	[ -f "$PRISTINE/$f" ] && cp "$PRISTINE/$f" "$WORK/$f"
done
g add -A
g commit -q -m "linux 6.1 (pristine files touched by the series)"

# The preparatory patch adds lib/radix-tree.h, which the repo keeps too
# (the userspace build and the harness use it): the two must not drift.
for p in "$REPO"/series/radix-tree/*.patch; do
	g am -q --committer-date-is-author-date "$p"
done
cmp -s "$WORK/lib/radix-tree.h" "$REPO/lib/radix-tree.h" ||
	die "lib/radix-tree.h differs from what series/radix-tree/ adds"

for f in $XA_FILES; do
	cp "$REPO/$f" "$WORK/$f"
done
for p in $(printf '%s\n' "$REPO"/series/xarray/*.patch | sort -r); do
	g apply -R "$p" ||
		die "series/xarray/${p##*/} no longer comes off the repo's files: update it (doc/SERIES.md)"
done
g add -A
g commit -q -F "$REPO/series/xarray-commit-message.txt"
for p in "$REPO"/series/xarray/*.patch "$REPO"/series/btrfs/*.patch; do
	g am -q --committer-date-is-author-date "$p"
done
for f in $XA_FILES; do
	cmp -s "$WORK/$f" "$REPO/$f" || die "the series does not end with the repo's $f"
done

g config branch.base.description "$(cat "$REPO/series/cover-letter.txt")"
rm -rf "$OUT.tmp"
g format-patch -q --zero-commit --no-signature --cover-letter \
	--cover-from-description=subject -o "$OUT.tmp" HEAD~"$(g rev-list --count HEAD~1)"
(cd "$OUT.tmp" && for p in 0*.patch; do echo "$p"; done | grep -v '^0000-' >series)
rm -rf "$OUT"
mv "$OUT.tmp" "$OUT"
