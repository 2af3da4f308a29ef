# shellcheck shell=sh disable=SC2034 # its variables are for the scripts that source it
# Sourced by the other scripts: where things live.  Not run on its own.
# XARRAY_CACHE overrides the cache directory that holds the kernel trees,
# the build output and the guest images; it must be outside the repo.
REPO=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${XARRAY_CACHE:-$HOME/.cache/xarray}
TARBALL=${XARRAY_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
PRISTINE=$CACHE/linux-pristine
PATCHED=$CACHE/linux-patched
JOBS=$(nproc)
export CCACHE_DIR="${CCACHE_DIR:-$CACHE/ccache}"
# The command line every guest kernel starts with.  The long RCU stall
# timeout keeps TCG's slowness from raising stall warnings; stock and
# patched kernels boot with the same one.
KERNEL_ARGS="console=ttyS0 panic=-1 oops=panic rcupdate.rcu_cpu_stall_timeout=300"
# Added for boots that must not run the built-in self-tests (the Debian
# system, the benchmarks): test_xarray's 41 million checks take time and
# leave the two kernels' allocators in different states.
NO_SELFTESTS="initcall_blacklist=xarray_checks,ida_checks"

step() {
	printf '==> %s\n' "$*" >&2
}

die() {
	printf 'error: %s\n' "$*" >&2
	exit 1
}

# kernel_tree NAME: the source tree kernel NAME builds from, the pristine
# one for stock*, the patched one for patched*.
kernel_tree() {
	case $1 in
	stock*)		echo "$PRISTINE" ;;
	patched*)	echo "$PATCHED" ;;
	*)		die "kernel name must start with stock or patched: $1" ;;
	esac
}

# btrfs_seconds LOG: the btrfs workload's time from mount to umount, from
# its last phase line in the guest console LOG (whose lines end in CR LF).
btrfs_seconds() {
	tr -d '\r' <"$1" |
		sed -n 's/^btrfs-work: *\([0-9.]*\) s umount$/\1/p' | tail -n 1
}
