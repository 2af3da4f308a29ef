/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * What the guest's workload programs share (#include "lib/work.h"):
 * fail(), which prints "NAME: FAIL: ..." with errno's text when it has
 * one and exits 1, and now(), the monotonic clock in seconds (under
 * make bench's instruction-counted guests, instructions).  Each program
 * defines WORK_NAME before it includes this.
 */
#ifndef XARRAY_GUEST_WORK_H
#define XARRAY_GUEST_WORK_H

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void __attribute__((noreturn, format(printf, 1, 2)))
fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stdout, WORK_NAME ": FAIL: ");
	vfprintf(stdout, fmt, ap);
	if (errno)
		fprintf(stdout, " (errno %d: %s)", errno, strerror(errno));
	fprintf(stdout, "\n");
	va_end(ap);
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
