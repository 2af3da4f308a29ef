# The userspace library: libxarray.so, libxarray.a and xarray.pc in
# build/, from lib/xarray.c and the shims.  Included by the top Makefile.
VERSION    := 6.1.0
PREFIX     ?= /usr/local
BUILD      := build
LIB_CFLAGS := -O2 -g -fPIC -Wall -Wextra -Werror -D_LGPL_SOURCE \
	      -Iuserspace/include -Iinclude
LIB_OBJS   := $(BUILD)/xarray.o $(BUILD)/shim.o
LIB_HDRS   := include/linux/xarray.h lib/radix-tree.h $(wildcard userspace/include/linux/*.h) \
	      userspace/include/asm/barrier.h \
	      userspace/include/linux/sched/mm.h

lib: $(BUILD)/libxarray.so $(BUILD)/libxarray.a $(BUILD)/xarray.pc

$(BUILD)/xarray.o: lib/xarray.c $(LIB_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(BUILD)/shim.o: userspace/shim.c $(LIB_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(BUILD)/libxarray.so: $(LIB_OBJS)
	$(CC) -shared -Wl,-soname,libxarray.so.0 -o $@ $^ -lurcu -lpthread

$(BUILD)/libxarray.a: $(LIB_OBJS)
	$(AR) rcs $@ $^

$(BUILD)/xarray.pc: userspace/xarray.pc.in
	@mkdir -p $(BUILD)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< >$@

install: lib
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/include/xarray/linux/sched
	install -m 644 $(BUILD)/libxarray.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/libxarray.so $(DESTDIR)$(PREFIX)/lib/libxarray.so.0
	ln -sf libxarray.so.0 $(DESTDIR)$(PREFIX)/lib/libxarray.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
		userspace/xarray.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/xarray.pc
	install -m 644 include/linux/xarray.h userspace/include/linux/*.h \
		$(DESTDIR)$(PREFIX)/include/xarray/linux/
	install -m 644 userspace/include/linux/sched/mm.h \
		$(DESTDIR)$(PREFIX)/include/xarray/linux/sched/
	install -d $(DESTDIR)$(PREFIX)/share/man/man3 \
		$(DESTDIR)$(PREFIX)/share/doc/xarray
	install -m 644 doc/xarray.3 $(DESTDIR)$(PREFIX)/share/man/man3/
	install -m 644 doc/xarray.rst $(DESTDIR)$(PREFIX)/share/doc/xarray/

.PHONY: lib install

# Our API tests: lib/xarray.c with XA_DEBUG checks, under ASan and UBSan.
TEST_CFLAGS := -O1 -g -Wall -Wextra -Werror -D_LGPL_SOURCE -DXA_DEBUG \
	       -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	       -Iuserspace/include -Iinclude

TEST_SRCS   := lib/xarray.c userspace/shim.c tests/api/check.c

$(BUILD)/test-%: tests/api/test-%.c $(TEST_SRCS) tests/api/check.h $(LIB_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(TEST_SRCS) -lurcu -lpthread

# test-api: the API tests; test-nomem: the allocation-failure sweep.
.PHONY: test-api test-nomem
test-api test-nomem: test-%: $(BUILD)/test-%
	$(BUILD)/$@

# The concurrency stress, once under ASan and once under TSan.  TSan
# cannot see liburcu's grace periods; tests/api/tsan.supp says which
# reports that hides.
STRESS_CFLAGS := -O1 -g -Wall -Wextra -Werror -D_LGPL_SOURCE -DXA_DEBUG \
		 -Iuserspace/include -Iinclude
$(BUILD)/test-stress-%: tests/api/test-stress.c $(TEST_SRCS) tests/api/check.h $(LIB_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(STRESS_CFLAGS) -fsanitize=$(if $(filter tsan,$*),thread,address) \
		-o $@ $< $(TEST_SRCS) -lurcu -lpthread

.PHONY: test-stress-asan test-stress-tsan
test-stress-asan: $(BUILD)/test-stress-asan
	$(BUILD)/$@
test-stress-tsan: $(BUILD)/test-stress-tsan
	TSAN_OPTIONS="halt_on_error=1 suppressions=tests/api/tsan.supp" $(BUILD)/$@
