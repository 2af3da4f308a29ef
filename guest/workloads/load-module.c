// SPDX-License-Identifier: GPL-2.0
/*
 * Load one kernel module, once: load-module FILE [PARAMS...]
 *
 * busybox insmod falls back to init_module(2) when finit_module(2)
 * fails for any reason, so a module whose init fails on purpose (a
 * self-test under failslab, a stress run that found a bad entry) runs
 * its init twice.  This calls finit_module(2) only.  Exits 0 when the
 * module loaded, 1 with the error otherwise.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char params[4096] = "";
	int fd, i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE [PARAMS...]\n", argv[0]);
		return 2;
	}
	for (i = 2; i < argc; i++) {
		if (strlen(params) + strlen(argv[i]) + 2 > sizeof(params)) {
			fprintf(stderr, "load-module: parameters too long\n");
			return 2;
		}
		strcat(params, argv[i]);
		strcat(params, " ");
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0 || syscall(SYS_finit_module, fd, params, 0)) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
