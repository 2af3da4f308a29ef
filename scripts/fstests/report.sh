#!/bin/sh
# Print the make fstests report, in Markdown: a summary line a section,
# every test on which the two kernels differ (with its explanation from
# records/fstests-differences, "SECTION TEST why" lines), every test that
# failed or timed out on both (with its note there, if any), the tests
# not run on both under the guest's reason, then a table a section:
# test, stock result, patched result, their times.
# Usage: scripts/fstests/report.sh [OPTIONS] SELECTION STOCK-RESULTS PATCHED-RESULTS
#   --notes FILE    the notes to use instead of records/fstests-differences
#   --series KEY    the series PATCHED-RESULTS ran on, named in the report
#   --earlier FILE  the patched kernel's outcomes on earlier series
#                   ("SERIES SECTION TEST ..." lines, newest first): the
#                   report lists them apart and counts none of them
#   --first FILE    the tests the soak runs first ("SECTION TEST"
#                   lines: the page-cache groups'), for a summary of
#                   how far it got through them
# Exits 1 when a test passes on stock and fails (or times out) on
# patched, or when a difference has no explanation.
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 [--notes FILE] [--series KEY] [--earlier FILE] [--first FILE] SELECTION STOCK-RESULTS PATCHED-RESULTS"
notes=$REPO/records/fstests-differences series='' earlier=/dev/null first=/dev/null
while [ $# -gt 0 ]; do
	case $1 in
	--notes)	notes=$2; shift 2 ;;
	--series)	series=$2; shift 2 ;;
	--earlier)	earlier=$2; shift 2 ;;
	--first)	first=$2; shift 2 ;;
	--*)		die "$usage" ;;
	*)		break ;;
	esac
