package org.holdfast.tornado.api;

import java.util.List;

/** A task graph ready to run on one device; backends implement it. */
public interface CompiledGraph extends AutoCloseable {

    /**
     * Copies inputs to the device as their transfer modes say, runs the whole graph {@code runs}
     * times back to back, and copies outputs back. Only the runs are timed.
     */
    ExecutionResult execute(int runs);

    /** Forgets device copies, so that every input is copied again on the next {@link #execute(int)}. */
    void invalidateDeviceCopies();

    /** Copies the device's current contents of {@code arrays} back into them. */
    void transferToHost(Object... arrays);

    /** The grid and block each task launches with. */
    List<LaunchInfo> launches();

    /** Releases device memory, modules and streams. */
    @Override
    void close();
}
