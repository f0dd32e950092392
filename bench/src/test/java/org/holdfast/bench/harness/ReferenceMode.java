package org.holdfast.bench.harness;

import java.util.List;
import org.holdfast.bench.mode.BlockCount;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.KernelStillRunningException;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.MemoryTraffic;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeRunner;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.bench.mode.RowVariant;
import org.holdfast.bench.mode.RunShape;
import org.holdfast.kernels.problem.PlainReference;
import org.holdfast.kernels.problem.Problem;

/**
 * A mode for tests, injected through a registry of its own: its runner does the work with the plain
 * reference, correctly or broken in one of the ways a real kernel breaks.
 */
record ReferenceMode(String name, Paradigm paradigm, Fault fault) implements ModeDescriptor {

    /** How the runner is broken. */
    enum Fault {
        /** Not at all: every run equals the reference. */
        NONE,
        /** Every run skips its last red half-sweep. */
        SKIPS_A_HALF_SWEEP,
        /** Every run does one iteration fewer than asked. */
        ONE_ITERATION_FEWER,
        /**
         * One array in five comes back with one point off by the last bit: the fourth copied back,
         * which is the third timed repeat (the verification run is copied back first, warm-ups are not).
         */
        ONE_REPEAT_OF_FIVE,
        /** Every run ends as a kernel the watchdog could not stop. */
        KERNEL_STILL_RUNNING
    }

    @Override
    public String description() {
        return "the plain reference, for tests (" + fault + ")";
    }

    @Override
    public List<KernelSource> kernelSources() {
        return List.of(KernelSource.JAVA);
    }

    @Override
    public BlockCount blockCount() {
        return paradigm.needsGpu() ? BlockCount.JAVA_RULE : BlockCount.NONE;
    }

    @Override
    public int plotColour() {
        return 0x123456;
    }

    /** It runs on the host whatever paradigm it plays, so no machine lacks what it needs. */
    @Override
    public java.util.Optional<String> unavailableOn(Machine machine, KernelSource kernels) {
        return java.util.Optional.empty();
    }

    @Override
    public ModeRunner runner(RunRequest request, Machine machine) {
        return new Runner(request);
    }

    /** Counts the runners made, so a test can see that a mode never ran. */
    static int runnersMade;

    /** When each run began ({@link System#nanoTime()}), in order, so a test can see the warm-up. */
    static final List<Long> RUN_STARTS = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    private final class Runner implements ModeRunner {

        private final Problem problem;
        private final double[] f;
        private double[] u;
        private int unloads;

        Runner(RunRequest request) {
            runnersMade++;
            this.problem = request.problem();
            this.f = request.f();
        }

        @Override
        public void load(double[] initial) {
            u = initial.clone();
        }

        @Override
        public double run(int iterations) {
            RUN_STARTS.add(System.nanoTime());
            PlainReference reference = problem.reference();
            switch (fault) {
                case SKIPS_A_HALF_SWEEP -> {
                    u = reference.solve(u, f, iterations - 1);
                    reference.halfSweep(u, f, PlainReference.BLACK);
                }
                case ONE_ITERATION_FEWER -> u = reference.solve(u, f, iterations - 1);
                case KERNEL_STILL_RUNNING -> throw new KernelStillRunningException(
                        "watchdog: block 0 waited 10 s at half-sweep 3; the kernel did not end", null);
                default -> u = reference.solve(u, f, iterations);
            }
            return iterations;
        }

        @Override
        public void unload(double[] target) {
            System.arraycopy(u, 0, target, 0, u.length);
            if (fault == Fault.ONE_REPEAT_OF_FIVE && ++unloads == 4) {
                int middle = u.length / 2;
                while (problem.colourOf(middle) == Problem.BOUNDARY) {
                    middle++; // an interior point, near the middle of any grid
                }
                target[middle] = Math.nextUp(target[middle]);
            }
        }

        @Override
        public RunShape shape() {
            return new RunShape(0, 0, RowVariant.NONE, "", List.of(), MemoryTraffic.HALF_SWEEP_PASSES);
        }

        @Override
        public void close() {
            // Nothing held.
        }
    }
}
