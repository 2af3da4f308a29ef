#!/bin/sh
# Run the userspace benchmark and write bench/results/: userspace.txt
# (its raw lines), userspace-run.txt (how and when it ran), REPORT.md and
# one gnuplot PNG per workload (ops/s against entries).  REPORT.md also
# takes in the kernel and btrfs raw lines there (kernel-dist.txt,
# kernel-small.txt, btrfs.txt), and bench/profile-notes.md, written by
# hand from profiles, before the plots.
# Usage: bench/report.sh BENCH_BINARY [SIZE...]
# With - for the binary, the report is rewritten from the raw lines and
# the run file already there.
set -eu
bin=${1:?usage: $0 BENCH_BINARY|- [SIZE...]}
shift
dir=$(cd "$(dirname "$0")" && pwd)
res=$dir/results
raw=$res/userspace.txt run=$res/userspace-run.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ "$bin" != - ]; then
	echo "==> running $bin $* (several minutes at 1e7 entries)" >&2
	mkdir -p "$res"
	start=$(date +%s)
	"$bin" "$@" >"$raw.tmp"
	mv "$raw.tmp" "$raw"
	{
		echo "args=$*"
		echo "when=$(date -u '+%Y-%m-%d %H:%M UTC')"
		echo "seconds=$(($(date +%s) - start))"
	} >"$run"
fi
if [ ! -s "$raw" ] || [ ! -s "$run" ]; then
	echo "no $raw or $run: run make bench" >&2
	exit 1
fi
args=$(sed -n 's/^args=//p' "$run")
when=$(sed -n 's/^when=//p' "$run")
secs=$(sed -n 's/^seconds=//p' "$run")

# "SIZE WORKLOAD IMPL OPS_PER_SECOND" lines in, "SIZE WORKLOAD IMPL MEDIAN
# MIN MAX" out, one line for each size, workload and implementation.
medians() {
	sort -k1,1n -k2,2 -k3,3 -k4,4g |
	awk '{ k = $1 " " $2 " " $3; v[k, ++n[k]] = $4; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k } }
	     END { for (i = 1; i <= nk; i++) { k = keys[i]; c = n[k]
		     m = c % 2 ? v[k, (c + 1) / 2] : (v[k, c / 2] + v[k, c / 2 + 1]) / 2
		     print k, m, v[k, 1], v[k, c] } }'
}
awk '$1 == "RESULT" { print $2, $3, $4, $6 / $7 }' "$raw" | medians >"$tmp/stats"
braw=$res/btrfs.txt	# from scripts/bench/btrfs.sh
iraw=$res/inodes.txt	# from scripts/bench/btrfs.sh --inodes
# kraw_of GEOMETRY: scripts/bench/kernel.sh's raw lines for it.
kraw_of() {
	echo "$res/kernel-$1.txt"
}
# kernel_stats GEOMETRY: $tmp/kstats-G (medians per kernel) and
# $tmp/kpairs-G (patched/stock ratios) from that geometry's raw lines.
# patched/stock is taken within each boot pair (boot b of the stock kernel
# and boot b of the patched one, run one after the other), then the median
# over the pairs: whole boots run at different speeds, so a median pooled
# over boots can land between two boots' rates.  Each boot prints
# repetition 0 first, which numbers the boots.
kernel_stats() {
	kraw=$(kraw_of "$1")
	: >"$tmp/kstats-$1"
	: >"$tmp/kpairs-$1"
	[ -s "$kraw" ] || return 0
	awk '$5 > 0 { print $2, $3, $1, $5 / ($6 / 1e9) }' "$kraw" | medians >"$tmp/kstats-$1"
	awk '$5 > 0 { k = $1 " " $2 " " $3; if ($4 == 0) b[k]++
		print $2, $3, $1 "@" b[k], $5 / ($6 / 1e9) }' "$kraw" |
	medians | awk '{ v[$1 " " $2 " " $3] = $4; k[$1 " " $2] = 1 }
		END { for (x in k) for (b = 1; (x " stock@" b) in v; b++)
			if ((x " patched@" b) in v)
				print x, "ratio", v[x " patched@" b] / v[x " stock@" b] }' |
	medians >"$tmp/kpairs-$1"
}
kernel_stats dist
kernel_stats small

