/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The array's lock: a pthread mutex.  Userspace has no interrupts, so the
 * _bh, _irq and _irqsave flavours are the plain lock, and lockdep's
 * nesting classes are ignored.
 *
 * Taking it first tries it.  Only when that fails does the library look
 * further: a lock its own thread holds already (an xa_store() made inside
 * xa_lock(), where __xa_store() belongs) would be waited for for ever,
 * so the library aborts with a message naming the __xa_*() functions.
 */
#ifndef XARRAY_SHIM_SPINLOCK_H
#define XARRAY_SHIM_SPINLOCK_H

#include <pthread.h>

typedef pthread_mutex_t xa_shim_spinlock_t;

#define XA_SHIM_SPIN_LOCK_UNLOCKED(name)	PTHREAD_MUTEX_INITIALIZER
#define xa_shim_spin_lock_init(l)		pthread_mutex_init(l, NULL)
#ifdef __cplusplus
extern "C"
#endif
void xa_shim_spin_lock_contended(xa_shim_spinlock_t *lock);
#define xa_shim_spin_lock(l)	do {					\
		if (pthread_mutex_trylock(l))				\
			xa_shim_spin_lock_contended(l);			\
	} while (0)
#define xa_shim_spin_unlock(l)			pthread_mutex_unlock(l)
#define xa_shim_spin_trylock(l)			(pthread_mutex_trylock(l) == 0)
#define xa_shim_spin_lock_bh(l)			xa_shim_spin_lock(l)
#define xa_shim_spin_unlock_bh(l)		xa_shim_spin_unlock(l)
#define xa_shim_spin_lock_irq(l)		xa_shim_spin_lock(l)
#define xa_shim_spin_unlock_irq(l)		xa_shim_spin_unlock(l)
#define xa_shim_spin_lock_irqsave(l, f)	do {				\
		(f) = 0;						\
		xa_shim_spin_lock(l);					\
	} while (0)
#define xa_shim_spin_unlock_irqrestore(l, f) do {			\
		(void)(f);						\
		xa_shim_spin_unlock(l);					\
	} while (0)
#define xa_shim_spin_lock_nested(l, s)		xa_shim_spin_lock(l)
#define xa_shim_spin_lock_bh_nested(l, s)	xa_shim_spin_lock(l)
#define xa_shim_spin_lock_irq_nested(l, s)	xa_shim_spin_lock(l)
#define xa_shim_spin_lock_irqsave_nested(l, f, s) \
	xa_shim_spin_lock_irqsave(l, f)
#define xa_shim_lockdep_is_held(l)		((void)(l), 1)

#endif
