package org.holdfast.tornado.spi;

import java.util.function.BooleanSupplier;

/**
 * What the groups of a persistent or cluster kernel share when a CPU backend runs them all at once:
 * the grid barrier, bounded waits, the cluster barrier and the cluster's block-shared arrays.
 * Backends bind it to each thread's {@link org.holdfast.tornado.api.KernelContext}; GPU backends never use it.
 */
public interface GridResources {

    /** Blocks until every thread of every group has arrived; gives up as {@link #waitUntil} does. */
    void gridBarrier();

    /**
     * Polls {@code ready} until it returns true. After the watchdog's timeout (or once another
     * thread has given up) it throws a {@link org.holdfast.tornado.api.WatchdogExpiredException} naming this group,
     * {@code step} and {@code index}.
     */
    void waitUntil(BooleanSupplier ready, int step, int index);

    /** Blocks until every thread of every group of this thread's cluster has arrived. */
    void clusterBarrier();

    /** Records this thread's arrival at its cluster's current barrier phase without waiting. */
    void clusterArrive();

    /** Blocks until every thread of every group of this thread's cluster has arrived at the phase of its last arrival. */
    void clusterWait();

    /**
     * The block-shared array of the group of cluster rank {@code rank} (in this thread's cluster) that
     * was allocated by the same call as {@code localArray}, this group's own array.
     */
    Object sharedArrayOfRank(Object localArray, int rank);

    /**
     * The block-shared array of the group of this thread's cluster that holds {@code remoteArray} (one of its
     * block-shared arrays) that was allocated by the same call as {@code localArray}, this group's own array.
     */
    Object sharedArrayOfOwner(Object localArray, Object remoteArray);
}
