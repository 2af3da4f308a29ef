#!/bin/sh
# Run shellcheck on every shell script the repository tracks: those that start
# with "#!/bin/sh" (or busybox's sh, in the guest) or "#!/bin/bash" (the
# fstests guest's, in a Debian root) and the sourced ones that say
# "# shellcheck shell=sh".  Each is checked as the shell it names.
# Prints one line with the count; exits non-zero on any finding, which
# it shows.
set -eu
cd "$(dirname "$0")/.."
list=$(mktemp)
trap 'rm -f "$list"' EXIT
git ls-files -z | xargs -0 grep -l -s -m1 -E '^(#!/bin/((busybox )?sh|bash)|# shellcheck shell=sh)' >"$list" || :
[ -s "$list" ] || { echo "no shell scripts found"; exit 1; }
n=$(wc -l <"$list")
if tr '\n' '\0' <"$list" | xargs -0 shellcheck -x -P SCRIPTDIR; then
	echo "shellcheck: $n scripts, 0 findings"
else
	echo "shellcheck: findings above, in $n scripts"
	exit 1
fi
