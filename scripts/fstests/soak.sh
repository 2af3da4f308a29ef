#!/bin/sh
# make fstests: an fstests group on the stock and the patched kernel, the
# two guests side by side (one CPU each), in batches of tests, resumable:
# every outcome is kept in (path soak)/KERNEL-KEY.results, where
# KEY is made from what decides that kernel's outcomes (its config
# fragments, the series' code for the patched one, fstests and its guest
# setup), and a rerun skips every test that has an outcome there.
# Usage: scripts/fstests/soak.sh [OPTIONS]
#   --section S   btrfs, xfs or tmpfs_huge (repeatable; default all three)
#   --kernel K    stock or patched (repeatable; default both)
#   --group G     fstests group (default quick)
#   --sample N    N tests of each section's selection, spread evenly
#   --max N       stop after N new tests a kernel in this run
#   --report      run nothing: only write the report of what has run
#   --batch N     tests a guest boot (default 40)
#   --limit SECS  a test's time limit (default 900)
# The selection of a section is its file system's own tests, then the
# generic ones: btrfs/ then generic/ for btrfs, generic/ then xfs/ for
# xfs (the issue's order: every btrfs test first, then the generic ones
# on XFS and tmpfs), generic/ and tmpfs/ for tmpfs_huge; the sections
# are taken in the order given.  Ends with the report
# (scripts/fstests/report.sh) in (path soak)/report.md; exits 1
# when a test passes on stock and fails on patched, or a difference has
# no explanation in records/fstests-differences.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--section S]... [--kernel K]... [--group G] [--sample N] [--max N] [--report] [--batch N] [--limit SECS]"
sections='' kernels='' group=quick sample=0 max=0 batch=40 limit=900 report=
while [ $# -gt 0 ]; do
	case $1 in
	--section)	sections="$sections $2"; shift 2 ;;
	--kernel)	kernels="$kernels $2"; shift 2 ;;
	--group)	group=$2; shift 2 ;;
	--sample)	sample=$2; shift 2 ;;
	--max)		max=$2; shift 2 ;;
	--report)	report=1; shift ;;
	--batch)	batch=$2; shift 2 ;;
	--limit)	limit=$2; shift 2 ;;
	*)		die "$usage" ;;
	esac
done
[ -n "$sections" ] || sections="btrfs xfs tmpfs_huge"
[ -n "$kernels" ] || kernels="stock patched"
kernels=${kernels# }
for k in $kernels; do
	case $k in stock|patched) ;; *) die "unknown kernel $k" ;; esac
done
soak=$(path soak)
mkdir -p "$soak"
# One soak at a time: two would boot guests on the same disks.
exec 9>"$soak/lock"
flock -n 9 || die "make fstests is already running on $soak"

# The selection: "SECTION TEST" lines, in the order they are run.
src=$soak/fstests-src
tarball=$(fstests_tarball)
if [ ! -f "$src/.from" ] || [ "$(cat "$src/.from")" != "$tarball" ]; then
	rm -rf "$src"
	mkdir -p "$src"
	tar -C "$src" --strip-components=1 -xf "$tarball"
	echo "$tarball" >"$src/.from"
fi
selection=$soak/selection
: >"$selection"
for s in $sections; do
	case $s in
	btrfs)		dirs="btrfs generic" ;;
	xfs)		dirs="generic xfs" ;;
	tmpfs_huge)	dirs="generic tmpfs" ;;
	*)		die "unknown section $s" ;;
	esac
	# shellcheck disable=SC2086 # the directories are words
	sh "$REPO/scripts/fstests/group.sh" "$src" "$group" $dirs |
		awk -v s="$s" -v k="$sample" '{ t[NR] = $0 }
			END {
				step = (k > 0 && NR > k) ? NR / k : 1
				for (i = 1; i <= NR; i += step) print s, t[int(i)]
			}' >>"$selection"
done
echo "selection: $(wc -l <"$selection") tests (group $group,$sections)"

