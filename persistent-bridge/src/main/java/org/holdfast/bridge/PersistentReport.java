package org.holdfast.bridge;

/**
 * What one persistent run did ({@code hf_run_report}).
 *
 * @param deviceMillis time between events recorded around the kernel on the run's stream
 * @param hostMillis host wall time from just before the launch to the kernel's end
 * @param handshakes host modes: (block, half-sweep) pairs signalled and seen done
 * @param blocks blocks launched
 * @param activeBlocks blocks that own rows (host, dataflow) or all blocks (grid)
 * @param threadsPerBlock block size used
 * @param blocksPerSm occupancy of the kernel at that block size
 * @param smCount multiprocessors of the device
 * @param errorWait the wait a watchdog stopped, {@link WatchdogWait#NONE} when none
 * @param errorBlock device waits: the block whose wait expired first; host waits: the block the host
 *        waited for; -1 when none
 * @param errorStep its half-sweep; -1 when none
 * @param errorPeer the neighbour waited for ({@link WatchdogWait#NEIGHBOUR}); -1 otherwise
 * @param onChip whether one block held the whole grid in shared memory (grid and dataflow modes on one block)
 */
public record PersistentReport(double deviceMillis, double hostMillis, long handshakes, int blocks, int activeBlocks,
        int threadsPerBlock, int blocksPerSm, int smCount, WatchdogWait errorWait, int errorBlock, int errorStep,
        int errorPeer, boolean onChip) {
}
