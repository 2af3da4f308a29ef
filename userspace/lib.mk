# The userspace library: libxarray.so, libxarray.a and the header
# <xarray/xarray.h> (in build/include) from lib/xarray.c,
# include/linux/xarray.h and the shims; make install also writes
# xarray.pc.  Included by the top Makefile.
#
# The usual variables are honoured: CFLAGS, CPPFLAGS and LDFLAGS are the
# caller's (a distribution's hardening flags, say); DESTDIR, PREFIX,
# LIBDIR, INCLUDEDIR and MANDIR place the installed files.
VERSION    := 6.1.0
SONAME     := libxarray.so.0
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
DOCDIR     ?= $(PREFIX)/share/doc/libxarray-dev
BUILD      := build
CFLAGS     ?= -O2 -g
LIB_CFLAGS := $(CPPFLAGS) $(CFLAGS) -fPIC -Wall -Wextra -Werror \
	      -D_LGPL_SOURCE -Iuserspace/include -Iinclude
LIB_OBJS   := $(BUILD)/xarray.o $(BUILD)/shim.o
LIB_HDRS   := include/linux/xarray.h lib/radix-tree.h \
	      $(wildcard userspace/include/*/*.h userspace/include/*/*/*.h)
SHIM_HDRS  := $(wildcard userspace/include/xarray/shim/*.h)
PUB_HDR    := $(BUILD)/include/xarray/xarray.h

lib: $(BUILD)/libxarray.so $(BUILD)/libxarray.a $(PUB_HDR)

$(BUILD)/xarray.o: lib/xarray.c $(LIB_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(BUILD)/shim.o: userspace/shim.c $(LIB_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

# The shared library exports the functions the installed header declares,
# and nothing else (userspace/api-functions.sh lists them).
$(BUILD)/libxarray.map: $(PUB_HDR) userspace/api-functions.sh
	{ echo 'XARRAY_0 {'; echo 'global:'; \
	  CC=$(CC) sh userspace/api-functions.sh $(BUILD)/include | sed 's/.*/\t&;/'; \
	  echo 'local: *;'; echo '};'; } >$@

$(BUILD)/libxarray.so: $(LIB_OBJS) $(BUILD)/libxarray.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
		-Wl,--version-script=$(BUILD)/libxarray.map -o $@ $(LIB_OBJS) \
		-lurcu

$(BUILD)/libxarray.a: $(LIB_OBJS)
	$(AR) rcs $@ $^

$(PUB_HDR): include/linux/xarray.h userspace/gen-header.sh $(LIB_HDRS)
	@mkdir -p $(BUILD)/include/xarray/shim
	cp $(SHIM_HDRS) $(BUILD)/include/xarray/shim/
	sh userspace/gen-header.sh include/linux/xarray.h userspace/include >$@.tmp
	mv $@.tmp $@

install: lib
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(INCLUDEDIR)/xarray/shim $(DESTDIR)$(DOCDIR)
	install -m 644 $(BUILD)/libxarray.a $(DESTDIR)$(LIBDIR)/
	install -m 644 $(BUILD)/libxarray.so $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libxarray.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    userspace/xarray.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/xarray.pc
	install -m 644 $(PUB_HDR) $(DESTDIR)$(INCLUDEDIR)/xarray/
	install -m 644 $(SHIM_HDRS) $(DESTDIR)$(INCLUDEDIR)/xarray/shim/
	sh userspace/install-man.sh $(DESTDIR)$(MANDIR)/man3
	install -m 644 doc/xarray.rst $(DESTDIR)$(DOCDIR)/

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libxarray.a $(DESTDIR)$(LIBDIR)/$(SONAME) \
	      $(DESTDIR)$(LIBDIR)/libxarray.so \
	      $(DESTDIR)$(LIBDIR)/pkgconfig/xarray.pc \
	      $(DESTDIR)$(DOCDIR)/xarray.rst
	rm -rf $(DESTDIR)$(INCLUDEDIR)/xarray
	sh userspace/install-man.sh --uninstall $(DESTDIR)$(MANDIR)/man3
	-rmdir $(DESTDIR)$(DOCDIR)

.PHONY: lib install uninstall

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
