#!/bin/sh
# Run the steps listed in steps files, one "NAME COMMAND..." per line
# (# starts a comment), from the repo root, in a shell that has sourced
# scripts/lib/common.sh (so a step asks "$(path console guest-patched)"
# for a file rather than spelling it).  Shows progress, keeps each
# step's output in "$(path logs)/NAME.log", prints the tail of a failing
# step, then a summary table (step, result, time, what it said last)
# and "N passed, N failed" as the last line.  Exits 1 on any failure.
#
# A foreground step's own progress lines ("==> ..." from step() in
# scripts/lib/common.sh) show as they come, indented.
#
# A step named "NAME&" goes to the background lane: the lane runs its
# steps one after another, in their order, while the foreground goes on
# with the steps that follow.  A line "wait" waits for the lane to
# finish and reports its steps; the end of the last file does too.  The
# lane is for long boots that leave a core idle (a single-threaded
# self-test) beside foreground steps that need neither their kernel nor
# their results.
set -eu
. "$(dirname "$0")/lib/common.sh"
[ $# -ge 1 ] || die "usage: $0 STEPFILE..."
steps=$(mktemp)
logs=$(path logs)
mkdir -p "$logs"
summary=$(mktemp)
lane=$(mktemp -d)
trap 'rm -rf "$summary" "$steps" "$lane"' EXIT
cat "$@" >"$steps"
cd "$REPO"
total=$(grep -c -v -E '^[[:space:]]*(#|$|wait[[:space:]]*$)' "$steps")
i=0 passed=0 failed=0 t0=$(date +%s)
last_pid='' queued=''

# run_step NAME COMMAND: run it with its output in its log; leaves
# "STATUS SECONDS" in $lane/NAME.
run_step() {
	start=$(date +%s) rc=0
	# The step's shell knows common.sh's helpers, path among them.
	sh -c ". scripts/lib/common.sh; $2" "$REPO/scripts/run-steps.sh" >"$logs/$1.log" 2>&1 </dev/null || rc=$?
	echo "$rc $(($(date +%s) - start))" >"$lane/$1"
}

# run_in_view NAME COMMAND: run_step, showing the step's own progress
# lines (those its scripts print with step(), "==> ...") as they come,
# indented under the step's: a long step is not silent for an hour.
run_in_view() {
	: >"$logs/$1.log"
	run_step "$1" "$2" &
	pid=$!
	tail -n +1 -s 0.2 -f --pid="$pid" "$logs/$1.log" |
		sed -n -u 's/^==> /    ==> /p'
	wait "$pid"
}

# report NAME: count and print the result run_step left.
report() {
	read -r rc secs <"$lane/$1"
	if [ "$rc" -eq 0 ]; then
		r=PASS passed=$((passed + 1))
	else
		r=FAIL failed=$((failed + 1))
		tail -n 25 "$logs/$1.log" | sed 's/^/    | /'
	fi
	last=$(grep -v '^==>' "$logs/$1.log" | tail -n 1 | cut -c1-60)
	printf '%s %s (%d s) %s\n' "$r" "$1" "$secs" "$last"
	printf '%-24s %-4s %6d s  %s\n' "$1" "$r" "$secs" "$last" >>"$summary"
}

# start_in_lane NAME COMMAND: run it in the background once the lane's
# previous step has finished.
start_in_lane() {
	prev=$last_pid
	(
		if [ -n "$prev" ]; then
			while kill -0 "$prev" 2>/dev/null; do sleep 2; done
		fi
		run_step "$1" "$2"
	) &
	last_pid=$!
	queued="$queued $1"
}

wait_for_lane() {
	[ -n "$queued" ] || return 0
	echo "==> waiting for the background lane:$queued"
	wait
	for n in $queued; do report "$n"; done
	last_pid='' queued=''
}

while read -r name cmd; do
	case $name in ''|'#'*) continue ;; wait) wait_for_lane; continue ;; esac
	i=$((i + 1))
	case $name in
	*'&')
		name=${name%&}
		printf '==> [%d/%d] %s (background lane)\n' "$i" "$total" "$name"
		start_in_lane "$name" "$cmd" ;;
	*)
		printf '==> [%d/%d] %s\n' "$i" "$total" "$name"
		run_in_view "$name" "$cmd"
		report "$name" ;;
	esac
done <"$steps"
wait_for_lane
echo
echo "Summary ($*, $(($(date +%s) - t0)) s in all, logs in $logs)"
printf '%-24s %-4s %8s  %s\n' step result time detail
cat "$summary"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
