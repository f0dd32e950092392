package org.holdfast.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.holdfast.bench.mode.GpuHere;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.tornado.cuda.Allocations;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A measured JMH call allocates no device memory, pinned memory, stream, event or CUDA graph, in
 * any GPU mode, neither from Java nor in the native library: all of that happens in the set-up, as
 * in the harness's runner.
 */
@Tag("gpu")
class MeasuredCallAllocatesNothingGpuTest {

    static Stream<String> gpuModes() {
        // The TornadoVM modes allocate through TornadoVM's own driver binding, which these counters do not see.
        return Modes.ALL.list().stream().filter(m -> m.paradigm().needsGpu() && m.paradigm() != Paradigm.TORNADOVM)
                .map(ModeDescriptor::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gpuModes")
    void aMeasuredInvocationAllocatesNothing(String mode) {
        try (Machine machine = Machine.open(true)) {
            GpuHere.assumeGpuAndNativeLibrary(machine);
            PersistentBridge library = machine.bridge();
            for (int n : new int[] {11, 101}) {
                SolverBenchmark benchmark = new SolverBenchmark();
                benchmark.n = n;
                benchmark.mode = mode;
                benchmark.threads = 256;
                benchmark.prepare();
                try {
                    long java = Allocations.count();
                    long nativeLibrary = library.allocationCount();
                    for (int call = 0; call < 3; call++) {
                        benchmark.iterations();
                    }
                    assertEquals(java, Allocations.count(), mode + " at N = " + n + ": driver resources made from Java");
                    assertEquals(nativeLibrary, library.allocationCount(), mode + " at N = " + n
                            + ": device or pinned memory and events made by the native library");
                } finally {
                    benchmark.release();
                }
            }
        }
    }
}
