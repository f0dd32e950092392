package org.holdfast.bench;

/**
 * Variants of the persistent modes.
 *
 * @param barrier the grid barrier of {@code persistent-grid}
 * @param schedule how the host of {@code persistent-host} releases blocks
 * @param poll how the host of {@code persistent-host} waits for flags
 * @param watchdogSeconds how long any device-side wait may spin before the kernel gives up
 */
public record PersistentOptions(GridBarrier barrier, HostSchedule schedule, HostPoll poll, double watchdogSeconds) {

    public static final PersistentOptions DEFAULTS =
            new PersistentOptions(GridBarrier.CG, HostSchedule.NEIGHBOUR, HostPoll.BUSY, 10.0);
}