get() {	# SIZE WORKLOAD IMPL [STATS] -> median ops/s, or nothing
	awk -v s="$1" -v w="$2" -v i="$3" '$1 == s && $2 == w && $3 == i { print $4 }' "${4:-$tmp/stats}"
}
cell() {	# SIZE WORKLOAD IMPL [STATS] -> "12.3 (±4%)" in millions of ops/s
	awk -v s="$1" -v w="$2" -v i="$3" '$1 == s && $2 == w && $3 == i {
		sp = ($6 - $5) / 2 / $4 * 100
		printf "%.2f (±%.0f%%)", $4 / 1e6, sp; found = 1 }
		END { if (!found) printf "n/a" }' "${4:-$tmp/stats}"
}
# kernel_section GEOMETRY DESCRIPTION: the report's tables for one geometry.
kernel_section() {
	kraw=$(kraw_of "$1")
	echo "## In the kernel, $1 geometry: stock against patched"
	echo
	if [ ! -s "$tmp/kstats-$1" ]; then
		echo "Not measured in this run (scripts/bench/kernel.sh needs the"
		echo "stock and patched kernels of this geometry)."
		echo
		return 0
	fi
	kboots=$(awk '$1 == "stock" && $4 == 0 { n[$2 " " $3]++ }
		END { for (k in n) { print n[k]; exit } }' "$kraw")
	echo "\`scripts/bench/kernel.sh --geometry $1\`: the module"
	echo "guest/modules/xarray_bench.c loaded in the stock and in the"
	echo "patched kernel ($2),"
	echo "booted in QEMU, $kboots pairs of boots, the two kernels of a pair"
	echo "at the same time, one guest CPU each; the same workloads (sparse"
	echo "stores stop at 1e5 in the guest's 512 MiB), median of the"
	echo "repetitions of all boots, millions of operations per second of"
	echo "guest time.  The guests run under QEMU's \`-icount shift=0\`:"
	echo "their clocks advance one nanosecond for every instruction"
	echo "executed, so these rates are instruction counts (a 1 GHz"
	echo "machine running one instruction a cycle), the same from boot to"
	echo "boot whatever the host is doing, not hardware speeds; like"
	echo "callgrind's, they weigh every instruction alike and see no"
	echo "cache misses.  patched/stock is worked out within each pair and"
	echo "is the median over the pairs, with their range.  The page-cache"
	echo "rows (guest/workloads/pagecache-bench.c, in tmpfs) count pages read"
	echo "(4 KiB and huge pages) and files created and deleted."
	awk '{ print $1 }' "$tmp/kstats-$1" | sort -u | while read -r n; do
		echo
		case $n in
		pagecache) echo "| page cache | stock | patched | patched/stock (range over boot pairs) |" ;;
		*) echo "| $n entries | stock | patched | patched/stock (range over boot pairs) |" ;;
		esac
		echo "|---|---|---|---|"
		awk -v s="$n" '$1 == s { print $2 }' "$tmp/kstats-$1" | sort -u |
		while read -r w; do
			echo "| $w | $(cell "$n" "$w" stock "$tmp/kstats-$1") |" \
				"$(cell "$n" "$w" patched "$tmp/kstats-$1") |" \
				"$(awk -v s="$n" -v w="$w" '$1 == s && $2 == w {
					printf "%.2f (%.2f-%.2f)", $4, $5, $6 }' "$tmp/kpairs-$1") |"
		done
	done
	echo
}

