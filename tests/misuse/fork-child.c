// SPDX-License-Identifier: GPL-2.0+
/* A fork()ed child that frees nodes and waits for them.  With no
 * argument it does not re-initialise liburcu's call_rcu thread first
 * (misuse: the child must abort with a message, not hang in
 * rcu_barrier()); with "ok" it does as liburcu asks, and the child must
 * finish.  Exits with the child's status. */
#include <xarray/xarray.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static DEFINE_XARRAY(array);

static void fill(unsigned long first, unsigned long last)
{
	unsigned long i;

	for (i = first; i < last; i++)
		if (xa_err(xa_store(&array, i, xa_mk_value(i), GFP_KERNEL)))
			_exit(2);
}

static void empty(unsigned long first, unsigned long last)
{
	unsigned long i;

	for (i = first; i < last; i++)
		xa_erase(&array, i);
}

int main(int argc, char **argv)
{
	int ok = argc > 1 && !strcmp(argv[1], "ok"), status;
	pid_t child;

	rcu_register_thread();
	fill(0, 2000);
	empty(1000, 2000);	/* frees nodes: the call_rcu thread starts */
	if (ok)
		call_rcu_before_fork();
	child = fork();
	if (child < 0)
		return 2;
	if (child == 0) {
		if (ok)
			call_rcu_after_fork_child();
		empty(0, 1000);
		rcu_barrier();
		_exit(0);
	}
	if (ok)
		call_rcu_after_fork_parent();
	if (waitpid(child, &status, 0) != child)
		return 2;
	xa_destroy(&array);
	rcu_barrier();
	rcu_unregister_thread();
	if (WIFSIGNALED(status)) {
		printf("child killed by signal %d\n", WTERMSIG(status));
		return 128 + WTERMSIG(status);
	}
	return WEXITSTATUS(status);
}
