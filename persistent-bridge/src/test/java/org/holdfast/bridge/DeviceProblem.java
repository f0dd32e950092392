package org.holdfast.bridge;

/**
 * A {@link ReferenceProblem} in device memory, through the bridge's test helpers; with a scratch
 * array for the two-buffer variants ({@link VariantTrait#TWO_BUFFERS}), whose result may end there.
 */
final class DeviceProblem implements AutoCloseable {

    final ReferenceProblem problem;
    final long u;
    final long f;
    private final long scratch;
    private final PersistentBridge bridge;
    private boolean resultInScratch;

    DeviceProblem(PersistentBridge bridge, int n) {
        this.bridge = bridge;
        this.problem = new ReferenceProblem(n);
        final long bytes = (long) n * n * Double.BYTES;
        this.u = bridge.deviceAlloc(bytes);
        this.f = bridge.deviceAlloc(bytes);
        this.scratch = bridge.deviceAlloc(bytes);
        bridge.copyToDevice(f, problem.f);
        reset();
    }

    /** Both buffers hold the initial array (a two-buffer run needs their boundaries equal). */
    void reset() {
        bridge.copyToDevice(u, problem.initial);
        bridge.copyToDevice(scratch, problem.initial);
        resultInScratch = false;
    }

    /** The array the last run ended in. */
    double[] result() {
        final double[] result = new double[problem.n * problem.n];
        bridge.copyToHost(result, resultInScratch ? scratch : u);
        return result;
    }

    /** Plans the request for this problem, runs it once in a session on the default stream. */
    PersistentReport run(PersistentRequest request, int iterations) {
        final PersistentPlan plan = bridge.plan(request, problem.n);
        try (PersistentSession session = bridge.open(plan, 0)) {
            return run(session, iterations);
        }
    }

    /** One run from the array the last run ended in (u after {@link #reset}). */
    PersistentReport run(PersistentSession session, int iterations) {
        final PersistentPlan plan = session.plan();
        final boolean twoBuffers = bridge.variant(plan.mode(), plan.variant()).map(v -> v.has(VariantTrait.TWO_BUFFERS))
                .orElse(false);
        if (!twoBuffers) {
            return session.run(u, f, iterations, problem.h2);
        }
        final long from = resultInScratch ? scratch : u;
        final long other = resultInScratch ? u : scratch;
        final PersistentReport report = session.run(from, other, f, iterations, problem.h2);
        resultInScratch ^= report.resultInScratch();
        return report;
    }

    @Override
    public void close() {
        bridge.deviceFree(u);
        bridge.deviceFree(f);
        bridge.deviceFree(scratch);
    }
}
