#!/bin/sh
# make fstests: an fstests group on the stock and the patched kernel, the
# two guests side by side (one CPU each), in batches of tests, resumable:
# every outcome is kept under the identity of what produced it (below,
# env_key and the series' code), and a rerun skips every test that has an
# outcome under the current identity.
# Usage: scripts/fstests/soak.sh [OPTIONS]
#   --section S   btrfs, xfs or tmpfs_huge (repeatable; default all three)
#   --kernel K    stock or patched (repeatable; default both)
#   --group G     fstests group (default quick)
#   --first G,G   of a section's selection, the tests in any of these
#                 groups run first (default: the groups that drive the
#                 page cache, below; "" for none)
#   --sample N    N tests of each section's selection, spread evenly
#   --max N       stop after N new tests a kernel in this run
#   --report      run nothing: only write the report of what has run
#   --keys        run nothing: print the identities results are kept
#                 under (stock-ENV patched-ENV series-SERIES)
#   --batch N     tests a guest boot (default 40)
#   --limit SECS  a test's time limit (default 900)
# The selection of a section is its file system's own tests, then the
# generic ones: btrfs/ then generic/ for btrfs, generic/ then xfs/ for
# xfs, generic/ and tmpfs/ for tmpfs_huge; in each directory, the tests
# of the --first groups ahead of the others; the sections are taken in
# the order given.  Ends with the report
# (scripts/fstests/report.sh) in (path soak)/report.md; exits 1
# when a test passes on stock and fails on patched, or a difference has
# no explanation in records/fstests-differences.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--section S]... [--kernel K]... [--group G] [--first G,G...] [--sample N] [--max N] [--report] [--keys] [--batch N] [--limit SECS]"
# The groups whose tests read, write, map, punch, shift, clone and
# preallocate file data through the page cache.
page_cache_groups=rw,mmap,punch,zero,collapse,insert,clone,seek,aio,prealloc
sections='' kernels='' group=quick first=$page_cache_groups sample=0 max=0 batch=40
limit=900 report='' keys=
while [ $# -gt 0 ]; do
	case $1 in
	--section)	sections="$sections $2"; shift 2 ;;
	--kernel)	kernels="$kernels $2"; shift 2 ;;
	--group)	group=$2; shift 2 ;;
	--first)	first=$2; shift 2 ;;
	--sample)	sample=$2; shift 2 ;;
	--max)		max=$2; shift 2 ;;
	--report)	report=1; shift ;;
	--keys)		keys=1; shift ;;
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
tarball=$(fstests_tarball)

# Every outcome is kept under the identity of what produced it, derived
# from what the soak runs rather than listed by hand:
#  - env_key KERNEL: the kernel's effective configuration (the CONFIG_
#    lines of its .config: a comment in a fragment changes nothing), the
#    6.1 tarball it was built from, fstests (pinned by its sha256), the
#    kernel command line the guests add to, and the code of the scripts
#    the run uses (run_inputs), comments left out;
#  - the series (series_code): its code for the patched kernel, not its
#    messages (a reworded commit builds the same kernel).
# Stock's results are stock-ENV.results, the patched kernel's
# patched-ENV-SERIES.results: results on an earlier series stay, and the
# report lists them apart from the current series' ones.

# uncommented FILE...: the files without their comment and blank lines.
uncommented() {
	sed -e 's/^[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' "$@"
}

# run_inputs: the repo's files an fstests guest run uses: the scripts
# reached from scripts/fstests/run.sh by running or sourcing
# "$REPO/scripts/...", then every tracked file under each
# "$REPO/guest/..." path those scripts name.
run_inputs() {
	todo=scripts/fstests/run.sh seen=''
	while [ -n "$todo" ]; do
		# shellcheck disable=SC2086 # the list is words
		set -- $todo
		f=$1
		shift
		todo=$*
		case " $seen " in *" $f "*) continue ;; esac
		seen="$seen $f"
		# shellcheck disable=SC2016 # a literal $REPO, as the scripts spell it
		for g in $(uncommented "$REPO/$f" |
			sed -n 's#.*\(sh\|\.\) "\$REPO/\(scripts/[a-z/-]*\.sh\)".*#\2#p' | sort -u); do
			todo="$todo $g"
		done
	done
	for f in $seen; do
		echo "$f"
		# shellcheck disable=SC2016 # a literal $REPO, as the scripts spell it
		uncommented "$REPO/$f" | grep -o '"$REPO/guest/[a-z/.-]*' | cut -c8- | sort -u |
			while read -r g; do git -C "$REPO" ls-files -- "$g"; done
	done | sort -u
}

