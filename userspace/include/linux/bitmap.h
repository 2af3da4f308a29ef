/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Userspace: see linux/compiler.h.  The bit helpers our lib/xarray.c no
 * longer uses stay for the tree's, which the fuzzer and the benchmarks
 * build against these shims too.
 */
#ifndef _XARRAY_USERSPACE_BITMAP_H
#define _XARRAY_USERSPACE_BITMAP_H

#include <xarray/shim/bitops.h>

#define BIT_WORD(nr)			XA_SHIM_BIT_WORD(nr)
#define BIT_MASK(nr)			XA_SHIM_BIT_MASK(nr)
#define test_bit(nr, addr)		xa_shim_test_bit(nr, addr)
#define __set_bit(nr, addr)		xa_shim_set_bit(nr, addr)
#define __test_and_set_bit(nr, addr)	xa_shim_test_and_set_bit(nr, addr)
#define __test_and_clear_bit(nr, addr)	xa_shim_test_and_clear_bit(nr, addr)
#define __ffs(word)			xa_shim_ffs(word)
#define find_next_bit(a, s, o)		xa_shim_find_next_bit(a, s, o)
#define bitmap_empty(addr, bits)	xa_shim_bitmap_empty(addr, bits)
#define bitmap_fill(addr, bits)		xa_shim_bitmap_fill(addr, bits)
#define bitmap_clear(addr, s, n)	xa_shim_bitmap_clear(addr, s, n)

#endif
