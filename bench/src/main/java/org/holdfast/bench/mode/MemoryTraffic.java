package org.holdfast.bench.mode;


import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.VariantTrait;
import org.holdfast.kernels.problem.Problem;

/**
 * Which memory a row's kernels stream through, and so which limit its {@code roofline} column divides by, with the
 * bytes one iteration really moves there (docs/results.md, "The roofline column").
 *
 * <p>The model, a floor on the traffic (caches can serve part of it, ghost rows re-read at the edges of a pass's
 * segments are not counted):
 * <ul>
 *   <li>{@link Limit#MEMORY}: a pass of k half-sweeps (k = 1 for every standard launch and every persistent kernel that
 *       exchanges after each half-sweep; k for the temporal passes, standard and persistent) reads u and f and writes u
 *       once: three arrays per pass, 2 / k passes per iteration. Device memory on the GPU, host memory on the CPU.</li>
 *   <li>{@link Limit#SHARED_MEMORY}: the kernels that hold u on chip for the whole run (one block, one cluster, every
 *       SM's resident band, the register kernels) load each updated point's 2·d neighbours and store the point, 8 bytes
 *       each, and load h²f too where it is held in shared memory rather than in registers or global memory.</li>
 * </ul>
 *
 * @param limit the memory whose bandwidth limits the kernel
 * @param halfSweepsPerPass {@link Limit#MEMORY}: half-sweeps per pass over the arrays (k); 0 for shared memory
 * @param fInSharedMemory {@link Limit#SHARED_MEMORY}: whether each update loads h²f from shared memory
 */
public record MemoryTraffic(Limit limit, int halfSweepsPerPass, boolean fInSharedMemory) {

    /** The memories a kernel's traffic can be limited by. */
    public enum Limit {
        /** Device memory (HBM) on the GPU, host memory on the CPU: compared with the copy bandwidth. */
        MEMORY,
        /** The SMs' shared memory: compared with the shared-memory bandwidth probe. */
        SHARED_MEMORY
    }

    /** Arrays a pass moves: u read, f read, u written. */
    private static final int ARRAYS_PER_PASS = 3;
    /** Half-sweeps per iteration: a red one and a black one. */
    private static final int HALF_SWEEPS_PER_ITERATION = 2;
    /** One pass per half-sweep: the standard launches, the CPU modes and every kernel that streams each half-sweep. */
    public static final MemoryTraffic HALF_SWEEP_PASSES = passes(1);

    public MemoryTraffic {
        if (limit == Limit.MEMORY && halfSweepsPerPass < 1) {
            throw new IllegalArgumentException("a pass runs at least one half-sweep, got " + halfSweepsPerPass);
        }
    }

    /** Passes of {@code k} half-sweeps, each streaming u and f from memory once. */
    public static MemoryTraffic passes(int k) {
        return new MemoryTraffic(Limit.MEMORY, k, false);
    }

    /** u held in shared memory for the whole run; h²f too when {@code fInSharedMemory}. */
    public static MemoryTraffic sharedMemory(boolean fInSharedMemory) {
        return new MemoryTraffic(Limit.SHARED_MEMORY, 0, fInSharedMemory);
    }

    /**
     * What a native persistent session moves, from its plan: on chip (one block, one cluster, the register kernels) or
     * resident (every SM keeps its band of u in shared memory), else passes of its half-sweeps per exchange (k for the
     * temporal passes, 1 for the grid-barrier, dataflow and host-driven kernels).
     */
    public static MemoryTraffic of(PersistentPlan plan) {
        boolean bandsOnChip = NativeVariants.library().traitsOf(plan.problem(), plan.mode(), plan.variant())
                .contains(VariantTrait.BANDS_ON_CHIP);
        return ofPlan(plan.onChip() || bandsOnChip, plan.fOnChip(), plan.sweepsPerExchange());
    }

    /**
     * {@link #of(PersistentPlan)} from the plan's fields: whether u stays in shared memory ({@code hf_plan.on_chip}, or
     * the variant's {@code HF_TRAIT_BANDS_ON_CHIP}), f_on_chip and sweeps_per_exchange.
     */
    static MemoryTraffic ofPlan(boolean onChip, boolean fOnChip, int sweepsPerExchange) {
        if (onChip) {
            return sharedMemory(fOnChip);
        }
        return passes(Math.max(1, sweepsPerExchange));
    }

    /** Bytes one red-black iteration moves in the limiting memory, by this model. */
    public double bytesPerIteration(Problem problem) {
        if (limit == Limit.MEMORY) {
            return (double) ARRAYS_PER_PASS * problem.arrayBytes() * HALF_SWEEPS_PER_ITERATION / halfSweepsPerPass;
        }
        int accessesPerUpdate = 2 * problem.dimensions() + 1 + (fInSharedMemory ? 1 : 0);
        return (double) accessesPerUpdate * Double.BYTES * problem.interiorPoints();
    }

    /** How the table names the limit on {@code paradigm}'s device: {@code HBM}, {@code host} or {@code smem}. */
    public String limitLabel(Paradigm paradigm) {
        if (limit == Limit.SHARED_MEMORY) {
            return "smem";
        }
        return paradigm.needsGpu() ? "HBM" : "host";
    }
}
