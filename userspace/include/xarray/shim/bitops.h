/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Bit operations on unsigned long bitmaps (a node's marks).  RCU readers
 * test marks while the writer, holding the lock, changes them, as in the
 * kernel; the words are read and written with relaxed atomics, which are
 * plain moves on the machines we build for, so that ThreadSanitizer sees
 * it too.
 */
#ifndef XARRAY_SHIM_BITOPS_H
#define XARRAY_SHIM_BITOPS_H

#include <xarray/shim/compiler.h>
#include <xarray/shim/types.h>

#define XA_SHIM_BIT_WORD(nr)	((nr) / XA_SHIM_BITS_PER_LONG)
#define XA_SHIM_BIT_MASK(nr)	(1UL << ((nr) % XA_SHIM_BITS_PER_LONG))

static inline unsigned long xa_shim_bit_word_load(const unsigned long *word)
{
	return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline void xa_shim_bit_word_store(unsigned long *word,
					  unsigned long bits)
{
	__atomic_store_n(word, bits, __ATOMIC_RELAXED);
}

static inline bool xa_shim_test_bit(unsigned long nr,
				    const unsigned long *addr)
{
	return xa_shim_bit_word_load(&addr[XA_SHIM_BIT_WORD(nr)]) &
	       XA_SHIM_BIT_MASK(nr);
}

static inline void xa_shim_set_bit(unsigned long nr, unsigned long *addr)
{
	unsigned long *word = &addr[XA_SHIM_BIT_WORD(nr)];

	xa_shim_bit_word_store(word, xa_shim_bit_word_load(word) |
				     XA_SHIM_BIT_MASK(nr));
}

static inline bool xa_shim_test_and_set_bit(unsigned long nr,
					    unsigned long *addr)
{
	bool old = xa_shim_test_bit(nr, addr);

	xa_shim_set_bit(nr, addr);
	return old;
}

static inline bool xa_shim_test_and_clear_bit(unsigned long nr,
					      unsigned long *addr)
{
	unsigned long *word = &addr[XA_SHIM_BIT_WORD(nr)];
	bool old = xa_shim_test_bit(nr, addr);

	xa_shim_bit_word_store(word, xa_shim_bit_word_load(word) &
				     ~XA_SHIM_BIT_MASK(nr));
	return old;
}

/* The lowest set bit of a word that is not zero. */
static inline unsigned long xa_shim_ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

/* The first set bit at or after @offset, or @size: a word at a time. */
static inline unsigned long xa_shim_find_next_bit(const unsigned long *addr,
		unsigned long size, unsigned long offset)
{
	const unsigned long bits = XA_SHIM_BITS_PER_LONG;
	unsigned long word;

	if (offset >= size)
		return size;
	word = xa_shim_bit_word_load(&addr[XA_SHIM_BIT_WORD(offset)]) &
	       (~0UL << (offset % bits));
	while (!word) {
		offset = (offset | (bits - 1)) + 1;
		if (offset >= size)
			return size;
		word = xa_shim_bit_word_load(&addr[XA_SHIM_BIT_WORD(offset)]);
	}
	offset = (offset & ~(bits - 1)) + xa_shim_ffs(word);
	return offset < size ? offset : size;
}

static inline bool xa_shim_bitmap_empty(const unsigned long *addr,
					unsigned int bits)
{
	return xa_shim_find_next_bit(addr, bits, 0) >= bits;
}

static inline void xa_shim_bitmap_fill(unsigned long *addr, unsigned int bits)
{
	unsigned int i;

	for (i = 0; i < bits; i++)
		xa_shim_set_bit(i, addr);
}

static inline void xa_shim_bitmap_clear(unsigned long *addr,
					unsigned int start, unsigned int len)
{
	while (len--)
		xa_shim_test_and_clear_bit(start++, addr);
}

#endif
