package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid1D;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A thread that fails before localBarrier() ends its group on the CPU with its own exception, never a hang. */
class BarrierFailureTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cpu", "cpu-parallel"})
    void aThreadThatFailsBeforeTheBarrierEndsItsGroupWithItsOwnException(String deviceId) {
        TornadoDevice device = TornadoRuntime.device(deviceId).orElseThrow();
        int[] out = new int[64];
        TaskGraph graph = new TaskGraph("failing")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, out)
                .task("fail", FailingBarrierKernels::failBeforeBarrier, new KernelContext(), out);
        GridScheduler grid = new GridScheduler("failing.fail", new WorkerGrid1D(64).setLocalWork(32, 1, 1));
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
                plan.withDevice(device).withGridScheduler(grid);
                assertThrows(ArrayIndexOutOfBoundsException.class, plan::execute);
            }
        });
    }
}
