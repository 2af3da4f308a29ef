#!/bin/sh
# scripts/checkpatch.pl --strict on each patch of the series, run from the
# pristine tree: every patch must have 0 errors and 0 warnings (checks are
# listed, not judged).  UNKNOWN_COMMIT_ID is ignored because checkpatch
# looks commit IDs up in git history and the Debian tarball has none, so
# any reference (the backport's "commit ... upstream." line among them)
# would warn; the IDs are the ones upstream wrote.
set -eu
. "$(dirname "$0")/../lib/common.sh"
series=${1:-$REPO/patches}
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: run scripts/series/unpack-tree.sh"
rc=0 n=0 checks=0
while read -r p; do
	out=$(cd "$PRISTINE" && perl scripts/checkpatch.pl --strict \
		--ignore UNKNOWN_COMMIT_ID --show-types "$series/$p" 2>&1) || true
	total=$(echo "$out" | grep '^total:' || echo 'total: no result')
	echo "$p: $total"
	case $total in
	"total: 0 errors, 0 warnings,"*) ;;
	*)	echo "$out" | grep -E -A3 '^(ERROR|WARNING)' | head -40; rc=1 ;;
	esac
	echo "$out" | grep -E '^CHECK' | sed 's/^/    /' || true
	n=$((n + 1)) checks=$((checks + $(echo "$out" | grep -c '^CHECK' || true)))
done <"$series/series"
[ "$rc" -eq 0 ] && echo "checkpatch --strict: $n patches, 0 errors, 0 warnings, $checks checks"
exit $rc