# key: the first 12 hex digits of the sha256 of standard input.
key() {
	sha256sum | cut -c1-12
}

env_key() {
	config=$(path build "$1")/.config
	[ -f "$config" ] || die "no $config: make fstests builds the $1 kernel"
	{
		grep '^CONFIG_' "$config" | sort
		echo "$tree_sum" "$fstests_sum" "$KERNEL_ARGS" "$NO_SELFTESTS"
		for f in $inputs; do
			echo "$f"
			uncommented "$REPO/$f"
		done
	} | key
}

# series_code: the series' diffs, each patch's from its first "diff
# --git" line to its end (or a signature's "-- " line).
series_code() {
	awk 'FNR == 1 { on = 0 } /^diff --git / { on = 1 } /^-- $/ { on = 0 } on' \
		"$REPO"/patches/0*.patch
}

# results_of KERNEL: the kernel's results file.
results_of() {
	case $1 in
	stock)	echo "$soak/stock-$stock_env.results" ;;
	*)	echo "$soak/patched-$patched_env-$series.results" ;;
	esac
}

# earlier_results: the patched kernel's results files on earlier series
# (same environment), newest first.
earlier_results() {
	for f in "$soak/patched-$patched_env"-*.results; do
		if [ -f "$f" ] && [ "$f" != "$(results_of patched)" ]; then
			stat -c '%Y %n' "$f"
		fi
	done | sort -rn | cut -d ' ' -f 2-
}

# affected_sections EARLIER: the sections whose outcomes the series'
# change since the series of EARLIER's results can affect: btrfs for a
# change under fs/btrfs/ alone, xfs for fs/xfs/, every section for any
# other file (the XArray, the page cache, the radix tree).
affected_sections() {
	old=$soak/series-$(basename "$1" .results | sed "s/^patched-$patched_env-//").code
	[ -f "$old" ] || { echo "$sections"; return 0; }
	series_code | file_sums >"$soak/sums-now"
	file_sums <"$old" >"$soak/sums-old"
	sort "$soak/sums-now" "$soak/sums-old" | uniq -u | awk '{ print $2 }' | sort -u |
		awk -v all="$sections" '
			/^fs\/btrfs\// { s["btrfs"] = 1; next }
			/^fs\/xfs\// { s["xfs"] = 1; next }
			{ every = 1 }
			END {
				if (every) { print all; exit }
				for (x in s) printf " %s", x
				print ""
			}'
}

# file_sums: for a series' code on standard input, "SUM FILE" for each
# file it changes.
file_sums() {
	d=$(mktemp -d)
	awk -v d="$d" '/^diff --git / { f = substr($3, 3); gsub("/", "%", f) }
		f != "" { print > (d "/" f) }'
	(cd "$d" && sha256sum -- *) | awk '{ gsub("%", "/", $2); print substr($1, 1, 12), $2 }'
	rm -rf "$d"
}

# rerun_first TODO: reorder the patched kernel's TODO: first the tests
# that ran on an earlier series in a section the change can affect, then
# the others that ran on an earlier series, then those never run.
rerun_first() {
	newest=$(earlier_results | head -n 1)
	[ -n "$newest" ] || return 0
	affected=$(affected_sections "$newest")
	[ -n "$told" ] ||
		step "the series changed since $(basename "$newest"): rerunning first the tests of:$affected"
	told=1
	earlier_results | xargs cat | awk '{ print $1, $2 }' | sort -u >"$soak/ran-before"
	awk -v aff=" $affected " '
		FILENAME == ARGV[1] { ran[$0] = 1; next }
		{
			r = ($1 " " $2 in ran) ? (index(aff, " " $1 " ") ? 0 : 1) : 2
			line[r, ++n[r]] = $0
		}
		END { for (r = 0; r < 3; r++) for (i = 1; i <= n[r]; i++) print line[r, i] }' \
		"$soak/ran-before" "$1" >"$1.new"
	mv "$1.new" "$1"
}

# earlier_outcomes: the patched kernel's outcomes on earlier series,
# "SERIES SECTION TEST ..." lines, newest series first.
earlier_outcomes() {
	earlier_results | while read -r f; do
		k=$(basename "$f" .results | sed "s/^patched-$patched_env-//")
		sed "s/^/$k /" "$f"
	done
}

