// Hand-written in the form of the kernel compiler's output, for the CUDA backend's tests.

extern "C" __global__ void halfSweep(double* __restrict__ u, double* __restrict__ f, int n, double h2, int colour) {
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i < n - 1 && j < n - 1 && ((i + j) & 1) == colour) {
        int k = i * n + j;
        u[k] = (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - h2 * f[k]) * 0.25;
    }
}

extern "C" __global__ void axpy(float* __restrict__ y, float* __restrict__ x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

extern "C" __global__ void widen(long long* __restrict__ out, int* __restrict__ in, long long offset, bool negate, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long value = in[i] + offset;
        out[i] = negate ? -value : value;
    }
}

extern "C" __global__ void store(long long* __restrict__ out, long long value) {
    out[0] = value;
}
