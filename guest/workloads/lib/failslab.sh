# shellcheck shell=sh disable=SC2034 # FS_* results are for the tests that source it
# Sourced by the guest tests that run something under failslab.  Fails
# XArray node allocations (the radix_tree_node cache, marked for it with
# slub_debug=A,radix_tree_node on the command line) for tasks that set
# /proc/self/make-it-fail, with the given probability (percent), at most
# TIMES times.
#	failslab_start PROBABILITY TIMES [SPARED]
#					the first SPARED node allocations
#					of the task never fail
#	failslab_run COMMAND...		run it failing; $FS_STATUS is its exit status
#	failslab_injected		print how many failures were injected
#	failslab_stop			$FS_INJECTED: how many failures were injected
# shellcheck source=debugfs.sh
. /lib/guest/debugfs.sh
FS=/sys/kernel/debug/failslab

failslab_start() {
	debugfs_mount
	[ -d $FS ] || { echo "failslab: no $FS"; return 1; }
	echo Y >$FS/cache-filter
	echo Y >$FS/task-filter
	echo N >$FS/ignore-gfp-wait
	echo 0 >$FS/verbose
	echo 1 >$FS/interval
	echo "$2" >$FS/times
	# failslab counts a budget down by each object's size, failing
	# nothing until it is spent.
	echo $((${3:-0} * $(node_size))) >$FS/space
	echo "$1" >$FS/probability
	FS_TIMES=$2
}

node_size() {
	cat /sys/kernel/slab/radix_tree_node/object_size 2>/dev/null || echo 576
}

failslab_run() {	# the command's last lines show what error it got
	FS_STATUS=0
	(echo 1 >/proc/self/make-it-fail && exec "$@") >/tmp/failslab.out 2>&1 ||
		FS_STATUS=$?
	tail -n 2 /tmp/failslab.out | sed 's/^/failslab: said: /'
}

failslab_injected() {	# how many failures were injected so far
	echo $((FS_TIMES - $(cat $FS/times)))
}

failslab_stop() {
	echo 0 >$FS/probability
	FS_INJECTED=$(failslab_injected)
}
