#!/bin/sh
# Run shellcheck on every shell script the repository tracks: those that
# start with "#!/bin/sh" (or busybox's sh, in the initramfs guest) and
# the sourced ones that say "# shellcheck shell=sh", all checked as
# POSIX sh, and those that start with "#!/bin/bash" (the fstests guest's,
# in a Debian root), checked as bash.  Prints one line with the count;
# exits non-zero on any finding, which it shows.
set -eu
cd "$(dirname "$0")/.."
sh_list=$(mktemp)
bash_list=$(mktemp)
trap 'rm -f "$sh_list" "$bash_list"' EXIT
git ls-files -z | xargs -0 grep -l -s -m1 -E '^(#!/bin/(busybox )?sh|# shellcheck shell=sh)' >"$sh_list" || :
git ls-files -z | xargs -0 grep -l -s -m1 -E '^#!/bin/bash' >"$bash_list" || :
[ -s "$sh_list" ] || { echo "no shell scripts found"; exit 1; }
n=$(($(wc -l <"$sh_list") + $(wc -l <"$bash_list")))
# check_as SHELL LIST: shellcheck LIST's scripts (if any) as SHELL.
check_as() {
	[ -s "$2" ] || return 0
	tr '\n' '\0' <"$2" | xargs -0 shellcheck --shell="$1" -x -P SCRIPTDIR
}
rc=0
check_as sh "$sh_list" || rc=1
check_as bash "$bash_list" || rc=1
if [ "$rc" -eq 0 ]; then
	echo "shellcheck: $n scripts, 0 findings"
else
	echo "shellcheck: findings above, in $n scripts"
	exit 1
fi
