# shellcheck shell=sh disable=SC2034 # its variables are for the scripts that source it
# Sourced by the other scripts: where things live.  Not run on its own.
# XARRAY_CACHE overrides the cache directory that holds the kernel trees,
# the build output and the guest images; it must be outside the repo.
# REPO is the first directory above the running script that holds this
# file, wherever in the repo the script sits.
REPO=$(cd "$(dirname "$0")" && while [ ! -f scripts/lib/common.sh ]; do
	[ "$PWD" != / ] || exit 1
	cd ..
done && pwd) || { echo "error: $0 is not inside the xarray repo" >&2; exit 1; }
CACHE=${XARRAY_CACHE:-$HOME/.cache/xarray}
TARBALL=${XARRAY_TARBALL:-/usr/src/linux-source-6.1.tar.xz}

# path KIND [NAME [NAME2]]: where KIND lives in the cache.  Every script
# and step file asks here rather than spelling a path: the one place
# that says how the cache is laid out.  A RUN is a kernel's name with
# what ran on it (guest-patched, guest-patched-debug-failslab).
path() {
	case $1 in
	tree)		echo "$CACHE/linux-pristine" ;;	# stock 6.1, unpacked
	patched-tree)	echo "$CACHE/linux-patched" ;;	# the series applied
	git-tree)	echo "$CACHE/linux-git" ;;	# a checkout of tree (git_tree)
	stage)		echo "$CACHE/stage" ;;		# sync-patched-tree's staging
	series-repo)	echo "$CACHE/series-repo" ;;	# make-patches' git history
	patches-regenerated) echo "$CACHE/patches-regenerated" ;;
	build-each-patch) echo "$CACHE/build-each-patch" ;;
	ccache)		echo "$CACHE/ccache" ;;
	build)		echo "$CACHE/build-$2" ;;	# an x86 kernel NAME's build
	kernel)		echo "$CACHE/build-$2/arch/x86/boot/bzImage" ;;
	arch-build)	echo "$CACHE/arches/$2/build-$3" ;;	# ARCH[-dist] NAME
	modules)	echo "$CACHE/modules-$2" ;;	# NAME's modules, installed
	modules-cpio)	echo "$CACHE/modules-$2.cpio.gz" ;;
	initramfs)	echo "$CACHE/initramfs.cpio.gz" ;;	# the guests' /init
	initramfs-root)	echo "$CACHE/initramfs-root" ;;
	initrd)		echo "$CACHE/initrd-$2.cpio.gz" ;;	# initramfs + modules
	btrfs-image)	echo "$CACHE/btrfs-$2.img" ;;	# a RUN's disks
	xfs-image)	echo "$CACHE/xfs-$2.img" ;;
	crash-image)	echo "$CACHE/crash-$2.img" ;;
	debian-image)	echo "$CACHE/debian-$2.img" ;;
	rootfs)		echo "$CACHE/rootfs" ;;		# Debian root tarballs
	fstests-dir)	echo "$CACHE/fstests/$2${3:+-$3}" ;;	# NAME [TAG]: its disks, job
	fstests-results) echo "$CACHE/fstests/$2${3:+-$3}.results" ;;
	fstests-console) echo "$CACHE/logs/fstests-$2${3:+-$3}.console" ;;
	soak)		echo "$CACHE/fstests-soak" ;;	# make fstests' results
	harness)	echo "$CACHE/harness-$2" ;;	# the radix-tree harness NAME
	cross-lib)	echo "$CACHE/cross-lib/$2" ;;	# the library for ARCH
	profile-plugin)	echo "$CACHE/guest-profile.so" ;;
	logs)		echo "$CACHE/logs" ;;		# steps' logs, consoles
	console)	echo "$CACHE/logs/$2.console" ;;	# a RUN's serial console
	arch-console)	echo "$CACHE/logs/arches-$2-$3.console" ;;	# ARCH[-dist] NAME
	*)		die "path: no such kind '$1'" ;;
	esac
}

