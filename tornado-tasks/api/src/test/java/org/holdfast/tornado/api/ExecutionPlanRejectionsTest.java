package org.holdfast.tornado.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What an execution plan refuses once it has run, and settings that make no sense. */
class ExecutionPlanRejectionsTest {

    private static ImmutableTaskGraph graph() {
        double[] values = new double[4];
        return new TaskGraph("g").transferToDevice(DataTransferMode.EVERY_EXECUTION, values)
                .task("t", TestKernels::scale, values, 2.0).snapshot();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"the device", "the grid scheduler", "synchronisation", "the CUDA graph switch", "the profiler"})
    void nothingThatShapesTheCompiledGraphChangesAfterThePlanHasRun(String what) {
        Consumer<TornadoExecutionPlan> change = switch (what) {
            case "the device" -> plan -> plan.withDevice(new FakeDevice(false));
            case "the grid scheduler" -> plan -> plan.withGridScheduler(new GridScheduler());
            case "synchronisation" -> TornadoExecutionPlan::withSyncEveryRepeat;
            case "the CUDA graph switch" -> TornadoExecutionPlan::withCUDAGraph;
            default -> TornadoExecutionPlan::withProfiler;
        };
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph()).withDevice(new FakeDevice(false))) {
            plan.execute();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> change.accept(plan));
            assertEquals("cannot change " + what + " after the plan has run", e.getMessage());
        }
    }

    @Test
    void aCudaGraphNeedsAGpu() {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph()).withDevice(new FakeDevice(false)).withCUDAGraph()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, plan::execute);
            assertEquals("withCUDAGraph() needs a GPU device, not fake", e.getMessage());
        }
    }

    @Test
    void aPlanRunsAtLeastOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TornadoExecutionPlan(graph()).withRepeats(0));
        assertEquals("repeat count must be at least 1, got 0", e.getMessage());
    }

    /** A device that runs nothing: enough to take a plan through its states without a backend. */
    private record FakeDevice(boolean isGpu) implements TornadoDevice {
        @Override
        public String id() {
            return "fake";
        }

        @Override
        public String description() {
            return "a device for tests";
        }

        @Override
        public CompiledGraph compile(ImmutableTaskGraph graph, PlanSettings settings) {
            return new CompiledGraph() {
                @Override
                public ExecutionResult execute(int runs) {
                    return new ExecutionResult(runs, 0, false, List.of());
                }

                @Override
                public void invalidateDeviceCopies() {
                }

                @Override
                public void transferToHost(Object... arrays) {
                }

                @Override
                public List<LaunchInfo> launches() {
                    return List.of();
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
