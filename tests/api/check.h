/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Helpers shared by the userspace tests: a structural checker for an
 * XArray and a comparison of the contents of two arrays.
 */
#ifndef XA_TEST_CHECK_H
#define XA_TEST_CHECK_H

#include <linux/xarray.h>

#define for_each_mark(mark) \
	for (mark = XA_MARK_0; mark <= XA_MARK_MAX; mark++)

/*
 * Walk every node of @xa and count what is wrong: parent links, offsets,
 * shifts, @count and @nr_values, sibling entries, and marks (a mark is
 * set in an inner slot exactly when it is set somewhere below, a leaf
 * mark only on a present canonical entry, the free mark of an allocating
 * array exactly on free slots), and nodes left empty unless
 * @allow_empty.  Prints the first few problems.  Takes the xa_lock.
 */
unsigned long xa_check(struct xarray *xa, bool allow_empty);

/*
 * Is @entry at @index the array's own bookkeeping rather than content?
 * (The reserved entry at 0 of an array that allocates from 1.)  Both
 * xa_diff() and copies between arrays skip it.
 */
bool xa_own_entry(const struct xarray *xa, unsigned long index,
		  const void *entry);

/*
 * Count the differences in index, entry, order and marks 0-2 between
 * the contents of @a and @b, printing the first few.
 */
unsigned long xa_diff(struct xarray *a, struct xarray *b);

#endif
