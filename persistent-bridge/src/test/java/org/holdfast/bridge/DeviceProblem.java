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

    /** What a session solves: this problem's n and h2. */
    PersistentProblem solved() {
        return PersistentProblem.poisson2d(problem.n, problem.h2);
    }

    /** u holds the initial array again. */
    void reset() {
        bridge.copyToDevice(u, problem.initial);
    }

    /** u as the last run left it: every variant leaves its result there. */
    double[] result() {
        final double[] result = new double[problem.n * problem.n];
        bridge.copyToHost(result, u);
        return result;
    }

    /** Opens a session of the request for this problem, runs it once on the default stream. */
    PersistentReport run(PersistentRequest request, int iterations) {
        try (PersistentSession session = open(request)) {
            return run(session, iterations);
        }
    }

    /** A session of the request for this problem on the default stream. */
    PersistentSession open(PersistentRequest request) {
        return bridge.open(solved(), request, 0);
    }

    /** One run from u. */
    PersistentReport run(PersistentSession session, int iterations) {
        return session.run(u, f, iterations);
    }

    @Override
    public void close() {
        bridge.deviceFree(u);
        bridge.deviceFree(f);
    }
}