done
[ $# -eq 3 ] || die "$usage"
[ -r "$notes" ] || die "cannot read the notes $notes"
awk -v notes="$notes" -v date="$(date -u +%F)" -v series="$series" \
	-v earlier="$earlier" -v first="$first" '
	FILENAME == ARGV[1] { n++; sect[n] = $1; test[n] = $2; next }
	FILENAME == ARGV[2] { s[$1 " " $2] = $3; st[$1 " " $2] = $4; next }
	FILENAME == ARGV[3] {
		p[$1 " " $2] = $3; pt[$1 " " $2] = $4
		reason = $0
		sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ ?/, "", reason)
		pr[$1 " " $2] = reason == "" ? "no reason given" : reason
		next
	}
	END {
		while ((getline line < notes) > 0) {
			if (line ~ /^#/ || line == "") continue
			split(line, w, " ")
			why[w[1] " " w[2]] = substr(line, length(w[1] w[2]) + 3)
		}
		for (i = 1; i <= n; i++) {
			k = sect[i] " " test[i]
			if (!(sect[i] in seen)) { seen[sect[i]] = 1; order[++ns] = sect[i] }
			total[sect[i]]++
			if (!(k in s) || !(k in p)) { left[sect[i]]++; continue }
			both[sect[i]]++
			if (s[k] == p[k]) {
				same[sect[i], s[k]]++
				if (s[k] == "fail" || s[k] == "timeout") bad[++nb] = k
				if (s[k] == "notrun") skipped(k)
				continue
			}
			diff[++nd] = k
			if (s[k] == "pass" && (p[k] == "fail" || p[k] == "timeout")) regress[sect[i]]++
			else other[sect[i]]++
		}
		print "# fstests on stock 6.1 and on the patched kernel"
		print ""
		print "Made by `make fstests` (scripts/fstests/soak.sh), " date ": fstests"
		print "v2026.01.05 (third-party/), the two dist kernels side by side in the"
		print "Debian 12 guest, one CPU each, the same seeds (guest/fstests/local.config)."
		print "Results are kept in the cache; a rerun goes on where this one stopped."
		if (series != "")
			print "Every patched result counted here ran on the current series, " series "."
		print ""
		print "## Summary"
		print ""
		print "| section | selected | ran on both | pass on both | not run on both | fail or time out on both | pass on stock, fail on patched | other differences | left |"
		print "|---|---|---|---|---|---|---|---|---|"
		count_first()
		for (j = 1; j <= ns; j++) {
			x = order[j]
			printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d |\n", x, total[x],
				both[x], same[x, "pass"], same[x, "notrun"],
				same[x, "fail"] + same[x, "timeout"], regress[x], other[x], left[x]
			nregress += regress[x]
			frows = frows sprintf("| %s | %d | %d | %d |\n", x, fsel[x], fboth[x],
				fsel[x] - fboth[x])
		}
		if (nfirst) {
			print ""
			print "The soak runs the tests of its --first groups (the page-cache groups unless told otherwise) ahead of the others:"
			print ""
			print "| section | --first tests selected | ran on both | left |"
			print "|---|---|---|---|"
			printf "%s", frows
		}
		print ""
		print "## Differences"
		print ""
		if (!nd) print "None: every test that ran on both kernels had the same outcome."
		for (j = 1; j <= nd; j++) {
			k = diff[j]
			printf "- %s: stock %s, patched %s. %s\n", k, s[k], p[k],
				(k in why) ? why[k] : "**No explanation yet.**"
			if (!(k in why)) unexplained++
		}
		print ""
		print "## Failed or timed out on both"
		print ""
		if (!nb) print "None."
		for (j = 1; j <= nb; j++) {
			k = bad[j]
			printf "- %s: %s on both.%s\n", k, s[k], (k in why) ? " " why[k] : ""
		}
		print ""
		print "## Not run on both, and why"
		print ""
		if (!nr) print "None."
		for (j = 1; j <= nr; j++) print "- " reasons[j] ": " skips[reasons[j]]
		earlier_ones()
		for (j = 1; j <= ns; j++) {
			x = order[j]
			print ""
			print "## " x
			print ""
			print "| test | stock | patched | stock s | patched s |"
			print "|---|---|---|---|---|"
			for (i = 1; i <= n; i++) {
				k = sect[i] " " test[i]
				if (sect[i] != x || !(k in s) || !(k in p)) continue
				printf "| %s | %s | %s | %s | %s |\n", test[i], s[k], p[k], st[k], pt[k]
			}
		}
		exit (nregress > 0 || unexplained > 0)
	}
	# count_first(): of the tests the soak runs first, how many a
	# section has in the selection (fsel) and how many of those ran on
	# both kernels (fboth); nfirst in all
	function count_first(   line, w, k, j) {
		while ((getline line < first) > 0) {
			split(line, w, " ")
			isfirst[w[1] " " w[2]] = 1
		}
		for (j = 1; j <= n; j++) {
			k = sect[j] " " test[j]
			if (!(k in isfirst)) continue
			nfirst++
			fsel[sect[j]]++
			if ((k in s) && (k in p)) fboth[sect[j]]++
		}
	}
	# earlier_ones(): the tests of the selection with no outcome on the
	# current series but one on an earlier series (the newest), by series
	function earlier_ones(   line, w, k, j, m, ne, sk) {
		while ((getline line < earlier) > 0) {
			split(line, w, " ")
			k = w[2] " " w[3]
			if ((k in eo) || (k in p)) continue
			eo[k] = w[4]; es[k] = w[1]
		}
		for (j = 1; j <= n; j++) {
			k = sect[j] " " test[j]
			if (!(k in eo)) continue
			if (!(es[k] in nser)) sers[++m] = es[k]
			nser[es[k]]++
			if (s[k] == "pass" && (eo[k] == "fail" || eo[k] == "timeout"))
				ereg[++ne] = k " (series " es[k] ")"
		}
		if (!m) return
		print ""
		print "## On earlier series, not counted above"
		print ""
		print "Tests of the selection that have not run yet on the current series, with"
		print "their patched outcome on the newest earlier series they ran on:"
		print ""
		for (j = 1; j <= m; j++) printf "- series %s: %d tests\n", sers[j], nser[sers[j]]
		print ""
		if (!ne) print "None of them passed on stock and failed on patched there."
		for (j = 1; j <= ne; j++) print "- passed on stock, failed on patched: " ereg[j]
	}
	# skipped(k): list test k under the reason the patched guest gave
	function skipped(k) {
		if (!(pr[k] in skips)) reasons[++nr] = pr[k]
		else skips[pr[k]] = skips[pr[k]] ", "
		skips[pr[k]] = skips[pr[k]] k
	}' "$1" "$2" "$3"
