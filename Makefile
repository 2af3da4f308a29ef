# xarray: an independent XArray for Linux 6.1 and for userspace.
#
#   make         build the userspace library in build/ (libxarray.so, .a and
#                the header <xarray/xarray.h> in build/include)
#   make install install it (PREFIX, LIBDIR, DESTDIR; make uninstall)
#   make run     build the patched kernel (dist geometry), boot it in QEMU,
#                run the self-tests and the btrfs, page-cache, stress and
#                huge-page workloads, boot a Debian 12 system on it; print
#                a summary
#   make test    everything make run checks, plus every other test of
#                the patched kernel and the library; last line
#                "N passed, N failed"
#   make compare the stock kernel beside the patched one: re-derives the
#                facts about stock 6.1 that make test relies on and fails
#                when one no longer matches its record
#   make fstests the fstests quick group on the stock and the patched
#                kernel side by side, resumable (FSTESTS_ARGS: see
#                scripts/fstests/soak.sh); not part of make test
#   make arches  the stock and patched kernels cross-built for arm64,
#                armhf, i386, ppc64el and s390x and booted in QEMU: the
#                self-test counts must agree; the library's tests under
#                qemu-user on armhf and s390x; not part of make test
#   make test-debug  make run's steps, then the same guest run on a
#                KASAN/lockdep/kmemleak kernel with failslab (also part
#                of make test)
#   make fuzz    the differential fuzzer for FUZZ_SECONDS (default 1800)
#                on every core (make test runs it for 60 s)
#   make patches regenerate patches/ from the sources
#   make deps    install the Debian packages needed (root)
#
# The kernel trees, builds and logs live in $(XARRAY_CACHE), by default
# ~/.cache/xarray; see README.md.

.PHONY: all run test test-debug compare fstests arches deps tree patches clean

all: lib

include userspace/lib.mk
include bench/bench.mk
include tests/fuzz/fuzz.mk

deps:
	sh scripts/install-deps.sh

tree: deps
	sh scripts/series/unpack-tree.sh

patches: tree
	sh scripts/series/make-patches.sh

run:
	sh scripts/run-steps.sh tests/run.steps

# make test's order keeps both cores busy: the fstests boot
# (tests/fstests-boot.steps), then the debug kernel's long boots
# (tests/debug-boot.steps), run in the step runner's background lane
# while the debug, small and KCSAN kernels and the host-side checks run
# in the foreground; tests/fstests.steps waits for the lane, then it and
# tests/debug.steps judge the boots.  doc/TESTING.md gives each step's
# budget.
test:
	sh scripts/run-steps.sh tests/run.steps tests/fstests-boot.steps \
		tests/debug-boot.steps tests/small.steps tests/kcsan.steps \
		tests/kernel.steps tests/host.steps tests/fstests.steps \
		tests/debug.steps

compare:
	sh scripts/run-steps.sh tests/run.steps tests/compare.steps

arches:
	sh scripts/run-steps.sh tests/arches.steps

FSTESTS_ARGS ?=
fstests:
	FSTESTS_ARGS="$(FSTESTS_ARGS)" sh scripts/run-steps.sh tests/fstests-soak.steps

test-debug:
	sh scripts/run-steps.sh tests/run.steps tests/debug-boot.steps \
		tests/debug.steps

clean:
	rm -rf build
