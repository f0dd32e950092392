package org.holdfast.tornado.cuda.backend;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaEvent;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.OwnedResources;

/**
 * Where each task's time goes, for {@code withProfiler()}: an event at every task boundary of a run
 * gives each task's device time, the host clock around each launch call its dispatch time, and an
 * event pair around the copies their device time. The events are read after every run, so with the
 * profiler on, runs do not overlap and the total includes those waits.
 */
final class TaskProfiler implements AutoCloseable {

    private final OwnedResources owned;
    private final CudaEvent[] boundaries;
    private final CudaEvent copyStart;
    private final CudaEvent copyEnd;
    private final long[] kernelNanos;
    private final long[] dispatchNanos;
    private long copyInBytes;
    private long copyInNanos;
    private long copyOutBytes;
    private long copyOutNanos;

    private TaskProfiler(OwnedResources owned, CudaEvent[] boundaries, CudaEvent copyStart, CudaEvent copyEnd) {
        this.owned = owned;
        this.boundaries = boundaries;
        this.copyStart = copyStart;
        this.copyEnd = copyEnd;
        this.kernelNanos = new long[boundaries.length - 1];
        this.dispatchNanos = new long[boundaries.length - 1];
    }

    static TaskProfiler create(CudaContext context, int tasks) {
        OwnedResources owned = new OwnedResources();
        try {
            CudaEvent[] boundaries = new CudaEvent[tasks + 1];
            for (int i = 0; i < boundaries.length; i++) {
                boundaries[i] = owned.own(CudaEvent.create(context));
            }
            return new TaskProfiler(owned, boundaries, owned.own(CudaEvent.create(context)), owned.own(CudaEvent.create(context)));
        } catch (RuntimeException failure) {
            owned.closeAfter(failure);
            throw failure;
        }
    }

    /** Forgets the previous execution's figures. */
    void reset() {
        Arrays.fill(kernelNanos, 0);
        Arrays.fill(dispatchNanos, 0);
        copyInBytes = copyInNanos = copyOutBytes = copyOutNanos = 0;
    }

    /** Runs the tasks {@code runs} times with the events and clocks around each launch. */
    void run(CudaTask[] tasks, CudaStream stream, int runs) {
        for (int run = 0; run < runs; run++) {
            boundaries[0].record(stream);
            for (int t = 0; t < tasks.length; t++) {
                long dispatchStart = System.nanoTime();
                tasks[t].launch(stream);
                dispatchNanos[t] += System.nanoTime() - dispatchStart;
                boundaries[t + 1].record(stream);
            }
            boundaries[tasks.length].synchronize();
            for (int t = 0; t < tasks.length; t++) {
                kernelNanos[t] += boundaries[t + 1].nanosSince(boundaries[t]);
            }
        }
    }

    /** Marks the start of copies queued next on {@code stream}. */
    void startCopies(CudaStream stream) {
        copyStart.record(stream);
    }

    /** Marks the end of the copies to the device, waits for them and keeps their figures. */
    void endCopiesIn(CudaStream stream, long bytes) {
        copyInBytes += bytes;
        copyInNanos += endCopies(stream);
    }

    /** Marks the end of the copies to the host, waits for them and keeps their figures. */
    void endCopiesOut(CudaStream stream, long bytes) {
        copyOutBytes += bytes;
        copyOutNanos += endCopies(stream);
    }

    private long endCopies(CudaStream stream) {
        copyEnd.record(stream);
        copyEnd.synchronize();
        return copyEnd.nanosSince(copyStart);
    }

    /** One profile per task; the copies in go to the first task, the copies out to the last, as the API documents. */
    List<TaskProfile> profiles(CudaTask[] tasks, int runs) {
        List<TaskProfile> profiles = new ArrayList<>();
        for (int t = 0; t < tasks.length; t++) {
            boolean first = t == 0;
            boolean last = t == tasks.length - 1;
            profiles.add(new TaskProfile(tasks[t].spec().key(), runs, kernelNanos[t], dispatchNanos[t],
                    first ? copyInBytes : 0, first ? copyInNanos : 0, last ? copyOutBytes : 0, last ? copyOutNanos : 0));
        }
        return profiles;
    }

    @Override
    public void close() {
        owned.close();
    }
}
