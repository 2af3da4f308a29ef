// SPDX-License-Identifier: GPL-2.0+
/*
 * The differential fuzzer's target run over files instead of under
 * libFuzzer: make arches replays the seed corpus with it on other
 * architectures, under qemu-user, where libFuzzer is not at hand.
 * Usage: fuzz-replay FILE|DIR...; a divergence aborts, as under
 * libFuzzer.
 */
#define _FILE_OFFSET_BITS 64	/* 32-bit readdir() on a 64-bit file system */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long replayed;

static void replay_file(const char *path)
{
	static uint8_t buf[1 << 20];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		perror(path);
		exit(1);
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	replayed++;
}

static void replay(const char *path)
{
	char sub[4096];
	struct dirent *d;
	struct stat st;
	DIR *dir;

	if (stat(path, &st)) {
		perror(path);
		exit(1);
	}
	if (!S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	dir = opendir(path);
	if (!dir) {
		perror(path);
		exit(1);
	}
	errno = 0;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, d->d_name);
		replay(sub);
		errno = 0;
	}
	if (errno) {
		perror(path);
		exit(1);
	}
	closedir(dir);
}

int main(int argc, char **argv)
{
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++)
		replay(argv[i]);
	printf("fuzz-replay: %lu inputs, no divergence\n", replayed);
	return 0;
}
