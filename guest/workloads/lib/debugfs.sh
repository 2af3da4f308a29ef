# shellcheck shell=sh
# Sourced by the guest tests that use debugfs (kmemleak, failslab).
#	debugfs_mount			mount debugfs unless it is mounted
#	kmemleak_report FILE		scan twice (kmemleak reports an object
#					only once it has stayed unreferenced
#					across a scan), save the report in FILE
debugfs_mount() {
	grep -q " /sys/kernel/debug " /proc/mounts ||
		mount -t debugfs debugfs /sys/kernel/debug
}

kmemleak_report() {
	debugfs_mount
	k=/sys/kernel/debug/kmemleak
	[ -e $k ] || { echo "kmemleak: no $k"; return 1; }
	echo scan >$k
	sleep 6
	echo scan >$k
	cat $k >"$1"
}
