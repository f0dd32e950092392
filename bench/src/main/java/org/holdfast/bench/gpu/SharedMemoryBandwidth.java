package org.holdfast.bench.gpu;

import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaEvent;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.CudaModule;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;
import org.holdfast.tornado.cuda.KernelArguments;
import org.holdfast.tornado.cuda.KernelLaunch;
import org.holdfast.tornado.cuda.nvrtc.KernelCompiler;

/**
 * The shared-memory bandwidth of the whole GPU, counted as bytes loaded from shared memory: the ceiling that the
 * kernels holding the grid on chip are compared with. Every SM runs as many blocks of {@value #THREADS} threads as
 * fit; each thread loads 8-byte values from its block's tile, consecutive threads consecutive values (no bank
 * conflicts), {@value #LOADS_PER_ROUND} independent loads a round into as many sums, so that the loads, not their
 * latency, limit it.
 *
 * @param blocks blocks launched (all co-resident)
 * @param rounds rounds of loads per thread and launch
 * @param launches launches timed
 * @param millis device time of all of them, from events
 */
public record SharedMemoryBandwidth(int blocks, int rounds, int launches, double millis) {

    static final int THREADS = 256;
    static final int LOADS_PER_ROUND = 8;
    /** Rounds per launch: about 10 ms of loads on an H200, so the launch itself does not count. */
    static final int DEFAULT_ROUNDS = 1 << 14;

    /**
     * The probe: a tile of {@code THREADS * LOADS_PER_ROUND} doubles (16 KiB) per block. The tile is read through a
     * volatile pointer so that every round's loads are issued again (the values do not change, and without it the
     * compiler would load them once); the sums go to {@code sink} so that nothing is left out.
     */
    public static final String KERNEL = """
            #define THREADS %d
            #define LOADS %d
            extern "C" __global__ void __launch_bounds__(THREADS) sharedLoads(double* sink, int rounds) {
                __shared__ double tile[THREADS * LOADS];
                for (int i = threadIdx.x; i < THREADS * LOADS; i += THREADS) {
                    tile[i] = (double) i;
                }
                __syncthreads();
                volatile const double* mine = tile + threadIdx.x;
                double sum[LOADS];
                #pragma unroll
                for (int j = 0; j < LOADS; j++) {
                    sum[j] = 0.0;
                }
                for (int round = 0; round < rounds; round++) {
                    #pragma unroll
                    for (int j = 0; j < LOADS; j++) {
                        sum[j] += mine[j * THREADS];
                    }
                }
                double total = 0.0;
                #pragma unroll
                for (int j = 0; j < LOADS; j++) {
                    total += sum[j];
                }
                sink[blockIdx.x * THREADS + threadIdx.x] = total;
            }
            """.formatted(THREADS, LOADS_PER_ROUND);

    /** Bytes loaded from shared memory per second, in units of 10^9. */
    public double gigabytesPerSecond() {
        double bytes = (double) blocks * THREADS * LOADS_PER_ROUND * Double.BYTES * rounds * launches;
        return bytes / (millis * 1e6);
    }

    /** Compiles the probe and times {@code launches} launches of {@code rounds} rounds on every SM, after one untimed launch. */
    public static SharedMemoryBandwidth measure(CudaContext context, KernelCompiler compiler, int rounds, int launches) {
        if (rounds < 1 || launches < 1) {
            throw new IllegalArgumentException("need at least one round and one launch, got " + rounds + " rounds, " + launches + " launches");
        }
        byte[] cubin = compiler.compile(KERNEL, "shared_loads.cu", context.device().architecture()).cubin();
        try (CudaModule module = CudaModule.load(context, cubin)) {
            CudaFunction function = module.function("sharedLoads");
            int blocks = function.maxActiveBlocksPerMultiprocessor(THREADS, 0) * context.device().multiprocessors();
            try (DeviceBuffer sink = DeviceBuffer.allocate(context, (long) blocks * THREADS * Double.BYTES, "the shared-memory probe's sums");
                    KernelArguments arguments = KernelArguments.builder().pointer(sink.pointer()).int32(rounds).build();
                    CudaStream stream = CudaStream.create(context);
                    CudaEvent start = CudaEvent.create(context);
                    CudaEvent end = CudaEvent.create(context)) {
                KernelLaunch launch = KernelLaunch.of(function, new int[] {blocks, 1, 1}, new int[] {THREADS, 1, 1}, 0, arguments);
                launch.launch(stream);
                start.record(stream);
                for (int i = 0; i < launches; i++) {
                    launch.launch(stream);
                }
                end.record(stream);
                end.synchronize();
                return new SharedMemoryBandwidth(blocks, rounds, launches, end.millisSince(start));
            }
        }
    }

    /** {@link #DEFAULT_ROUNDS} rounds, 5 launches. */
    public static SharedMemoryBandwidth measure(CudaContext context, KernelCompiler compiler) {
        return measure(context, compiler, DEFAULT_ROUNDS, 5);
    }
}
