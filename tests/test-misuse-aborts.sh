#!/bin/sh
# Misuse that used to hang a program of the installed library ends it
# within seconds instead, with the message doc/LIBRARY.md promises:
#   tests/misuse/lock-held.c    xa_store() inside xa_lock()
#   tests/misuse/thread-exit.c  a thread ends without rcu_unregister_thread()
#   tests/misuse/fork-child.c   a fork()ed child without call_rcu_after_fork_child()
# and the same fork done as liburcu asks still works.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
failed=0

# run NAME ARGS...: build tests/misuse/NAME.c, run it for at most 20 s;
# leaves its exit status in $rc and its output in $tmp/out.
run() {
	name=$1
	shift
	# shellcheck disable=SC2086 # pkg-config's words
	gcc -g -Wall -Wextra -Werror $cflags -o "$tmp/$name" \
		"$repo/tests/misuse/$name.c" $libs -lpthread
	rc=0
	timeout -s KILL 20 "$tmp/$name" "$@" >"$tmp/out" 2>&1 || rc=$?
}

# aborts NAME MESSAGE ARGS...: the program ends by SIGABRT (exit 134)
# and says MESSAGE.
aborts() {
	name=$1 message=$2
	shift 2
	run "$name" "$@"
	if [ "$rc" -eq 137 ]; then
		echo "FAIL: $name hung (killed after 20 s)"; failed=$((failed + 1))
	elif [ "$rc" -ne 134 ] || ! grep -q "$message" "$tmp/out"; then
		echo "FAIL: $name ended with status $rc, saying:"; cat "$tmp/out"
		failed=$((failed + 1))
	else
		echo "ok   $name: $(grep "$message" "$tmp/out")"
	fi
}

aborts lock-held "call __xa_store(), __xa_erase() and the other __xa_\*() functions"
aborts thread-exit "call rcu_unregister_thread() before it returns"
aborts fork-child "call_rcu_after_fork_child() in the child"
run fork-child ok
if [ "$rc" -ne 0 ]; then
	echo "FAIL: fork-child ok ended with status $rc:"; cat "$tmp/out"
	failed=$((failed + 1))
else
	echo "ok   fork-child ok: the child finished"
fi
echo "$((4 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
