/* SPDX-License-Identifier: GPL-2.0+ */
/* smp_rmb() and friends are in the one shim header. */
#include <linux/kernel.h>
