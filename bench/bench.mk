# The userspace benchmark (make bench): our lib/xarray.c against the 6.1
# tree's, JudyL and a plain array.  Included by the top Makefile.  The
# tree's lib/xarray.c is compiled with the same header, shims and flags as
# ours; every function it defines is renamed to tree_NAME
# (scripts/harness/rename-tree-symbols.sh), and bench/xa-impl.c is
# compiled a second time with matching #defines, so both implementations
# live in one binary.
TREE_XARRAY  ?= $(shell sh scripts/path.sh tree)/lib/xarray.c
BENCH_DIR    := $(BUILD)/bench
BENCH_CFLAGS := $(LIB_CFLAGS) -Ibench
BENCH_OBJS   := $(BENCH_DIR)/bench.o $(BENCH_DIR)/xa-ours.o \
		$(BENCH_DIR)/xa-tree.o $(BENCH_DIR)/judy-impl.o \
		$(BENCH_DIR)/array-impl.o $(BENCH_DIR)/tree-xarray.o \
		$(BUILD)/xarray.o $(BUILD)/shim.o

$(BENCH_DIR)/tree-xarray-plain.o: $(TREE_XARRAY) $(LIB_HDRS)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(LIB_CFLAGS) -w -c -o $@ $<	# its -Wextra warnings are not ours

$(BENCH_DIR)/tree-xarray.o $(BENCH_DIR)/tree-names.h &: $(BENCH_DIR)/tree-xarray-plain.o
	sh scripts/harness/rename-tree-symbols.sh \
		--header $(BENCH_DIR)/tree-names.h $< $(BENCH_DIR)/tree-xarray.o

$(BENCH_DIR)/xa-ours.o: bench/xa-impl.c bench/bench.h $(LIB_HDRS)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -DIMPL=ours -c -o $@ $<

$(BENCH_DIR)/xa-tree.o: bench/xa-impl.c bench/bench.h $(LIB_HDRS) $(BENCH_DIR)/tree-names.h
	$(CC) $(BENCH_CFLAGS) -DIMPL=tree -include $(BENCH_DIR)/tree-names.h -c -o $@ $<

$(BENCH_DIR)/%.o: bench/%.c bench/bench.h
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -c -o $@ $<

$(BENCH_DIR)/bench: $(BENCH_OBJS)
	$(CC) -o $@ $^ -lJudy -lurcu -lpthread

bench-build: $(BENCH_DIR)/bench

# A smoke run for make test: every implementation gives right answers.
test-bench-smoke: $(BENCH_DIR)/bench
	$(BENCH_DIR)/bench -q >$(BENCH_DIR)/smoke.txt || { grep WRONG $(BENCH_DIR)/smoke.txt; exit 1; }
	@echo "bench smoke: $$(grep -c '^RESULT' $(BENCH_DIR)/smoke.txt) measurements, $$(grep -c '^WRONG' $(BENCH_DIR)/smoke.txt) wrong"

# The repetition counts, here and nowhere else: pairs of boots for the
# kernel benchmark (each geometry) and for the btrfs workload.
KBENCH_BOOTS ?= 3
BTRFS_RUNS ?= 5
# The measurements run through the step runner (tests/bench.steps); the
# report is rewritten only when every one of them has passed.
bench:
	KBENCH_BOOTS=$(KBENCH_BOOTS) BTRFS_RUNS=$(BTRFS_RUNS) \
		sh scripts/run-steps.sh tests/bench.steps
	sh bench/report.sh $(BENCH_DIR)/bench

.PHONY: bench bench-build test-bench-smoke

# Memory per key against JudyL and GHashTable, dense and hashed keys.
$(BENCH_DIR)/memory: bench/memory.c $(BUILD)/libxarray.a $(PUB_HDR)
	@mkdir -p $(BENCH_DIR)
	$(CC) -O2 -Wall -Wextra -Werror -I$(BUILD)/include \
		$$(pkg-config --cflags glib-2.0 liburcu) -o $@ $< \
		$(BUILD)/libxarray.a -lJudy $$(pkg-config --libs glib-2.0 liburcu)

bench-memory: $(BENCH_DIR)/memory
	$(BENCH_DIR)/memory
.PHONY: bench-memory
