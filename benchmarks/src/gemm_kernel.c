/* The GEMM kernel, in its own file so that both programs run the same code. */
void gemm_kernel(int m, int k, int n, const double *a, const double *b, double *c)
{
	int i, j, l;
	for (i = 0; i < m; i++)
		for (l = 0; l < k; l++) {
			double x = a[i * k + l];
			for (j = 0; j < n; j++)
				c[i * n + j] += x * b[l * n + j];
		}
}
