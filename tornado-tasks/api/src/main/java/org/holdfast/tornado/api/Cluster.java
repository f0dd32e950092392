package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Launches a {@link Kernel} in clusters of {@link #value()} consecutive groups (CUDA thread-block
 * clusters, Hopper and later): the groups of one cluster run at the same time on neighbouring
 * multiprocessors, wait for each other with {@link KernelContext#clusterBarrier()}, and read and
 * write each other's block-shared arrays through {@link KernelContext#mapSharedRank(double[], int)}.
 *
 * <p>Group {@code g} of a one-dimensional grid has cluster rank {@code g % size} in cluster
 * {@code g / size}; the number of groups must be a multiple of the size. On the CPU the same
 * numbering holds and the cluster's groups share their arrays as Java objects. Cluster features in
 * a kernel without this annotation are a compile error. Sizes above 8 are non-portable: the CUDA
 * backend allows them for the kernel, and the GPU may refuse them (the H200 takes up to 16).
 *
 * <p>{@code @Cluster(Cluster.WHOLE_GRID)}: the grid is one cluster, of as many groups as the launch
 * has (1 to {@link #MAX_SIZE}), so that one kernel serves every cluster size a planner may choose;
 * {@link KernelContext#clusterSize} says how many at run time.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Cluster {

    /** The largest cluster the kernel language accepts (non-portable; 8 is the portable limit). */
    int MAX_SIZE = 16;

    /** {@link #value()} for a kernel whose whole grid (1 to {@link #MAX_SIZE} groups) is one cluster. */
    int WHOLE_GRID = -1;

    /** Groups per cluster: 1 to {@link #MAX_SIZE}, or {@link #WHOLE_GRID}. */
    int value();
}
