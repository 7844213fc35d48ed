/*
 * metrics_workload stream MIB | branches random|regular N: what the guest
 * test "metrics-plausible" counts on a real board (QEMU counts no cache or
 * branch events).
 *   stream MIB: writes a buffer of MIB MiB once, then reads it 4 times, 8
 *     bytes at a time: about 4 L1D refills per 64 bytes of the buffer, and
 *     8 accesses.
 *   branches random N: N iterations of a branch taken at random (xorshift),
 *     which no predictor learns; "regular": taken every 8th iteration.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile uint64_t sink;

/* two paths a compiler cannot merge into a conditional move */
static __attribute__((noinline)) uint64_t up(uint64_t a)
{
	__asm__ volatile("" : "+r"(a));
	return a + 3;
}

static __attribute__((noinline)) uint64_t down(uint64_t a)
{
	__asm__ volatile("" : "+r"(a));
	return a ^ 5;
}

static void branches(int random, uint64_t n)
{
	uint64_t x = 88172645463325252ULL, a = 0, i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		if (random ? (x >> 32) & 1 : (i & 7) == 0)
			a = up(a);
		else
			a = down(a);
	}
	sink = a + x;
}

static void stream(size_t mib)
{
	size_t words = mib << 17, i;
	uint64_t *buf = malloc(words * sizeof(*buf)), sum = 0;
	int pass;

	if (!buf) {
		perror("malloc");
		exit(2);
	}
	memset(buf, 1, words * sizeof(*buf));
	for (pass = 0; pass < 4; pass++)
		for (i = 0; i < words; i++)
			sum += ((volatile uint64_t *)buf)[i];
	sink = sum;
	free(buf);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "stream") && atoi(argv[2]) > 0) {
		stream((size_t)atoi(argv[2]));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "branches") &&
	    (!strcmp(argv[2], "random") || !strcmp(argv[2], "regular")) && strtoull(argv[3], NULL, 0) > 0) {
		branches(!strcmp(argv[2], "random"), strtoull(argv[3], NULL, 0));
		return 0;
	}
	fprintf(stderr, "usage: metrics_workload stream MIB | branches random|regular N\n");
	return 2;
}
