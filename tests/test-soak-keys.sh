#!/bin/sh
# The fstests soak keeps its results under keys derived from what
# decides them (scripts/fstests/soak.sh --keys): a comment edited in a
# config fragment or in a script the run uses changes no key; a code
# edit in such a script changes both kernels' environment key; a code
# edit in the series changes only the series key, a reworded commit
# message nothing; and results on the earlier series stay, reported
# apart.  Runs on a copy of the repo's files with a made-up cache (two
# .config files, a stand-in tarball): no kernel is built.
set -eu
. "$(dirname "$0")/../scripts/lib/common.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
mkdir -p "$repo"
(cd "$REPO" && git ls-files -z | tar --null -T - -cf -) | tar -C "$repo" -xf -
git -C "$repo" init -q
git -C "$repo" add -A
. "$REPO/tests/lib/fake-cache.sh"
fake_cache "$tmp"
. "$REPO/tests/lib/tally.sh"
keys() {
	sh "$repo/scripts/fstests/soak.sh" --keys
}
# check NAME WANT BEFORE AFTER: WANT says which keys changed: none, env
# (both kernels' environment) or series
check() {
	got=none
	[ "$(echo "$3" | cut -d' ' -f1-2)" = "$(echo "$4" | cut -d' ' -f1-2)" ] || got='env'
	if [ "${3##* }" != "${4##* }" ]; then
		if [ "$got" = none ]; then got='series'; else got='env+series'; fi
	fi
	ok=no
	[ "$got" != "$2" ] || ok=yes
	echo "wanted $2 changed, got $got ($3 -> $4)" >"$tmp/check"
	tally "$1" "$ok" "$tmp/check"
}
k0=$(keys)
printf '# a comment\n' >>"$repo/config/base.config"
sed -i '1a # another comment' "$repo/scripts/fstests/run.sh"
k1=$(keys)
check comment-edits-change-no-key none "$k0" "$k1"
sed -i 's/^tag=.. cpus=2 limit=600$/tag='"''"' cpus=2 limit=601/' "$repo/scripts/fstests/run.sh"
grep -q 'limit=601$' "$repo/scripts/fstests/run.sh" || { echo "FAIL the run script's edit did not apply"; exit 1; }
k2=$(keys)
check script-code-edit-changes-the-environment env "$k1" "$k2"
patch=$(ls "$repo"/patches/0002-*.patch)
sed -i '0,/^Subject: /s/^Subject: .*/&, reworded/' "$patch"
k3=$(keys)
check reworded-message-changes-no-key none "$k2" "$k3"
sed -i '0,/^+.*[a-z]/s/^+\(.*[a-z].*\)$/+\1 \/* edited *\//' "$patch"
k4=$(keys)
check series-code-edit-changes-only-the-series series "$k3" "$k4"

# The results of the series before the edit stay, and are reported apart.
soak=$(path soak)
env=$(echo "$k4" | cut -d' ' -f2) old=$(echo "$k3" | cut -d' ' -f3)
sh "$repo/scripts/fstests/soak.sh" --section btrfs --sample 2 --report >/dev/null 2>&1 || :
sed 's/$/ pass 10/' "$soak/selection" >"$soak/$(echo "$k4" | cut -d' ' -f1).results"
sed 's/$/ pass 12/' "$soak/selection" >"$soak/$env-${old#series-}.results"
sh "$repo/scripts/fstests/soak.sh" --section btrfs --sample 2 --report >"$tmp/report.out" 2>&1 || :
ok=no
if grep -q '^- series '"${old#series-}"': 2 tests$' "$soak/report.md" &&
	grep -q '^| btrfs | 2 | 0 | 0 | 0 | 0 | 0 | 0 | 2 |$' "$soak/report.md"; then
	ok=yes
fi
cat "$tmp/report.out" "$soak/report.md" >"$tmp/check"
tally earlier-series-results-are-kept-and-reported-apart "$ok" "$tmp/check"
tally_end
