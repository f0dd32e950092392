package org.holdfast.tornado.spi;

/**
 * What the threads of one group share when a CPU backend runs them concurrently: the block barrier
 * and the block-shared arrays. GPU backends never use it.
 */
public interface GroupResources {

    /** Blocks until every thread of the group has arrived. */
    void barrier();

    /**
     * The group's shared array for the {@code call}-th allocation made by the kernel body; every thread
     * of the group gets the same array for the same call.
     */
    Object sharedArray(int call, Class<?> type, int size);

    /**
     * The group's dynamic shared memory as an array of {@code type} ({@code double[]}, {@code float[]},
     * {@code int[]} or {@code long[]}): the launch's dynamic shared bytes divided by the element size;
     * every thread of the group gets the same array.
     */
    Object dynamicSharedArray(Class<?> type);
}
