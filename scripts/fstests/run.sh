#!/bin/sh
# Boot the Debian 12 root on kernel NAME with fstests' disks and run the
# tests of LIST in it (guest/fstests/guest-init), one guest boot.
# Usage: scripts/fstests/run.sh [--tag TAG] [--cpus N] [--limit SECS] NAME LIST
#   LIST     lines "SECTION TEST" (a section of guest/fstests/local.config:
#            btrfs, xfs, tmpfs_huge) or "stress-ng FSTYP SECONDS" (btrfs,
#            tmpfs); more words on a line and # comments are ignored
#   --tag    a second run of NAME beside the first: its files are TAG's (path
#            fstests-results NAME TAG and the like)
#   --cpus   guest CPUs (default 2)
#   --limit  a test still running this many seconds after the last one
#            ended is a hang (default 600): the guest is stopped, the test
#            recorded as "timeout" and the rest of LIST left unrun
# Writes (path fstests-results NAME TAG), one line an outcome:
#   SECTION TEST pass|fail|notrun|timeout SECONDS [REASON]
#   stress-ng FSTYP pass|fail|timeout SECONDS [DETAIL]
# and keeps the console (path fstests-console NAME TAG) and the btrfs
# disks (btrfs-test.img, stress.img in path fstests-dir NAME TAG) for the checks
# that follow.  Prints each outcome as it comes.  Exits 0 when the guest
# got through LIST, whatever the tests' outcomes, 1 when it did not.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--tag TAG] [--cpus N] [--limit SECS] NAME LIST"
tag='' cpus=2 limit=600
while [ $# -gt 0 ]; do
	case $1 in
	--tag)		tag=$2; shift 2 ;;
	--cpus)		cpus=$2; shift 2 ;;
	--limit)	limit=$2; shift 2 ;;
	--*)		die "$usage" ;;
	*)		break ;;
	esac
