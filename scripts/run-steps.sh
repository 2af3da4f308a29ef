#!/bin/sh
# Run the steps listed in steps files, one "NAME COMMAND..." per line
# (# starts a comment), from the repo root, with CACHE exported.  Shows progress, keeps each
# step's output in $CACHE/logs/NAME.log, prints the tail of a failing
# step, then a summary table (step, result, time, what it said last)
# and "N passed, N failed" as the last line.  Exits 1 on any failure.
set -eu
. "$(dirname "$0")/common.sh"
[ $# -ge 1 ] || die "usage: $0 STEPFILE..."
export CACHE
steps=$(mktemp)
logs=$CACHE/logs
mkdir -p "$logs"
summary=$(mktemp)
trap 'rm -f "$summary" "$steps"' EXIT
cat "$@" >"$steps"
cd "$REPO"
total=$(grep -c -v -E '^[[:space:]]*(#|$)' "$steps")
i=0 passed=0 failed=0 t0=$(date +%s)
while read -r name cmd; do
	case $name in ''|'#'*) continue ;; esac
	i=$((i + 1))
	printf '==> [%d/%d] %s\n' "$i" "$total" "$name"
	start=$(date +%s)
	if sh -c "$cmd" >"$logs/$name.log" 2>&1 </dev/null; then
		r=PASS passed=$((passed + 1))
	else
		r=FAIL failed=$((failed + 1))
		tail -n 25 "$logs/$name.log" | sed 's/^/    | /'
	fi
	secs=$(($(date +%s) - start))
	last=$(grep -v '^==>' "$logs/$name.log" | tail -n 1 | cut -c1-60)
	printf '%s %s (%d s) %s\n' "$r" "$name" "$secs" "$last"
	printf '%-24s %-4s %6d s  %s\n' "$name" "$r" "$secs" "$last" >>"$summary"
done <"$steps"
echo
echo "Summary ($*, $(($(date +%s) - t0)) s in all, logs in $logs)"
printf '%-24s %-4s %8s  %s\n' step result time detail
cat "$summary"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
