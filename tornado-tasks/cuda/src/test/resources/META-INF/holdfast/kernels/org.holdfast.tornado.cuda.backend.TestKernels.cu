// The Holdfast kernel compiler's output for TestKernels, kept here so that this module's tests need no annotation
// processor. Regenerate after changing TestKernels: javac -processor org.holdfast.tornado.compiler.KernelProcessor.

// A persistent launch's control block, zeroed by the host (as native-hip's ControlBlock): the
// first wait to expire (wait code, block, step, index; first writer wins), then the grid
// barrier's arrival count and release generation, each on its own 128-byte line so that
// blocks spinning on one do not slow the writers of another.
struct alignas(128) hf_error_line {
    int code;
    int block;
    int step;
    int index;
};
struct alignas(128) hf_counter_line {
    int value;
};
struct hf_control_block {
    hf_error_line error;
    hf_counter_line arrivals;
    hf_counter_line generation;
};

// What a persistent kernel's waits need, held by every thread: the control block, the
// watchdog's timeout, and how many grid barriers the thread has passed (every thread reaches
// every barrier, so this is the barrier's number, and the generation it waits for).
struct hf_persistent_state {
    hf_control_block* control;
    long long watchdog_ns;
    int barriers;
};

// Device primitives in PTX; a CPU test harness defines HF_HOST_EMULATION and its own versions.
#ifndef HF_HOST_EMULATION
// Relaxed load at device scope: sees other blocks' stores eventually, orders nothing.
static __device__ __forceinline__ int hf_ld_relaxed_s32(const int* address)
{
    int value;
    asm volatile("ld.relaxed.gpu.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory");
    return value;
}

// Acquire load at device scope: later reads see what the releasing writer wrote before.
static __device__ __forceinline__ int hf_ld_acquire_s32(const int* address)
{
    int value;
    asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory");
    return value;
}

static __device__ __forceinline__ bool hf_atom_cas_relaxed_s32(int* address, int expected, int desired)
{
    int previous;
    asm volatile("atom.relaxed.gpu.cas.b32 %0, [%1], %2, %3;"
        : "=r"(previous) : "l"(address), "r"(expected), "r"(desired) : "memory");
    return previous == expected;
}

// Nanoseconds of the GPU's global timer: the watchdog's clock.
static __device__ __forceinline__ long long hf_globaltimer()
{
    unsigned long long nanoseconds;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(nanoseconds));
    return (long long)nanoseconds;
}

// The block's rank in its cluster (0 in a launch without clusters).
static __device__ __forceinline__ int hf_cluster_rank()
{
    unsigned int rank;
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    return (int)rank;
}

// The cluster's index in x (clusters are one-dimensional: blockIdx.x / cluster size).
static __device__ __forceinline__ int hf_cluster_index()
{
    unsigned int index;
    asm("mov.u32 %0, %%clusterid.x;" : "=r"(index));
    return (int)index;
}

