/* bench_mpi: run-bench under mpirun. Every rank runs the overhead harness
 * on its own node (run-bench ARGS OUTDIR/rank-R, with BENCH_MPI_RANK set so
 * that it does not come here again), then rank 0 gathers from each rank its
 * exit status, node, machine, last error line, machine.json and samples.csv
 * into OUTDIR/rank-R/ and writes one report (mpi-report.sh: mpi-report.md,
 * mpi-summary.csv). A rank whose harness fails is reported with its error,
 * never dropped.
 *   bench_mpi RUN-BENCH [ARGS...] OUTDIR        (run-bench execs this)
 * Exit status: 0; 1 a rank's harness failed; 2 usage, or the report failed. */
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

/* the strings each rank sends, in this order */
enum { F_STATUS, F_HOST, F_UNAME, F_ERROR, F_MACHINE, F_SAMPLES, F_N };
static const char *const fname[F_N] = { "status.txt", "node.txt", "uname.txt", "error.txt",
					"machine.json", "samples.csv" };

static int mkdirs(const char *path)
{
	char p[4096], *s;
	snprintf(p, sizeof p, "%s", path);
	for (s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, 0777) < 0 && errno != EEXIST)
				return -1;
			*s = '/';
		}
	return mkdir(p, 0777) < 0 && errno != EEXIST ? -1 : 0;
}

/* a whole file, or "" if it is not there */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *b = NULL;
	size_t n = 0, cap = 0, got;
	if (f) {
		do {
			if (n + 4096 + 1 > cap && !(b = realloc(b, cap = 2 * cap + 8192)))
				abort();
			got = fread(b + n, 1, 4096, f);
			n += got;
		} while (got > 0);
		fclose(f);
	}
	if (!b && !(b = malloc(1)))
		abort();
	b[n] = '\0';
	return b;
}

static char *last_line(char *s)
{
	char *e = s + strlen(s), *p;
	while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' '))
		*--e = '\0';
	p = strrchr(s, '\n');
	p = p ? p + 1 : s;
	/* run-bench's progress lines end with \r, not \n */
	if (strrchr(p, '\r'))
		p = strrchr(p, '\r') + 1;
	return p;
}

/* Rank 0 gets every rank's s; others get NULL. */
static char **gather(const char *s, int rank, int size)
{
	int len = (int)strlen(s), *lens = NULL, *offs = NULL, i, total = 0;
	char *all = NULL, **out = NULL;
	if (rank == 0 && (!(lens = calloc(size, sizeof *lens)) || !(offs = calloc(size, sizeof *offs))))
		abort();
	MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		for (i = 0; i < size; i++) {
			offs[i] = total;
			total += lens[i];
		}
		if (!(all = malloc((size_t)total + 1)) || !(out = calloc(size, sizeof *out)))
			abort();
	}
	MPI_Gatherv(s, len, MPI_CHAR, all, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		for (i = 0; i < size; i++) {
			if (!(out[i] = malloc((size_t)lens[i] + 1)))
				abort();
			memcpy(out[i], all + offs[i], (size_t)lens[i]);
			out[i][lens[i]] = '\0';
		}
		free(all);
		free(lens);
		free(offs);
	}
	return out;
}

