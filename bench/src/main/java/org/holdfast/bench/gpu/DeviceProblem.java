package org.holdfast.bench.gpu;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.DeviceBuffer;

/**
 * A problem's u and f in device memory, allocated through the driver API for the native
 * persistent kernels, with a host staging area for the copies.
 */
public final class DeviceProblem implements AutoCloseable {

    private final Problem problem;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment staging;
    private final DeviceBuffer u;
    private final DeviceBuffer f;
    private boolean abandoned;

    /** Allocates u and f and copies {@code rightHandSide} to the device. */
    public DeviceProblem(CudaContext context, Problem problem, double[] rightHandSide) {
        this.problem = problem;
        long bytes = problem.arrayBytes();
        String what = "N = " + problem.n();
        DeviceBuffer allocatedU = null;
        try {
            this.staging = arena.allocate(bytes, Double.BYTES);
            allocatedU = DeviceBuffer.allocate(context, bytes, what + " (u)");
            this.u = allocatedU;
            this.f = DeviceBuffer.allocate(context, bytes, what + " (f)");
        } catch (RuntimeException e) {
            if (allocatedU != null) {
                allocatedU.close();
            }
            arena.close();
            throw e;
        }
        upload(rightHandSide, f);
    }

    public long u() {
        return u.pointer();
    }

    public long f() {
        return f.pointer();
    }

    public Problem problem() {
        return problem;
    }

    /** Copies {@code values} into u on the device. */
    public void uploadU(double[] values) {
        upload(values, u);
    }

    /** Copies the device's u into {@code values}. */
    public void downloadU(double[] values) {
        download(u, values);
    }

    /** Copies {@code values} into {@code target}, a device buffer of the problem's size (a second buffer for two-buffer runs). */
    public void upload(double[] values, DeviceBuffer target) {
        MemorySegment.copy(values, 0, staging, ValueLayout.JAVA_DOUBLE, 0, values.length);
        target.copyFromHost(staging);
    }

    /** Copies {@code source}, a device buffer of the problem's size, into {@code values}. */
    public void download(DeviceBuffer source, double[] values) {
        source.copyToHost(staging);
        MemorySegment.copy(staging, ValueLayout.JAVA_DOUBLE, 0, values, 0, values.length);
    }

    /** Whether {@link #abandon()} was called: memory a stuck kernel may use stays allocated. */
    public boolean abandoned() {
        return abandoned;
    }

    /**
     * Leaves the device memory allocated: a kernel that the watchdog could not stop may still be
     * using it, and freeing memory under a running kernel would wait for that kernel forever.
     */
    public void abandon() {
        abandoned = true;
    }

    @Override
    public void close() {
        if (!abandoned) {
            f.close();
            u.close();
        }
        arena.close();
    }
}
