# The differential fuzzer (make fuzz, make test-fuzz): ours, the 6.1
# tree's lib/xarray.c and a model, driven by libFuzzer.  The calls into
# the tree's object are renamed with the header bench/bench.mk makes.
# Included by the top Makefile.
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_CC      := clang
FUZZ_CFLAGS  := -g -O1 -Wall -Wextra -Werror -D_LGPL_SOURCE -DXA_DEBUG \
		-DXA_SHIM_DEFER_RCU -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -Iuserspace/include -Iinclude
FUZZ_HDRS    := tests/fuzz/fuzz.h tests/api/check.h $(LIB_HDRS)
FUZZ_OBJS    := $(addprefix $(FUZZ_DIR)/,fuzz-xarray.o model.o check.o \
		shim.o xarray.o impl-ours.o impl-tree.o tree-xarray.o)
# Seconds for make fuzz, and how many processes it runs.
FUZZ_SECONDS ?= 1800
FUZZ_JOBS    ?= $(shell nproc)

# Compile $< into $@, with $(1) added to the flags.
fuzz_cc = @mkdir -p $(FUZZ_DIR) && $(FUZZ_CC) $(FUZZ_CFLAGS) $(1) -c -o $@ $<

$(FUZZ_DIR)/%.o: tests/fuzz/%.c $(FUZZ_HDRS)
	$(call fuzz_cc)
$(FUZZ_DIR)/check.o: tests/api/check.c $(FUZZ_HDRS)
	$(call fuzz_cc)
$(FUZZ_DIR)/shim.o: userspace/shim.c $(FUZZ_HDRS)
	$(call fuzz_cc)
$(FUZZ_DIR)/xarray.o: lib/xarray.c $(FUZZ_HDRS)
	$(call fuzz_cc)
$(FUZZ_DIR)/impl-ours.o: tests/fuzz/impl.c $(FUZZ_HDRS)
	$(call fuzz_cc,-DIMPL=ours)
$(FUZZ_DIR)/impl-tree.o: tests/fuzz/impl.c $(FUZZ_HDRS) $(BENCH_DIR)/tree-names.h
	$(call fuzz_cc,-DIMPL=tree -include $(BENCH_DIR)/tree-names.h)

# Its -Wextra warnings are not ours to fix.  With XA_DEBUG it also
# defines the dump functions, which the renaming must cover too.
$(FUZZ_DIR)/tree-xarray.o: $(TREE_XARRAY) $(FUZZ_HDRS)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -w -c -o $@.plain $<
	sh scripts/harness/rename-tree-symbols.sh $@.plain $@

$(FUZZ_DIR)/fuzz-xarray: $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ -lurcu -lpthread

# make test's step: a minute from the committed seeds; new inputs go to
# build/, the seeds stay as they are.  Any divergence, crash or hang
# (10 s on one input) fails it.
FUZZ_FLAGS   := -timeout=10 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/
test-fuzz: $(FUZZ_DIR)/fuzz-xarray
	@mkdir -p $(FUZZ_DIR)/corpus
	@$(FUZZ_DIR)/fuzz-xarray -max_total_time=60 $(FUZZ_FLAGS) \
		$(FUZZ_DIR)/corpus tests/fuzz/corpus >$(FUZZ_DIR)/test.log 2>&1 || \
		{ grep -v '^#' $(FUZZ_DIR)/test.log | tail -60; exit 1; }
	@echo "fuzz: $$(sed -n 's/^stat::number_of_executed_units: *//p' \
		$(FUZZ_DIR)/test.log) call sequences in 60 s, $$(grep -o 'cov: [0-9]*' \
		$(FUZZ_DIR)/test.log | tail -n 1), no divergence"

# make fuzz: FUZZ_SECONDS on FUZZ_JOBS processes.
fuzz: $(FUZZ_DIR)/fuzz-xarray
	@mkdir -p $(FUZZ_DIR)/corpus
	$(FUZZ_DIR)/fuzz-xarray -max_total_time=$(FUZZ_SECONDS) \
		-fork=$(FUZZ_JOBS) $(FUZZ_FLAGS) $(FUZZ_DIR)/corpus tests/fuzz/corpus

.PHONY: fuzz test-fuzz
