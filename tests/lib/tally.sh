# shellcheck shell=sh
# Sourced by the tests that count their own checks.  tally NAME yes|no
# [FILE] counts one check and prints "ok   NAME", or "FAIL NAME" and
# then FILE; tally_end prints "N passed, N failed" and fails on any
# failure.
passed=0 failed=0

tally() {
	if [ "$2" = yes ]; then
		passed=$((passed + 1))
		echo "ok   $1"
	else
		failed=$((failed + 1))
		echo "FAIL $1"
		[ -z "${3:-}" ] || cat "$3"
	fi
}

tally_end() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