done
[ $# -eq 2 ] || die "$usage"
name=$1 list=$2
kernel=$(path kernel "$name")
[ -f "$kernel" ] || die "no kernel $kernel"
[ -f "$list" ] || die "no list $list"
dir=$(path fstests-dir "$name" "$tag")
log=$(path fstests-console "$name" "$tag")
results=$(path fstests-results "$name" "$tag")
rm -rf "$dir" "$results"
mkdir -p "$dir/job" "$(path logs)"

# The items of LIST, "SECTION TEST" each, in order.
sed 's/#.*//' "$list" | awk 'NF >= 2 { print $1, $2 }' >"$dir/items"
[ -s "$dir/items" ] || die "$list lists no test"

# The guest's job: the fstests configuration and LIST as guest-init's
# jobs, consecutive tests of one section in one fstests line.
cp "$REPO/guest/fstests/local.config" "$dir/job/"
sed 's/#.*//' "$list" | awk '
	NF < 2 { next }
	$1 == "stress-ng" {
		if (line != "") print line
		line = ""; sect = ""
		print "stress-ng", $2, $3, ($2 == "btrfs" ? "/dev/vdj" : "")
		next
	}
	$1 != sect { if (line != "") print line; line = "fstests " $1; sect = $1 }
	{ line = line " " $2 }
	END { if (line != "") print line }' >"$dir/job/list"
tar -C "$dir/job" -cf "$dir/job.tar" local.config list

# The disks, in the order local.config names them.
sh "$REPO/scripts/debian/make-debian-image.sh" "$dir/root.img"
sh "$REPO/scripts/guest/make-disk-image.sh" "$dir/btrfs-test.img" 10G btrfs
sh "$REPO/scripts/guest/make-disk-image.sh" "$dir/xfs-test.img" 10G xfs
for d in logwrites scratch1 scratch2 scratch3 scratch4; do
	truncate -s 10G "$dir/$d.img"
done
sh "$REPO/scripts/guest/make-disk-image.sh" "$dir/stress.img" 4G btrfs
set -- "$dir/root.img" "$dir/job.tar" "$dir/btrfs-test.img" \
	"$dir/xfs-test.img" "$dir/logwrites.img" "$dir/scratch1.img" \
	"$dir/scratch2.img" "$dir/scratch3.img" "$dir/scratch4.img" \
	"$dir/stress.img"

# outcomes: the guest's outcome lines so far, as results lines.
outcomes() {
	tr -d '\r' <"$log" | sed -n -e 's/^XARRAY-FSTEST \([^ ]* [^ ]* [a-z]* \)/\1/p' \
		-e 's/^XARRAY-STRESS \([a-z]* [a-z]* \)/stress-ng \1/p'
}

# unfinished [TEST]: the first item of LIST with no outcome yet (whose
# test is TEST, if given).
unfinished() {
	# Tagged, one stream: with no outcome yet, NR == FNR would hold in
	# the list too.
	{ outcomes | sed 's/^/done /'; sed 's/^/item /' "$dir/items"; } |
		awk -v t="${1:-}" '$1 == "done" { done[$2 " " $3] = 1; next }
			!(($2 " " $3) in done) && (t == "" || $3 == t) { print $2, $3; exit }'
}

# running: the test the guest started last, if it has not ended: the
# name in fstests' "run fstests TEST at" line, or stress-ng's.
running() {
	tr -d '\r' <"$log" | grep -a -o -E "$markers" | tail -n 1 |
		sed -n -e 's/^run fstests \([^ ]*\) at$/\1/p' \
			-e 's/^XARRAY-STRESS-START \([a-z]*\)$/\1/p'
}

# A test starts with fstests' "run fstests TEST at" line (or
# xarray-stress's start line) and ends with its outcome line: the guest
# launcher stops a guest whose console shows none of them for $limit
# seconds, a hang.
markers='run fstests [^ ]* at|XARRAY-STRESS-START [a-z]*|XARRAY-FSTEST |XARRAY-STRESS |XARRAY-FSTESTS-START'

step "booting the fstests guest on $name ($(wc -l <"$dir/items") items, $limit s a test)"
start=$(date +%s)
# Stopped early (this script killed), the guest goes too.
trap 'kill "$boot" 2>/dev/null || true' EXIT
trap 'exit 1' INT TERM HUP
sh "$REPO/scripts/guest/boot-guest.sh" --initrd none --mem 2048 --cpus "$cpus" \
	--timeout 86400 --watch "$markers" --idle "$limit" \
	--append "root=/dev/vda rootfstype=btrfs rw init=/usr/local/sbin/xarray-fstests loglevel=5 $NO_SELFTESTS" \
	"$kernel" "$log" "$@" &
boot=$!

# Show each outcome as it comes.
shown=0
while kill -0 "$boot" 2>/dev/null; do
	sleep 5
	[ -f "$log" ] || continue
	outcomes | sed -n "$((shown + 1)),\$p"
	shown=$(outcomes | wc -l)
done
rc=0
wait "$boot" || rc=$?
outcomes | sed -n "$((shown + 1)),\$p"
outcomes >"$results"
hung=''
if [ "$rc" = 124 ]; then
	hung=$(unfinished "$(running)")
	[ -n "$hung" ] || hung=$(unfinished)
fi
[ -z "$hung" ] || echo "$hung timeout $limit stopped after $limit s with no progress" | tee -a "$results"
rm -f "$dir/root.img" "$dir"/scratch*.img "$dir/logwrites.img"
secs=$(($(date +%s) - start))
left=$(unfinished)
if grep -a -q '^XARRAY-FSTESTS-DONE' "$log" && [ -z "$left" ]; then
	echo "fstests guest on $name: $(wc -l <"$results") outcomes in $secs s"
	exit 0
fi
echo "fstests guest on $name did not get through its list in $secs s (QEMU exit $rc)${left:+; first left: $left}"
exit 1
