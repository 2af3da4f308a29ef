#!/bin/sh
# The harness's XArray counts against records/harness-counts, the
# tree's own: with our files (the harness-ours and harness-ours6 runs) in
# make test, with the tree's (harness-tree, harness-tree6) in make
# compare, which so re-derives the record.  The XArray suite is
# deterministic, so each count must be all-passed and equal the record.
# (The IDA suite is not: ida_check_random() and the threaded IDA test
# loop for a fixed wall time; its runs are judged on "N of N" alone.)
# Usage: scripts/harness/compare.sh [--stock | --record]
#   --stock   judge the tree's runs, not ours (make compare)
#   --record  write the tree's counts into the record
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--stock | --record]"
name=ours who=our mode=${1:-}
case $mode in
'')		;;
--stock|--record) name=tree who="the tree's" ;;
*)		die "$usage" ;;
esac
[ $# -le 1 ] || die "$usage"
record=$REPO/records/harness-counts
count() {	# count RUN BIN LABEL: the last "N of M" the run printed
	grep -a -o "$3: [0-9]* of [0-9]*" "$(path logs)/harness-$1-$2.out" 2>/dev/null |
		tail -n 1 | sed "s/^$3: //"
}
if [ "$mode" = --record ]; then
	for pair in "$name SHIFT=3" "${name}6 SHIFT=6"; do
		# shellcheck disable=SC2086 # the pair's two words
		set -- $pair
		got=$(count "$1" xarray XArray)
		n=${got%% of *}
		if [ -z "$got" ] || [ "$got" != "$n of $n" ]; then
			die "the tree's $2 run did not pass all its checks: ${got:-no count}"
		fi
		sed -i "s/^$2 .*/$2 $n/" "$record"
		echo "recorded $2 $n"
	done
	exit 0
fi
rc=0
for pair in "$name SHIFT=3" "${name}6 SHIFT=6"; do
	# shellcheck disable=SC2086 # the pair's two words
	set -- $pair
	want=$(awk -v s="$2" '$1 == s { print $2 }' "$record")
	[ -n "$want" ] || die "no $2 count in $record"
	got=$(count "$1" xarray XArray)
	echo "xarray ($2): $1 ${got:-missing}, recorded $want"
	[ "$got" = "$want of $want" ] || rc=1
done
[ "$rc" -eq 0 ] || die "$who XArray counts are not the recorded ones ($record)"
echo "$who XArray counts are the recorded ones at SHIFT=3 and SHIFT=6"
