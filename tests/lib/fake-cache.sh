# shellcheck shell=sh
# Sourced by the tests that run the fstests soak without a kernel.
# fake_cache DIR: point the cache at DIR/cache, with the two kernels'
# .config files and a stand-in for the 6.1 tarball, so that
# scripts/fstests/soak.sh can derive its keys, select tests and report
# (--keys, --report) and builds nothing.
fake_cache() {
	export XARRAY_CACHE="$1/cache" XARRAY_TARBALL="$1/linux.tar.xz"
	# shellcheck disable=SC2034 # path (scripts/lib/common.sh) reads it
	CACHE=$XARRAY_CACHE	# path answers for the made-up cache from here on
	echo stand-in >"$XARRAY_TARBALL"
	for k in stock patched; do
		mkdir -p "$(path build "$k")"
		printf '# Linux/x86 6.1 Kernel Configuration\nCONFIG_XARRAY_MULTI=y\nCONFIG_BTRFS_FS=y\n' \
			>"$(path build "$k")/.config"
	done
}
