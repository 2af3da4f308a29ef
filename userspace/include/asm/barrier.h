/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: liburcu's barriers. */
#ifndef _XARRAY_USERSPACE_BARRIER_H
#define _XARRAY_USERSPACE_BARRIER_H

#include <urcu.h>

#define smp_rmb()		cmm_smp_rmb()

#endif
