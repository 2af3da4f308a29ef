/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: see linux/compiler.h. */
#ifndef _XARRAY_USERSPACE_SPINLOCK_H
#define _XARRAY_USERSPACE_SPINLOCK_H

#include <xarray/shim/spinlock.h>

#define spinlock_t			xa_shim_spinlock_t
#define __SPIN_LOCK_UNLOCKED(name)	XA_SHIM_SPIN_LOCK_UNLOCKED(name)
#define spin_lock_init(l)		xa_shim_spin_lock_init(l)
#define spin_lock(l)			xa_shim_spin_lock(l)
#define spin_unlock(l)			xa_shim_spin_unlock(l)
#define spin_trylock(l)			xa_shim_spin_trylock(l)
#define spin_lock_bh(l)			xa_shim_spin_lock_bh(l)
#define spin_unlock_bh(l)		xa_shim_spin_unlock_bh(l)
#define spin_lock_irq(l)		xa_shim_spin_lock_irq(l)
#define spin_unlock_irq(l)		xa_shim_spin_unlock_irq(l)
#define spin_lock_irqsave(l, f)		xa_shim_spin_lock_irqsave(l, f)
#define spin_unlock_irqrestore(l, f)	xa_shim_spin_unlock_irqrestore(l, f)
#define spin_lock_nested(l, s)		xa_shim_spin_lock_nested(l, s)
#define spin_lock_bh_nested(l, s)	xa_shim_spin_lock_bh_nested(l, s)
#define spin_lock_irq_nested(l, s)	xa_shim_spin_lock_irq_nested(l, s)
#define spin_lock_irqsave_nested(l, f, s) xa_shim_spin_lock_irqsave_nested(l, f, s)
#define lockdep_is_held(l)		xa_shim_lockdep_is_held(l)

#endif