// Every thread of every block of the cluster waits here; the arrive releases the block's
// writes (to its own and other blocks' shared memory, and to global memory) and the wait
// acquires everyone's. A hardware barrier: it cannot time out, and every block of a cluster
// is resident at once.
static __device__ __forceinline__ void hf_cluster_barrier()
{
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
#endif // HF_HOST_EMULATION

// Whether a wait begun at `start` gives up: another block recorded an error, or the
// watchdog expired, and then this block records (wait, block, step, index), first writer
// wins. Called every 32 polls, so the checks cost little against the polls. Not inlined
// (the waits stay small); it takes the state's fields by value, so that the state itself
// never leaves registers for a stack frame.
static __device__ __noinline__ bool hf_wait_gives_up(hf_control_block* control, long long watchdog_ns, int wait, int step, int index, long long start)
{
    if (hf_ld_relaxed_s32(&control->error.code) != 0) {
        return true;
    }
    if (hf_globaltimer() - start <= watchdog_ns) {
        return false;
    }
    if (hf_atom_cas_relaxed_s32(&control->error.code, 0, wait)) {
        // Read by the host only after the kernel has ended.
        control->error.block = (int)blockIdx.x;
        control->error.step = step;
        control->error.index = index;
    }
    return true;
}

// context.waitUntilAtLeast(flags, index, value): acquire loads until flags[index] >= value,
// bounded by the watchdog (wait 2, step = value, index). The calling thread waits for itself.
static __device__ __forceinline__ void hf_wait_at_least_s32(hf_persistent_state& state, const int* flag, int value, int index)
{
    if (hf_ld_acquire_s32(flag) >= value) {
        return;
    }
    const long long start = hf_globaltimer();
    for (unsigned int polls = 1; hf_ld_acquire_s32(flag) < value; ++polls) {
        if (polls % 32 == 0 && hf_wait_gives_up(state.control, state.watchdog_ns, 2, value, index, start)) {
            return;
        }
    }
}

// @Kernel halfSweep, TestKernels.java line 19
extern "C" __global__ void halfSweep(double* __restrict__ u, const double* __restrict__ f, int n, double h2, int colour)
{
    int j = (int)(blockIdx.x * blockDim.x + threadIdx.x) + 1;
    int i = (int)(blockIdx.y * blockDim.y + threadIdx.y) + 1;
    if (((i < (n - 1)) && (j < (n - 1))) && (((i + j) & 1) == colour)) {
        int k = (i * n) + j;
        u[k] = ((((u[k - n] + u[k + n]) + u[k - 1]) + u[k + 1]) - (h2 * f[k])) * 0.25;
    }
}

// @Kernel axpy, TestKernels.java line 30
extern "C" __global__ void axpy(float* __restrict__ y, const float* __restrict__ x, float a, int n)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n) {
        y[i] = (a * x[i]) + y[i];
    }
}

// @Kernel widen, TestKernels.java line 39
extern "C" __global__ void widen(long long* __restrict__ out, const int* __restrict__ in, long long offset, bool negate, int n)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n) {
        long long value = in[i] + offset;
        out[i] = negate ? -value : value;
    }
}

// @Kernel store, TestKernels.java line 49
extern "C" __global__ void store(long long* __restrict__ out, long long value)
{
    out[0] = value;
}

// @Kernel fillPersistent, TestKernels.java line 55
extern "C" __global__ void fillPersistent(int* __restrict__ out, int n, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)
{
    for (int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += (int)(gridDim.x * blockDim.x)) {
        out[i] = i;
    }
}

// @Kernel waitForever, TestKernels.java line 64
extern "C" __global__ void waitForever(const int* __restrict__ flags, int step, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)
{
    hf_persistent_state hf_ctx = {hf_control, hf_watchdog_ns, 0};
    if ((int)threadIdx.x == 0) {
        hf_wait_at_least_s32(hf_ctx, &flags[(int)blockIdx.x], step, (int)blockIdx.x);
    }
    __syncthreads();
}

// @Kernel clusterRanks, TestKernels.java line 74
extern "C" __global__ void clusterRanks(int* __restrict__ out)
{
    hf_cluster_barrier();
    if ((int)threadIdx.x == 0) {
        out[(int)blockIdx.x] = (hf_cluster_index() * 100) + hf_cluster_rank();
    }
}

// @Kernel reverseChunks, TestKernels.java line 84
extern "C" __global__ void reverseChunks(const double* __restrict__ in, double* __restrict__ out)
{
    extern __shared__ __align__(16) unsigned char hf_dynamic_shared[];
    double* chunk = reinterpret_cast<double*>(hf_dynamic_shared);
    int lid = (int)threadIdx.x;
    chunk[lid] = in[(int)(blockIdx.x * blockDim.x + threadIdx.x)];
    __syncthreads();
    out[(int)(blockIdx.x * blockDim.x + threadIdx.x)] = chunk[((int)blockDim.x - 1) - lid];
}
