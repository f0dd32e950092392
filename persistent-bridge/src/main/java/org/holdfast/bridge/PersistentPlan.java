package org.holdfast.bridge;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.holdfast.bridge.raw.hf_plan;

/**
 * What a persistent session runs ({@code hf_plan}, from {@link PersistentSession#plan()}), or would
 * run ({@link PersistentBridge#plan}, {@link PersistentBridge#planTwin}): a description for reports.
 * It holds a copy of the library's struct, read once, so nothing Java computes can drift from what
 * the library runs; no call takes it back.
 */
public final class PersistentPlan {

    /** The struct's bytes, in longs so that every field reads aligned. */
    private final long[] struct;
    private final MemorySegment view;

    private PersistentPlan(long[] struct) {
        this.struct = struct;
        this.view = MemorySegment.ofArray(struct);
    }

    /** A copy of the plan the library filled in. */
    static PersistentPlan copyOf(MemorySegment plan) {
        final long[] struct = new long[(int) (hf_plan.LAYOUT.byteSize() / Long.BYTES)];
        MemorySegment.copy(plan, 0, MemorySegment.ofArray(struct), 0, hf_plan.LAYOUT.byteSize());
        return new PersistentPlan(struct);
    }

    /** The problem it solves. */
    public PersistentProblem.Kind problem() {
        return PersistentProblem.Kind.fromCode(hf_plan.problem(view));
    }

    public String mode() {
        return hf_plan.mode(view).getString(0);
    }

    /** The variant that runs: never {@code auto}. */
    public String variant() {
        return hf_plan.variant(view).getString(0);
    }

    /** "persistent-grid (cg)": how messages and reports name what ran. */
    public String label() {
        return mode() + " (" + variant() + ")";
    }

    /** The kernel launched: the variant's, or the one-block on-chip kernel. */
    public String kernel() {
        return hf_plan.kernel(view).getString(0);
    }

    /** For reports: "on chip", or empty. */
    public String note() {
        return hf_plan.note(view).getString(0);
    }

    public int n() {
        return hf_plan.n(view);
    }

    public int blocks() {
        return hf_plan.blocks(view);
    }

    /** Blocks with work: all of them, or at most n - 2 when blocks own bands of rows. */
    public int activeBlocks() {
        return hf_plan.active_blocks(view);
    }

    public int threadsPerBlock() {
        return hf_plan.threads_per_block(view);
    }

    /** Blocks per cluster; 1 without clusters. */
    public int clusterSize() {
        return hf_plan.cluster_size(view);
    }

    public int sweepsPerExchange() {
        return hf_plan.sweeps_per_exchange(view);
    }

    /** Dynamic shared memory per block. */
    public long sharedBytes() {
        return hf_plan.shared_bytes(view);
    }

    /** Occupancy of the variant's kernel at this block size. */
    public int blocksPerSm() {
        return hf_plan.blocks_per_sm(view);
    }

    public int smCount() {
        return hf_plan.sm_count(view);
    }

    /** The largest co-resident grid of the variant's kernel: blocks per SM times SMs. */
    public int maxCoResident() {
        return blocksPerSm() * smCount();
    }

    /** Whether one block holds the whole grid in shared memory. */
    public boolean onChip() {
        return hf_plan.on_chip(view) != 0;
    }

    /** On chip: whether f is held too. */
    public boolean fOnChip() {
        return hf_plan.f_on_chip(view) != 0;
    }

    public HostPolling hostPolling() {
        return HostPolling.fromCode(hf_plan.host_polling(view));
    }

    public FaultInjection fault() {
        return NativeCodes.fromCode(FaultInjection.values(), FaultInjection::code, hf_plan.fault(view), "hf_fault");
    }

    public int faultBlock() {
        return hf_plan.fault_block(view);
    }

    /** The watchdog's bound, resolved (10 s when the request said 0). */
    public double watchdogSeconds() {
        return hf_plan.watchdog_seconds(view);
    }

    /** The device planned for. */
    public int device() {
        return hf_plan.device(view);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PersistentPlan plan && Arrays.equals(struct, plan.struct);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(struct);
    }

    @Override
    public String toString() {
        return label() + ": n = " + n() + ", " + blocks() + " blocks (" + activeBlocks() + " with work) x "
                + threadsPerBlock() + " threads, kernel " + kernel() + (note().isEmpty() ? "" : ", " + note())
                + (sharedBytes() > 0 ? ", " + sharedBytes() + " shared bytes" : "")
                + (clusterSize() > 1 ? ", clusters of " + clusterSize() : "");
    }
}
