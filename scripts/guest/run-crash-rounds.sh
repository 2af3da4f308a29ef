#!/bin/sh
# btrfs crash consistency on kernel NAME: scripts/guest/run-crash-rounds.sh NAME [ROUNDS]
# Each round boots the guest on one btrfs image with the crash-write test,
# waits until the guest has printed a round-dependent number of
# "XARRAY-FSYNCED" files, kills QEMU with SIGKILL in the middle of the
# workload, then boots again with crash-verify: every file fsync'ed in
# this round or an earlier one must be whole, the mount (log replay) and
# the walk of every directory must work, and no log may show a splat.
# Afterwards btrfs check must find the image clean.
set -eu
. "$(dirname "$0")/../lib/common.sh"
name=${1:?usage: $0 NAME [ROUNDS]} rounds=${2:-3}
kernel=$(path kernel "$name")
img=$(path crash-image "$name")
[ -f "$kernel" ] || die "no kernel $kernel"
mkdir -p "$(path logs)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sh "$REPO/scripts/guest/make-disk-image.sh" "$img" 2G
: >"$tmp/fsynced"

names() {	# LOG PREFIX SUFFIX: the file names on whole lines PREFIX NAME SUFFIX
	tr -d '\r' <"$1" | sed -n "s|^$2 \(r[0-9]*/f[0-9]\{5\}\)$3\$|\1|p"
}

r=1
while [ "$r" -le "$rounds" ]; do
	kill_at=$((20 + 45 * (r - 1) * r))	# 20, 110, 290, ...
	log=$(path console "crash-$name-r$r")
	vlog=$(path console "crash-$name-r$r-verify")
	rm -f "$log"
	sh "$REPO/scripts/guest/boot-guest.sh" --tests crash-write \
		--append "xarray.round=$r" --timeout 900 "$kernel" "$log" "$img" &
	guest=$!
	n=0 waited=0
	while [ "$n" -lt "$kill_at" ]; do
		kill -0 "$guest" 2>/dev/null ||
			die "round $r: the guest ended after $n fsync'ed files, before $kill_at; see $log"
		[ "$waited" -lt 3000 ] || die "round $r: only $n fsync'ed files in 600 s"
		sleep 0.2
		waited=$((waited + 1))
		n=$(names "$log" XARRAY-FSYNCED '' | wc -l)
	done
	pkill -KILL -f -- "file=$img," || die "round $r: no QEMU to kill"
	wait "$guest" || true
	names "$log" XARRAY-FSYNCED '' >>"$tmp/fsynced"
	sh "$REPO/scripts/guest/parse-log.sh" nosplat "$log" >/dev/null ||
		{ sh "$REPO/scripts/guest/parse-log.sh" nosplat "$log"; die "round $r: splat before the kill"; }

	sh "$REPO/scripts/guest/boot-guest.sh" --tests crash-verify "$kernel" "$vlog" "$img"
	sh "$REPO/scripts/guest/parse-log.sh" result "$vlog" crash-verify >/dev/null ||
		{ tr -d '\r' <"$vlog" | grep -a -E 'crash-work|BTRFS' | tail -n 20; die "round $r: verify failed"; }
	sh "$REPO/scripts/guest/parse-log.sh" clean "$vlog" >/dev/null ||
		{ sh "$REPO/scripts/guest/parse-log.sh" clean "$vlog"; die "round $r: splat in the verify boot"; }
	names "$vlog" XARRAY-CHECK ' ok' | sort >"$tmp/whole"
	sort -u "$tmp/fsynced" >"$tmp/want"
	comm -23 "$tmp/want" "$tmp/whole" >"$tmp/lost"
	echo "round $r: killed after $(names "$log" XARRAY-FSYNCED '' | wc -l) fsync'ed files" \
		"(asked for $kill_at); $(wc -l <"$tmp/want") fsync'ed in all rounds," \
		"$(($(wc -l <"$tmp/want") - $(wc -l <"$tmp/lost"))) whole after the crash;" \
		"$(tr -d '\r' <"$vlog" | sed -n 's/^crash-work: //p')"
	[ ! -s "$tmp/lost" ] || { head "$tmp/lost"; die "round $r: fsync'ed files lost or damaged"; }
	r=$((r + 1))
done
sh "$REPO/scripts/guest/parse-log.sh" btrfs "$img" >"$tmp/check" 2>&1 || { cat "$tmp/check"; die "btrfs check found errors"; }
echo "crash consistency: $rounds of $rounds rounds survived, btrfs check clean"
