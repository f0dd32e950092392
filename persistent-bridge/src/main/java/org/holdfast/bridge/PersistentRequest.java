package org.holdfast.bridge;

import java.util.Objects;

/**
 * What a caller asks the planner for ({@code hf_run_config}). Zero means "the planner chooses":
 * {@code blocks} 0 = the variant's planner hook chooses (as many useful blocks as can be co-resident,
 * or one block holding a small grid on chip; one block or one cluster for the on-chip variants; one
 * per SM for resident), {@code threadsPerBlock} 0 = the variant's default, {@code sweepsPerExchange}
 * 0 = the planner's (1; cluster 4 or 8; temporal and resident the auto rule's k for the size), {@code watchdogSeconds} 0 = 10 s. The names are the command line's; the
 * library refuses what it does not know, with the names it does.
 *
 * @param mode a persistent mode, e.g. {@code persistent-grid}
 * @param variant one of its variants ({@link PersistentVariant#name()}), or {@value #AUTO}
 * @param blocks grid size, or 0
 * @param threadsPerBlock block size, or 0
 * @param sweepsPerExchange half-sweeps between halo exchanges, or 0
 * @param hostPolling how the host polls (host-flag variants only)
 * @param watchdogSeconds bound on every wait, device and host, or 0
 * @param fault a fault to inject (tests only)
 * @param faultBlock the block the fault hits
 */
public record PersistentRequest(String mode, String variant, int blocks, int threadsPerBlock, int sweepsPerExchange,
        HostPolling hostPolling, double watchdogSeconds, FaultInjection fault, int faultBlock) {

    /** The variant name that lets the planner choose by mode and size (the auto rule, then the mode's default). */
    public static final String AUTO = "auto";

    public PersistentRequest {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(hostPolling, "hostPolling");
        Objects.requireNonNull(fault, "fault");
    }

    /** The planner's choice for the mode and size ({@value #AUTO}), every other choice left to the planner, busy polling, a 10 s watchdog. */
    public static PersistentRequest of(String mode) {
        return of(mode, AUTO);
    }

    public static PersistentRequest of(String mode, String variant) {
        return new PersistentRequest(mode, variant, 0, 0, 0, HostPolling.BUSY, 0, FaultInjection.NONE, 0);
    }

    public PersistentRequest withBlocks(int newBlocks) {
        return new PersistentRequest(mode, variant, newBlocks, threadsPerBlock, sweepsPerExchange, hostPolling,
                watchdogSeconds, fault, faultBlock);
    }

    public PersistentRequest withThreadsPerBlock(int newThreads) {
        return new PersistentRequest(mode, variant, blocks, newThreads, sweepsPerExchange, hostPolling, watchdogSeconds,
                fault, faultBlock);
    }

    public PersistentRequest withSweepsPerExchange(int newSweeps) {
        return new PersistentRequest(mode, variant, blocks, threadsPerBlock, newSweeps, hostPolling, watchdogSeconds,
                fault, faultBlock);
    }

    public PersistentRequest withHostPolling(HostPolling newPolling) {
        return new PersistentRequest(mode, variant, blocks, threadsPerBlock, sweepsPerExchange, newPolling,
                watchdogSeconds, fault, faultBlock);
    }

    public PersistentRequest withWatchdogSeconds(double newSeconds) {
        return new PersistentRequest(mode, variant, blocks, threadsPerBlock, sweepsPerExchange, hostPolling, newSeconds,
                fault, faultBlock);
    }

    public PersistentRequest withFault(FaultInjection newFault, int newFaultBlock) {
        return new PersistentRequest(mode, variant, blocks, threadsPerBlock, sweepsPerExchange, hostPolling,
                watchdogSeconds, newFault, newFaultBlock);
    }
}