btrfs_medians() {	# "KERNEL MEDIAN MIN MAX" seconds, from $braw
	awk '{ print 0, "btrfs", $1, $3 }' "$braw" | medians |
		awk '{ print $3, $4, $5, $6 }'
}
btrfs_pairs() {	# "MEDIAN MIN MAX" of patched/stock within each run
	awk '{ t[$1 " " $2] = $3; r[$2] = 1 }
	     END { for (x in r) if (t["stock " x] && t["patched " x] != "")
			print 0, "btrfs", "ratio", t["patched " x] / t["stock " x] }' "$braw" |
		medians | awk '{ print $4, $5, $6 }'
}
inode_pairs() {	# "WALK MEDIAN MIN MAX" of stock/patched speed within each run
	awk '{ c[$1 " " $2] = $3; h[$1 " " $2] = $4; r[$2] = 1 }
	     END { for (x in r) if (c["patched " x] && h["patched " x]) {
			print 0, "cold", "ratio", c["stock " x] / c["patched " x]
			print 0, "cached", "ratio", h["stock " x] / h["patched " x] } }' "$iraw" |
		medians | awk '{ print $2, $4, $5, $6 }'
}
ratio() {	# A B -> A/B to two places, or n/a
	if [ -n "$1" ] && [ -n "$2" ]; then
		echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'
	else
		echo "n/a"
	fi
}

# rcu_read's writers: the lowest and highest rate any of them reached.
wrates=$(awk '$1 == "WRITER" { r = $4 / $5 / 1e6
	if (!n++ || r < lo) lo = r; if (r > hi) hi = r }
	END { if (n) printf "%.2f to %.2f million a second", lo, hi
	      else printf "not recorded" }' "$raw")
sizes=$(awk '{ print $1 }' "$tmp/stats" | sort -un)
workloads="store_dense load_seq load_random iterate iterate_marked erase store_sparse alloc store_range rcu_read"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)

# version_of PACKAGE: its version for the machine's own architecture
# (make arches installs other architectures' liburcu beside it).
version_of() {
	dpkg-query -W -f='${Version}' "$1:$(dpkg --print-architecture)" 2>/dev/null ||
		echo '?'
}