PRISTINE=$(path tree)
PATCHED=$(path patched-tree)
GIT_TREE=$(path git-tree)
JOBS=$(nproc)
export CCACHE_DIR="${CCACHE_DIR:-$(path ccache)}"
# The command line every guest kernel starts with, after its console
# (scripts/guest/boot-guest.sh).  The long RCU stall timeout keeps TCG's
# slowness from raising stall warnings; stock and patched kernels boot
# with the same one, on every architecture.
KERNEL_ARGS="panic=-1 oops=panic rcupdate.rcu_cpu_stall_timeout=300"
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

# git_tree: make $GIT_TREE, a git checkout of the pristine tree with one
# commit (branch "pristine"), unless it is there (about a minute).  The
# series checks apply patches to it and reset it.
git_tree() {
	[ -f "$GIT_TREE/.git/pristine-done" ] && return 0
	step "making a git checkout of the pristine tree in $GIT_TREE"
	rm -rf "$GIT_TREE"
	cp -a "$PRISTINE" "$GIT_TREE"
	rm -f "$GIT_TREE/.unpacked"
	git_in_tree init -q -b pristine
	git_in_tree add -A -f  # Debian's top-level .gitignore ignores everything
	git_in_tree commit -q -m "linux 6.1 pristine"
	touch "$GIT_TREE/.git/pristine-done"
}

# git_in_tree ARGS...: git ARGS in $GIT_TREE, as a fixed local identity
# (the checks commit and apply mails there).
git_in_tree() {
	git -C "$GIT_TREE" -c user.name=check -c user.email=check@localhost \
		-c commit.gpgsign=false "$@"
}

# merge_config SRC OUT FRAGMENT...: write OUT/.config, tinyconfig plus
# the FRAGMENTs merged in SRC's tree, checking that every option the
# fragments set holds.  .config is replaced only when its content
# changes, so a build that follows is incremental.  The architecture is
# x86 unless ARCH (and CROSS_COMPILE) say otherwise (arches/build-kernel.sh).
merge_config() {
	src=$1 out=$2
	shift 2
	mkdir -p "$out"
	want=$out/.config.want
	tiny_arch=$src/arch/${SRCARCH:-x86}/configs/tiny.config
	[ -f "$tiny_arch" ] || tiny_arch=
	(cd "$src" && KCONFIG_CONFIG=$want scripts/kconfig/merge_config.sh -n \
		-O "$out" kernel/configs/tiny.config ${tiny_arch:+"$tiny_arch"} "$@" \
		>"$out/merge.log" 2>&1) || { cat "$out/merge.log"; die "merge_config failed"; }
	# Only our fragments are checked: the tree's tiny.config asks for
	# options that do not hold on x86-64 (HIGHMEM) or that base.config
	# overrides (SLOB), which is not our concern.  As in
	# merge_config.sh, a later fragment's value for an option wins; "#
	# CONFIG_X is not set" is a value too, honoured when .config does not
	# set CONFIG_X (an option without a prompt is left out of it, not
	# written as not set).
	cat "$@" | awk -F= '/^CONFIG_/ { v[$1] = $0 }
		/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { split($0, w, " "); v[w[2]] = $0 }
		END { for (k in v) print v[k] }' |
		while read -r line; do
			case $line in
			'# '*)	opt=${line#\# }; opt=${opt%% *}
				! grep -q "^$opt=" "$want" ;;
			*)	grep -qx "$line" "$want" ;;
			esac || die "$out: $line from $* not honoured"
		done
	cmp -s "$want" "$out/.config" || cp "$want" "$out/.config"
}

# fstests_tarball: the path of the pinned fstests tarball in
# third-party/, once its sha256 matches third-party/SHA256SUMS.
fstests_tarball() {
	(cd "$REPO/third-party" && sha256sum --quiet -c SHA256SUMS) >&2 ||
		die "third-party/: a tarball does not match SHA256SUMS"
	echo "$REPO/third-party/$(awk '/fstests-/ { print $2 }' "$REPO/third-party/SHA256SUMS")"
}
