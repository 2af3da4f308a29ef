/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Assertions: a BUG prints where it was and aborts; a WARN prints where
 * it was and the condition, and returns the condition as the kernel's
 * does, so that "if (WARN_ON(x))" still takes the error path.
 */
#ifndef XARRAY_SHIM_BUG_H
#define XARRAY_SHIM_BUG_H

#include <stdio.h>
#include <stdlib.h>
#include <xarray/shim/compiler.h>
#include <xarray/shim/types.h>

static inline void xa_shim_bug(const char *file, int line)
{
	fprintf(stderr, "xarray: BUG at %s:%d\n", file, line);
	abort();
}

static inline bool xa_shim_warn(bool cond, const char *file, int line,
				const char *what)
{
	if (xa_shim_unlikely(cond))
		fprintf(stderr, "xarray: WARNING at %s:%d: %s\n", file, line,
			what);
	return cond;
}

#define XA_SHIM_BUG()		xa_shim_bug(__FILE__, __LINE__)
#define XA_SHIM_BUG_ON(cond) do {					\
		if (xa_shim_unlikely(cond))				\
			XA_SHIM_BUG();					\
	} while (0)
#define XA_SHIM_WARN_ON(cond)	xa_shim_warn(!!(cond), __FILE__, __LINE__, #cond)

#endif