{
	echo "# Benchmarks"
	echo
	echo "Written by \`make bench\` (\`bench/report.sh build/bench/bench $args\`) on"
	echo "$when, in $secs s; raw lines in \`bench/results/\`."
	echo "Machine: $(nproc) cores, $cpu; $(gcc --version | head -n 1);"
	echo "liburcu $(version_of liburcu-dev),"
	echo "libjudy $(version_of libjudy-dev)."
	echo
	echo "Implementations, all in one binary and run in turn within each"
	echo "repetition: **ours** (lib/xarray.c), **tree** (the 6.1 tree's"
	echo "lib/xarray.c, compiled with the same header, shims and flags, its"
	echo "functions renamed), **judy** (JudyL; marks kept in a Judy1 set) and"
	echo "**array** (a plain C array of pointers and a mark bitmap: the floor)."
	echo "Figures are millions of operations per second, the median of the"
	echo "repetitions (15 at 1e3 entries, 7 at 1e5, 3 at 1e7), with half the"
	echo "min-to-max range as ± of the median.  store_range counts one"
	echo "operation per 64-index entry; store_sparse stores at most 1e6"
	echo "indices spread over 2^40 (1e7 would take some 27 GB of nodes)."
	echo "Both are done 65536/n times from empty below 65536 entries (65"
	echo "passes at 1e3), timing only the stores: store_sparse empties its"
	echo "structure between passes, store_range fills 65536/n empty ones in"
	echo "one timed stretch.  Outside rcu_read, whose writer changes the"
	echo "values, a load or visit counts only if it returns the value stored"
	echo "at its index (JudyL's read through the pointer it returns).  Each"
	echo "child process first"
	echo "grows its heap by what its workloads can allocate at their peak"
	echo "and touches it, so that the nodes come from memory already mapped."
	echo "rcu_read is one reader's"
	echo "random loads while one writer thread stores over random entries,"
	echo "paced to 1e6 stores a second for every implementation (the rate"
	echo "each writer reached: $wrates)."
	echo "n/a: the implementation cannot do it."
	for n in $sizes; do
		echo
		echo "## $n entries"
		echo
		echo "| workload | ours | tree | judy | array | ours/tree | ours/judy | ours/array |"
		echo "|---|---|---|---|---|---|---|---|"
		for w in $workloads; do
			o=$(get "$n" "$w" ours) t=$(get "$n" "$w" tree)
			j=$(get "$n" "$w" judy) a=$(get "$n" "$w" array)
			echo "| $w | $(cell "$n" "$w" ours) | $(cell "$n" "$w" tree) |" \
				"$(cell "$n" "$w" judy) | $(cell "$n" "$w" array) |" \
				"$(ratio "$o" "$t") | $(ratio "$o" "$j") | $(ratio "$o" "$a") |"
		done
	done
	echo
	echo "## Targets (issue 5), as measured here"
	echo
	awk '{ v[$1 " " $2 " " $3] = $4; sz[$1] = 1; wl[$2] = 1 }
	     END {
		for (s in sz) for (w in wl) {
			o = v[s " " w " ours"]; t = v[s " " w " tree"]
			j = v[s " " w " judy"]; a = v[s " " w " array"]
			if (o && t) { n++; r = o / t; if (r >= 1) met++; if (r >= 1.25) big++
				if (!worst || r < worst) { worst = r; wat = w " at " s } }
			if (o && j && (w == "load_seq" || w == "load_random" || w == "iterate")) {
				jn++; if (o >= j) jm++ }
			if (w == "load_seq" && o && a) { an++; if (o * 3 >= a) am++
				if (!aw || o / a < aw) aw = o / a } }
		printf "- ours/tree >= 1.00 on every workload at every size: %d of %d (worst %.2f, %s)\n", met, n, worst, wat
		printf "- ours/tree >= 1.25: %d workload-size pairs (the target is three workloads)\n", big
		printf "- ours/judy >= 1.00 for load_seq, load_random and iterate: %d of %d\n", jm, jn
		printf "- load_seq within 3x of the array: %d of %d sizes (worst ours/array %.2f; 0.33 needed)\n", am, an, aw
	     }' "$tmp/stats"
	awk '$1 == "BYTES" { b[$2 " " $3 " " $4] = $5; k[$2 " " $3] = 1 }
	     END { for (x in k) { n++; if (b[x " ours"] <= b[x " tree"]) m++ }
		printf "- node bytes per entry <= the tree'"'"'s: %d of %d size-layout pairs\n", m, n }' "$raw"
	[ ! -s "$braw" ] || btrfs_pairs |
		awk '{ printf "- btrfs workload, backport/stock time <= 1.00: %.3f (median of %s per-run ratios; %.3f to %.3f)\n", $1, runs, $2, $3 }' runs="$(awk '$1 == "stock"' "$braw" | wc -l)"
	[ ! -s "$iraw" ] || inode_pairs |
		awk '{ printf "- inode workload, %s walks, patched speed/stock >= 1.00: %.3f (median of the per-run ratios; %.3f to %.3f)\n", $1, $2, $3, $4 }'
	for g in dist small; do
		[ -s "$tmp/kpairs-$g" ] || continue
		awk -v g="$g" '{ n++; if ($4 >= 1) m++ }
		     END { printf "- in the kernel (%s geometry), patched/stock >= 1.00: %d of %d workload-size pairs (median over boot pairs)\n", g, m, n }' "$tmp/kpairs-$g"
	done
	echo
	echo "## Memory: bytes per entry"
	echo
	echo "XArray implementations: live nodes times the node size, after the"
	echo "dense store of 0..n-1 and after the sparse store; JudyL:"
	echo "JudyLMemUsed() (and Judy1MemUsed() for its marks); the array: its"
	echo "slots and bitmap."
	echo
	echo "| entries | layout | ours | tree | judy | array |"
	echo "|---|---|---|---|---|---|"
	for n in $sizes; do
		for l in dense sparse; do
			printf '| %s | %s |' "$n" "$l"
			for i in ours tree judy array; do
				b=$(awk -v s="$n" -v l="$l" -v i="$i" '$1 == "BYTES" && $2 == s && $3 == l && $4 == i { v = $5 } END { print v }' "$raw")
				printf ' %s |' "${b:-n/a}"
			done
			echo
		done
	done
	echo
	kernel_section dist "the dist geometry: 64-slot nodes, XARRAY_MULTI, SLUB"
	kernel_section small "the small geometry: 16-slot nodes, no XARRAY_MULTI, SLUB"
	echo "## The btrfs workload: stock against the backport"
	echo
	if [ -s "$braw" ]; then
		echo "\`scripts/bench/btrfs.sh\`: the guest's btrfs"
		echo "workload (guest/workloads/btrfs-work.c: files, directories, xattrs,"
		echo "renames, unlinks and fsyncs; every inode goes through"
		echo "delayed_nodes_tree) on a fresh image, booting the stock kernel"
		echo "(a radix tree) and the patched one (the backported XArray, ours)"
		echo "at the same time, as the pairs above are, one guest CPU each."
		echo "Seconds of guest time from mount to umount: instructions, as"
		echo "above, plus the idle time spent waiting for the disk, which"
		echo "passes at the host's pace.  The target is read from the median"
		echo "of the per-run ratios, as in the kernel tables above."
		echo
		echo "| run | stock (s) | patched (s) | patched/stock |"
		echo "|---|---|---|---|"
		awk '{ print $2 }' "$braw" | sort -un | while read -r r; do
			st=$(awk -v r="$r" '$1 == "stock" && $2 == r { print $3 }' "$braw")
			pa=$(awk -v r="$r" '$1 == "patched" && $2 == r { print $3 }' "$braw")
			echo "| $r | $st | $pa | $(ratio "$pa" "$st") |"
		done
		btrfs_medians | awk '{ m[$1] = $2; lo[$1] = $3; hi[$1] = $4 }
			END { printf "| median (min-max) | %.2f (%.2f-%.2f) | %.2f (%.2f-%.2f) | %.3f (pairs: %s) |\n",
				m["stock"], lo["stock"], hi["stock"], m["patched"],
				lo["patched"], hi["patched"], m["patched"] / m["stock"], pairs }' pairs="$(btrfs_pairs | awk '{ printf "%.3f", $1 }')"
	else
		echo "Not measured in this run (scripts/bench/btrfs.sh needs the"
		echo "stock and patched kernels that make test builds)."
	fi
	echo
	echo "## The inode workload: stock against the series"
	echo
	if [ -s "$iraw" ]; then
		echo "guest/workloads/inode-work.c, in the same boots after the btrfs"
		echo "workload: 8000 empty files in 32 directories of two subvolumes,"
		echo "each stat()ed, opened and closed in four walks after dropping"
		echo "the dentry and inode caches (every file's inode read from the"
		echo "btree through the buffer array and added to its root's array"
		echo "of inodes, then evicted), and in four walks with them cached."
		echo "Seconds of guest time; the ratio is stock/patched, so above"
		echo "1.00 the patched kernel is faster."
		echo
		echo "| run | cold stock | cold patched | stock/patched | cached stock | cached patched | stock/patched |"
		echo "|---|---|---|---|---|---|---|"
		awk '{ print $2 }' "$iraw" | sort -un | while read -r r; do
			# shellcheck disable=SC2046 # four numbers
			set -- $(awk -v r="$r" '$2 == r { t[$1] = $3 " " $4 } END { print t["stock"], t["patched"] }' "$iraw")
			echo "| $r | $1 | $3 | $(ratio "$1" "$3") | $2 | $4 | $(ratio "$2" "$4") |"
		done
	else
		echo "Not measured in this run."
	fi
	if [ -f "$dir/profile-notes.md" ]; then
		echo
		cat "$dir/profile-notes.md"
	fi
	echo
	echo "## Plots"
	echo
	for w in $workloads; do
		echo "![$w]($w.png)"
	done
} >"$res/REPORT.md"

for w in $workloads; do
	for i in ours tree judy array; do
		awk -v w="$w" -v i="$i" '$2 == w && $3 == i { print $1, $4 }' "$tmp/stats" >"$tmp/$w-$i.dat"
	done
	gnuplot <<EOF
set terminal pngcairo size 640,400 noenhanced
set output "$res/$w.png"
set title "$w"
set logscale xy
set xlabel "entries"
set ylabel "operations per second (log)"
set key outside right
set grid
plot for [i in "ours tree judy array"] "$tmp/$w-".i.".dat" using 1:2 with linespoints title i
EOF
done
echo "wrote $res/REPORT.md and $(echo "$workloads" | wc -w) plots" >&2
