package org.holdfast.bridge;

/** A {@link ReferenceProblem} in device memory, through the bridge's test helpers. */
final class DeviceProblem implements AutoCloseable {

    final ReferenceProblem problem;
    final long u;
    final long f;
    private final PersistentBridge bridge;

    DeviceProblem(PersistentBridge bridge, int n) {
        this.bridge = bridge;
        this.problem = new ReferenceProblem(n);
        final long bytes = (long) n * n * Double.BYTES;
        this.u = bridge.deviceAlloc(bytes);
        this.f = bridge.deviceAlloc(bytes);
        bridge.copyToDevice(f, problem.f);
        reset();
    }

    void reset() {
        bridge.copyToDevice(u, problem.initial);
    }

    double[] result() {
        final double[] result = new double[problem.n * problem.n];
        bridge.copyToHost(result, u);
        return result;
    }

    PersistentReport run(PersistentConfig config, int iterations) {
        return bridge.run(config, u, f, problem.n, iterations, problem.h2, 0);
    }

    @Override
    public void close() {
        bridge.deviceFree(u);
        bridge.deviceFree(f);
    }
}
