/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: everything is in linux/kernel.h. */
#include <linux/kernel.h>