int main(int argc, char **argv)
{
	char dir[2048], path[4096], rankstr[16], host[MPI_MAX_PROCESSOR_NAME], status[128], un[512];
	char *field[F_N], **got[F_N], **cargv;
	const char *outdir;
	struct utsname u;
	int rank, size, hlen, i, f, failed = 0, st;
	pid_t pid;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 3) {
		if (rank == 0)
			fprintf(stderr, "usage: bench_mpi RUN-BENCH [ARGS...] OUTDIR (under mpirun)\n");
		MPI_Finalize();
		return 2;
	}
	outdir = argv[argc - 1];
	if (strlen(outdir) > 2000) {
		if (rank == 0)
			fprintf(stderr, "bench_mpi: OUTDIR is too long\n");
		MPI_Finalize();
		return 2;
	}
	MPI_Get_processor_name(host, &hlen);
	uname(&u);
	snprintf(un, sizeof un, "%s %s %s", u.sysname, u.release, u.machine);
	snprintf(dir, sizeof dir, "%s/rank-%d", outdir, rank);
	snprintf(rankstr, sizeof rankstr, "%d", rank);

	/* this rank's harness: sh RUN-BENCH ARGS... OUTDIR/rank-R, its output in files */
	if (mkdirs(dir) < 0) {
		snprintf(status, sizeof status, "failed");
		field[F_ERROR] = malloc(4200);
		snprintf(field[F_ERROR], 4200, "bench_mpi: cannot create %s: %s", dir, strerror(errno));
	} else {
		fflush(NULL);
		pid = fork();
		if (pid == 0) {
			int fd;
			if (!(cargv = calloc((size_t)argc + 2, sizeof *cargv)))
				_exit(127);
			cargv[0] = "sh";
			for (i = 1; i < argc - 1; i++)
				cargv[i] = argv[i];
			cargv[argc - 1] = dir;
			setenv("BENCH_MPI_RANK", rankstr, 1);
			snprintf(path, sizeof path, "%s/stdout.txt", dir);
			if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666)) >= 0)
				dup2(fd, 1);
			snprintf(path, sizeof path, "%s/stderr.txt", dir);
			if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666)) >= 0)
				dup2(fd, 2);
			execvp("sh", cargv);
			fprintf(stderr, "bench_mpi: cannot run sh: %s\n", strerror(errno));
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &st, 0) < 0)
			snprintf(status, sizeof status, "failed");
		else if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			snprintf(status, sizeof status, "ok");
		else if (WIFEXITED(st))
			snprintf(status, sizeof status, "failed (exit status %d)", WEXITSTATUS(st));
		else
			snprintf(status, sizeof status, "failed (signal %d)", WTERMSIG(st));
		snprintf(path, sizeof path, "%s/stderr.txt", dir);
		field[F_ERROR] = slurp(path);
		if (strcmp(status, "ok") && !*last_line(field[F_ERROR]))
			strcpy(field[F_ERROR], "(no message on stderr)");
	}
	field[F_STATUS] = status;
	field[F_HOST] = host;
	field[F_UNAME] = un;
	/* the error: the last line the harness wrote on stderr (empty if ok) */
	if (!strcmp(status, "ok"))
		field[F_ERROR][0] = '\0';
	else
		memmove(field[F_ERROR], last_line(field[F_ERROR]), strlen(last_line(field[F_ERROR])) + 1);
	snprintf(path, sizeof path, "%s/machine.json", dir);
	field[F_MACHINE] = slurp(path);
	snprintf(path, sizeof path, "%s/samples.csv", dir);
	field[F_SAMPLES] = strcmp(status, "ok") ? strdup("") : slurp(path);

	for (f = 0; f < F_N; f++)
		got[f] = gather(field[f], rank, size);
	MPI_Finalize();
	if (rank != 0)
		return 0;

	/* rank 0: each rank's files under OUTDIR/rank-R (on a shared file system
	 * the same bytes that rank wrote there), then the report */
	for (i = 0; i < size; i++) {
		snprintf(dir, sizeof dir, "%s/rank-%d", outdir, i);
		if (mkdirs(dir) < 0) {
			fprintf(stderr, "bench_mpi: cannot create %s: %s\n", dir, strerror(errno));
			return 2;
		}
		for (f = 0; f < F_N; f++) {
			FILE *o;
			if (f == F_SAMPLES && !got[f][i][0])
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, fname[f]);
			if (!(o = fopen(path, "w")) || fputs(got[f][i], o) < 0 ||
			    (f != F_MACHINE && f != F_SAMPLES && fputc('\n', o) < 0) || fclose(o) != 0) {
				fprintf(stderr, "bench_mpi: cannot write %s\n", path);
				return 2;
			}
		}
		if (strcmp(got[F_STATUS][i], "ok")) {
			failed++;
			fprintf(stderr, "bench_mpi: rank %d on %s %s: %s\n", i, got[F_HOST][i], got[F_STATUS][i],
				got[F_ERROR][i]);
		}
	}
	fflush(NULL);
	{
		const char *data = getenv("BENCH_DATA");
		char cmd[8192];
		if (strchr(outdir, '\'') || (data && strchr(data, '\''))) {
			fprintf(stderr, "bench_mpi: quotes in OUTDIR or BENCH_DATA are not supported\n");
			return 2;
		}
		snprintf(cmd, sizeof cmd, "sh '%s/mpi-report.sh' '%s' %d", data ? data : ".", outdir, size);
		if (system(cmd) != 0) {
			fprintf(stderr, "bench_mpi: the report failed (%s)\n", cmd);
			return 2;
		}
	}
	printf("bench_mpi: %d rank(s), %d failed: %s/mpi-report.md\n", size, failed, outdir);
	return failed ? 1 : 0;
}
