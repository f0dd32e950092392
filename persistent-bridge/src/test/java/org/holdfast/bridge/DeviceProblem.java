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

    /** Plans the request for this problem, runs it once in a session on the default stream. */
    PersistentReport run(PersistentRequest request, int iterations) {
        final PersistentPlan plan = bridge.plan(request, problem.n);
        try (PersistentSession session = bridge.open(plan, 0)) {
            return run(session, iterations);
        }
    }

    PersistentReport run(PersistentSession session, int iterations) {
        return session.run(u, f, iterations, problem.h2);
    }

    @Override
    public void close() {
        bridge.deviceFree(u);
        bridge.deviceFree(f);
    }
}
