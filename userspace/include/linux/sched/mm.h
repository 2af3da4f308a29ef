/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: might_alloc() is in linux/gfp.h. */
#include <linux/gfp.h>
