package org.holdfast.bridge;

import java.util.Objects;

/**
 * How to run one persistent mode ({@code hf_run_config}). Zero means the library's default:
 * {@code blocks} 0 = every block that can be co-resident, {@code threadsPerBlock} 0 = 256,
 * {@code watchdogSeconds} 0 = 10 s.
 *
 * @param mode the kernel and its synchronisation
 * @param blocks grid size, 0 for all co-resident blocks
 * @param threadsPerBlock block size, 0 for 256
 * @param hostPolling how the host polls (host modes only)
 * @param watchdogSeconds bound on every wait, device and host; 0 for 10 s
 * @param fault a fault to inject (tests only)
 * @param faultBlock the block the fault hits
 */
public record PersistentConfig(PersistentMode mode, int blocks, int threadsPerBlock, HostPolling hostPolling,
        double watchdogSeconds, FaultInjection fault, int faultBlock) {

    public PersistentConfig {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(hostPolling, "hostPolling");
        Objects.requireNonNull(fault, "fault");
        if (blocks < 0) {
            throw new IllegalArgumentException("blocks must be >= 0 (0 = all co-resident), got " + blocks);
        }
        if (threadsPerBlock < 0 || threadsPerBlock > 1024) {
            throw new IllegalArgumentException("threadsPerBlock must be 0 (= 256) .. 1024, got " + threadsPerBlock);
        }
        if (!(watchdogSeconds >= 0)) {
            throw new IllegalArgumentException("watchdogSeconds must be >= 0 (0 = 10 s), got " + watchdogSeconds);
        }
        if (faultBlock < 0) {
            throw new IllegalArgumentException("faultBlock must be >= 0, got " + faultBlock);
        }
    }

    /** The mode with every default: all co-resident blocks of 256 threads, busy polling, 10 s watchdog. */
    public static PersistentConfig of(PersistentMode mode) {
        return new PersistentConfig(mode, 0, 0, HostPolling.BUSY, 0, FaultInjection.NONE, 0);
    }

    public PersistentConfig withBlocks(int newBlocks) {
        return new PersistentConfig(mode, newBlocks, threadsPerBlock, hostPolling, watchdogSeconds, fault, faultBlock);
    }

    public PersistentConfig withThreadsPerBlock(int newThreads) {
        return new PersistentConfig(mode, blocks, newThreads, hostPolling, watchdogSeconds, fault, faultBlock);
    }

    public PersistentConfig withHostPolling(HostPolling newPolling) {
        return new PersistentConfig(mode, blocks, threadsPerBlock, newPolling, watchdogSeconds, fault, faultBlock);
    }

    public PersistentConfig withWatchdogSeconds(double newSeconds) {
        return new PersistentConfig(mode, blocks, threadsPerBlock, hostPolling, newSeconds, fault, faultBlock);
    }

    public PersistentConfig withFault(FaultInjection newFault, int newFaultBlock) {
        return new PersistentConfig(mode, blocks, threadsPerBlock, hostPolling, watchdogSeconds, newFault, newFaultBlock);
    }
}
