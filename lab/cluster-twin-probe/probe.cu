// Runs the Java cluster twin's generated CUDA (clusterResident_p<P>) outside Java, on one cluster,
// against a plain red-black reference, to tell a kernel fault from a launch fault.
// Build: nvcc -arch=sm_90 --fmad=false -std=c++17 -lineinfo -I<dir of the .cu> probe.cu -o probe
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include "org.holdfast.kernels.PersistentRedBlackKernels.cu"

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    std::printf("FAIL %s: %s\n", #call, cudaGetErrorString(e_)); return 2; } } while (0)

static int held_rows(int n, int blocks, int k) {
    int active = blocks < n - 2 ? blocks : n - 2;
    int rows = (n - 2 + active - 1) / active + 2 * k;
    return rows < n ? rows : n;
}

static void reference(std::vector<double>& u, const std::vector<double>& f, int n, double h2, int iterations) {
    for (int it = 0; it < iterations; it++)
        for (int colour = 0; colour < 2; colour++)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    if (((i + j) & 1) == colour) {
                        int c = i * n + j;
                        u[c] = ((((u[c + n] + u[c - n]) + u[c + 1]) + u[c - 1]) - h2 * f[c]) * 0.25;
                    }
}

template <typename Kernel>
static int run(Kernel kernel, int n, int blocks, int threads, int k, int iterations) {
    double h2 = 1.0 / ((n - 1.0) * (n - 1.0));
    std::vector<double> u(n * n), f(n * n);
    unsigned s = 12345;
    for (int c = 0; c < n * n; c++) { s = s * 1664525u + 1013904223u; u[c] = (s >> 8) / double(1 << 24); f[c] = 1.0; }
    std::vector<double> ref = u;
    reference(ref, f, n, h2, iterations);
    double *du, *df; long long* dw;
    CHECK(cudaMalloc(&du, n * n * 8)); CHECK(cudaMalloc(&df, n * n * 8)); CHECK(cudaMalloc(&dw, 3 * 8));
    CHECK(cudaMemcpy(du, u.data(), n * n * 8, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(df, f.data(), n * n * 8, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dw, 0, 24));
    int stride = ((n + 1) / 2 + 1) & ~1;
    size_t shared = (2L * held_rows(n, blocks, k) * stride + (k >= 2 ? 4L * k * stride : 0)) * 8;
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared));
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(blocks); config.blockDim = dim3(threads); config.dynamicSmemBytes = shared;
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = blocks; attribute[0].val.clusterDim.y = 1; attribute[0].val.clusterDim.z = 1;
    config.attrs = attribute; config.numAttrs = 1;
    CHECK(cudaLaunchKernelEx(&config, kernel, du, (const double*)df, n, h2, iterations, k, dw));
    CHECK(cudaDeviceSynchronize());
    std::vector<double> out(n * n);
    CHECK(cudaMemcpy(out.data(), du, n * n * 8, cudaMemcpyDeviceToHost));
    int bad = 0, first = -1;
    for (int c = 0; c < n * n; c++) if (std::memcmp(&out[c], &ref[c], 8) != 0) { if (first < 0) first = c; bad++; }
    std::printf("n=%d blocks=%d threads=%d k=%d it=%d shared=%zu: %s", n, blocks, threads, k, iterations, shared, bad ? "MISMATCH" : "ok");
    if (bad) std::printf(" (%d points, first (%d,%d): %.17g vs %.17g)", bad, first / n, first % n, out[first], ref[first]);
    std::printf("\n");
    cudaFree(du); cudaFree(df); cudaFree(dw);
    return bad ? 1 : 0;
}

int main(int argc, char** argv) {
    int failures = 0;
    // (n, blocks, threads, k): points per colour per block must fit threads * 1.
    int cases[][4] = {{11, 1, 64, 1}, {11, 2, 64, 1}, {11, 3, 64, 2}, {33, 2, 512, 1}, {33, 4, 256, 2}, {33, 8, 256, 3},
                      {101, 8, 1024, 1}, {101, 16, 512, 1}, {101, 16, 1024, 4}, {101, 8, 1024, 2}};
    for (auto& c : cases) {
        int r = run(clusterResident_p1, c[0], c[1], c[2], c[3], 7);
        if (r == 2) return 2;
        failures += r;
    }
    std::printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