tree_sum=$(sha256sum "$TARBALL" | cut -c1-12)
fstests_sum=$(sha256sum "$tarball" | cut -c1-12)
inputs=$(run_inputs)
stock_env=$(env_key stock) patched_env=$(env_key patched) series=$(series_code | key)
if [ -n "$keys" ]; then
	echo "stock-$stock_env patched-$patched_env series-$series"
	exit 0
fi

# One soak at a time: two would boot guests on the same disks.
exec 9>"$soak/lock"
flock -n 9 || die "make fstests is already running on $soak"

# The selection: "SECTION TEST" lines, in the order they are run.
src=$soak/fstests-src
if [ ! -f "$src/.from" ] || [ "$(cat "$src/.from")" != "$tarball" ]; then
	rm -rf "$src"
	mkdir -p "$src"
	tar -C "$src" --strip-components=1 -xf "$tarball"
	echo "$tarball" >"$src/.from"
fi
selection=$soak/selection
: >"$selection"
: >"$soak/first-selection"
# first_ahead FIRST TESTS: TESTS, those also in FIRST ahead of the others,
# each part in its order.
first_ahead() {
	awk 'FILENAME == ARGV[1] { f[$0] = 1; next }
		{ if ($0 in f) print; else rest[++n] = $0 }
		END { for (i = 1; i <= n; i++) print rest[i] }' "$1" "$2"
}
for s in $sections; do
	case $s in
	btrfs)		dirs="btrfs generic" ;;
	xfs)		dirs="generic xfs" ;;
	tmpfs_huge)	dirs="generic tmpfs" ;;
	*)		die "unknown section $s" ;;
	esac
	for d in $dirs; do
		sh "$REPO/scripts/fstests/group.sh" "$src" "$group" "$d" >"$soak/group"
		: >"$soak/first"
		[ -z "$first" ] ||
			sh "$REPO/scripts/fstests/group.sh" "$src" "$first" "$d" >"$soak/first"
		first_ahead "$soak/first" "$soak/group"
		sed "s/^/$s /" "$soak/first" >>"$soak/first-selection"
	done |
		awk -v s="$s" -v k="$sample" '{ t[NR] = $0 }
			END {
				step = (k > 0 && NR > k) ? NR / k : 1
				for (i = 1; i <= NR; i += step) print s, t[int(i)]
			}' >>"$selection"
done
echo "selection: $(wc -l <"$selection") tests (group $group,$sections; first: ${first:-none})"

# todo RESULTS: the selection's items without an outcome in RESULTS.
todo() {
	touch "$1"
	# Tagged, one stream: with an empty RESULTS, NR == FNR would hold
	# in the selection too.
	{ sed 's/^/done /' "$1"; sed 's/^/item /' "$selection"; } |
		awk '$1 == "done" { done[$2 " " $3] = 1; next }
			!(($2 " " $3) in done) { print $2, $3 }'
}

[ -n "$report" ] || for k in $kernels; do
	[ -f "$(path kernel "$k")" ] || die "no $k kernel: make fstests builds it"
done
[ -f "$soak/series-$series.code" ] || series_code >"$soak/series-$series.code"
stock=$(results_of stock) patched=$(results_of patched)
echo "results: $(basename "$stock"), $(basename "$patched") (series $series)"
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
first=$(outcomes) new=0 told=''
while [ -z "$report" ]; do
	left=0
	for k in $kernels; do
		todo "$(results_of "$k")" >"$soak/todo-$k"
		[ "$k" != patched ] || rerun_first "$soak/todo-$k"
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
			[ -s "$(path fstests-results "$k" "$tag")" ] ||
				die "the $k guest ended no test: see $(path logs)/fstests-$tag-$k.log"
			cat "$(path fstests-results "$k" "$tag")" >>"$(results_of "$k")"
		) &
		pids="$pids $!"
	done
	rc=0
	for p in $pids; do wait "$p" || rc=1; done
	[ "$rc" -eq 0 ] || die "a guest ended no test"
	new=$(( ($(outcomes) - first) / $(echo "$kernels" | wc -w) ))
done
rc=0
earlier_outcomes >"$soak/earlier"
sh "$REPO/scripts/fstests/report.sh" --series "$series" --earlier "$soak/earlier" \
	--first "$soak/first-selection" "$selection" "$stock" "$patched" >"$soak/report.md" || rc=$?
sed -n '/^## Summary/,/^## btrfs\|^## xfs\|^## tmpfs/p' "$soak/report.md"
echo "report: $soak/report.md"
exit "$rc"