# results_of KERNEL: the kernel's results file, named by its key.
results_of() {
	key=$({
		cat "$REPO"/config/base.config "$REPO"/config/dist.config \
			"$REPO"/config/system.config "$REPO"/config/fstests.config \
			"$REPO"/guest/fstests/guest-init "$REPO"/guest/fstests/xarray-stress \
			"$REPO"/guest/fstests/local.config "$REPO"/guest/fstests/build-in-root.sh \
			"$REPO"/guest/system/packages "$tarball"
		# The series' code, not its messages: a reworded commit
		# message builds the same kernel.
		[ "$1" = stock ] || sed -n '/^diff --git/,/^-- $/p' "$REPO"/patches/0*.patch
	} | sha256sum | cut -c1-12)
	echo "$soak/$1-$key.results"
}

# todo RESULTS: the selection's items without an outcome in RESULTS.
todo() {
	touch "$1"
	# Tagged, one stream: with an empty RESULTS, NR == FNR would hold
	# in the selection too.
	{ sed 's/^/done /' "$1"; sed 's/^/item /' "$selection"; } |
		awk '$1 == "done" { done[$2 " " $3] = 1; next }
			!(($2 " " $3) in done) { print $2, $3 }'
}

for k in $kernels; do
	[ -f "$(path kernel "$k")" ] || die "no $k kernel: make fstests builds it"
done
stock=$(results_of stock) patched=$(results_of patched)
# outcomes: how many outcomes the kernels' results files hold, together.
outcomes() {
	for k in $kernels; do
		f=$(results_of "$k")
		touch "$f"
		cat "$f"
	done | wc -l
}
# new: the outcomes this run added, a kernel (a batch that a timeout
# ended early adds fewer than its size).
first=$(outcomes) new=0
while [ -z "$report" ]; do
	left=0
	for k in $kernels; do
		todo "$(results_of "$k")" >"$soak/todo-$k"
		left=$((left + $(wc -l <"$soak/todo-$k")))
	done
	[ "$left" -gt 0 ] || break
	[ "$max" -eq 0 ] || [ "$new" -lt "$max" ] || break
	[ "$max" -eq 0 ] || [ $((max - new)) -ge "$batch" ] || batch=$((max - new))
	step "fstests soak: $left tests left on $kernels; next $batch a guest"
	# Two guests, one CPU each: the two kernels side by side, or two
	# batches of the one kernel.
	# shellcheck disable=SC2086 # the kernels are words
	set -- $kernels
	[ $# -eq 2 ] || set -- "$1:a" "$1:b"
	pids='' skip=0
	for lane in "$@"; do
		k=${lane%%:*} tag=soak
		case $lane in *:*) tag=soak-${lane#*:} ;; esac
		[ "$lane" != "$k:b" ] || skip=$batch
		sed -n "$((skip + 1)),$((skip + batch))p" "$soak/todo-$k" >"$soak/batch-$tag-$k"
		[ -s "$soak/batch-$tag-$k" ] || continue
		(
			sh "$REPO/scripts/fstests/run.sh" --tag "$tag" --cpus 1 \
				--limit "$limit" "$k" "$soak/batch-$tag-$k" \
				>"$(path logs)/fstests-$tag-$k.log" 2>&1 || true
			# A boot that ended no test (a broken guest) would loop
			# forever.
			[ -s "$(path fstests-results "$k-$tag")" ] ||
				die "the $k guest ended no test: see $(path logs)/fstests-$tag-$k.log"
			cat "$(path fstests-results "$k-$tag")" >>"$(results_of "$k")"
		) &
		pids="$pids $!"
	done
	rc=0
	for p in $pids; do wait "$p" || rc=1; done
	[ "$rc" -eq 0 ] || die "a guest ended no test"
	new=$(( ($(outcomes) - first) / $(echo "$kernels" | wc -w) ))
done
rc=0
sh "$REPO/scripts/fstests/report.sh" "$selection" "$stock" "$patched" \
	>"$soak/report.md" || rc=$?
sed -n '/^## Summary/,/^## btrfs\|^## xfs\|^## tmpfs/p' "$soak/report.md"
echo "report: $soak/report.md"
exit "$rc"
