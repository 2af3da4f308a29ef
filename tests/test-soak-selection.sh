#!/bin/sh
# What make fstests runs, and in which order (scripts/fstests/soak.sh
# --report writes the selection and runs nothing): every test of the
# quick group in each section, once; in each test directory, the tests
# of the page-cache groups (--first's default) ahead of the others;
# generic/ ahead of xfs/ in the xfs section; with --first "", the plain
# order.  Membership is read here from each test's _begin_fstest line,
# not from scripts/fstests/group.sh.  Uses the pinned fstests tarball
# and a made-up cache: no kernel is built.
set -eu
. "$(dirname "$0")/../scripts/lib/common.sh"
. "$REPO/tests/lib/tally.sh"
. "$REPO/tests/lib/fake-cache.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fake_cache "$tmp"
soak=$(path soak)
groups='rw mmap punch zero collapse insert clone seek aio prealloc'

# selection_of ARGS...: the soak's selection for ARGS, in $tmp/selection.
selection_of() {
	rc=0
	sh "$REPO/scripts/fstests/soak.sh" --report "$@" >"$tmp/out" 2>&1 || rc=$?
	cp "$soak/selection" "$tmp/selection" 2>/dev/null || : >"$tmp/selection"
	return "$rc"
}

# in_groups SECTION TEST LIST: whether TEST's _begin_fstest line names
# any group in LIST.
in_groups() {
	awk -v l="$2" 'BEGIN { n = split(l, g, " ") }
		/^_begin_fstest/ {
			for (i = 2; i <= NF; i++) for (j = 1; j <= n; j++) if ($i == g[j]) f = 1
			exit
		}
		END { exit !f }' "$soak/fstests-src/tests/$1"
}

# tagged: the selection as "SECTION DIR TIER TEST" lines, TIER 0 for a
# test in a page-cache group and 1 for the others.
tagged() {
	while read -r s t; do
		tier=1
		! in_groups "$t" "$groups" || tier=0
		echo "$s ${t%%/*} $tier $t"
	done <"$tmp/selection"
}

# quick DIR...: the quick group's tests in DIRs, sorted.
quick() {
	for d in "$@"; do
		for t in "$soak/fstests-src/tests/$d"/[0-9][0-9][0-9]; do
			! in_groups "$d/${t##*/}" quick || echo "$d/${t##*/}"
		done
	done | sort
}

ok=no
if selection_of --section xfs --section tmpfs_huge; then ok=yes; fi
tally selection-of-xfs-and-tmpfs-huge-succeeds "$ok" "$tmp/out"

quick generic xfs | sed 's/^/xfs /' >"$tmp/want"
quick generic tmpfs | sed 's/^/tmpfs_huge /' >>"$tmp/want"
sort "$tmp/want" -o "$tmp/want"
sort "$tmp/selection" >"$tmp/got"
ok=no
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then ok=yes; fi
diff "$tmp/want" "$tmp/got" >"$tmp/check" || :
tally selection-is-every-quick-test-once "$ok" "$tmp/check"

tagged >"$tmp/tagged"
# A directory's tiers must not go back from 1 to 0, and both must be there.
awk '{ k = $1 " " $2 }
	k in last && $3 < last[k] { bad = bad " " $4 }
	{ last[k] = $3; seen[$3] = 1 }
	END {
		if (bad != "") { print "page-cache tests after others:" bad; exit 1 }
		if (!(0 in seen) || !(1 in seen)) { print "one tier is empty"; exit 1 }
	}' "$tmp/tagged" >"$tmp/check" && ok=yes || ok=no
tally page-cache-groups-first-in-each-directory "$ok" "$tmp/check"

awk '$1 == "xfs" && $2 == "xfs" { x = 1 } $1 == "xfs" && $2 == "generic" && x { bad = 1 }
	END { exit bad }' "$tmp/tagged" && ok=yes || ok=no
tally generic-before-xfs-in-the-xfs-section "$ok"

selection_of --section xfs --first '' || :
sort -c -k 2 "$tmp/selection" 2>"$tmp/check" && ok=yes || ok=no
[ -s "$tmp/selection" ] || ok=no
tally first-none-keeps-the-directory-order "$ok" "$tmp/check"
tally_end
