package org.holdfast.tornadovm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.Random;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * Checks the wiring of the {@code tornadovm} device on a machine without a GPU, against the stand-in
 * driver of {@code lab/tornadovm/fake-driver} (device memory is host memory, copies are
 * real, kernels never run). What it shows, for a plain plan and a CUDA-graph plan alike:
 * <ul>
 *   <li>an array loaded, run on and read back comes back as loaded, bit for bit: the kernels' graph
 *       works on the buffers the load graph filled, and reads them back;</li>
 *   <li>a second load, of other values, replaces the first: each repeat starts from its own array;</li>
 *   <li>after the first run, neither runs nor loads allocate device memory or load a module: nothing
 *       is recompiled, nothing allocated in a timed run.</li>
 * </ul>
 * On a real GPU the kernels run and the first check cannot hold; the harness checks that instead.
 * Run as {@code check-here.sh} does. Exit status 0 when every check holds, 1 otherwise.
 */
public final class TornadoVmPlumbing {

    private static final int N = 11;
    private static final int ITERATIONS = 3;

    private TornadoVmPlumbing() {
    }

    public static void main(String[] args) throws Throwable {
        TornadoVmBackend backend = new TornadoVmBackend();
        if (backend.devices().isEmpty()) {
            System.out.println("FAILED: no tornadovm device: " + backend.unavailableReason().orElse("?"));
            System.exit(1);
        }
        TornadoDevice device = backend.devices().get(0);
        System.out.println("device: " + device.id() + ", " + device.description());
        SymbolLookup driver = SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        MethodHandle allocations = counter(driver, "fake_cuda_allocations");
        MethodHandle modules = counter(driver, "fake_cuda_modules");
        boolean ok = true;
        for (boolean cudaGraph : new boolean[] {false, true}) {
            PoissonProblem problem = new PoissonProblem(N);
            double[] u = new double[problem.points()];
            PoissonTaskGraph tasks = new PoissonTaskGraph(problem, u, problem.rightHandSide(), 1, 256, DataTransferMode.FIRST_EXECUTION);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph()).withDevice(device).withGridScheduler(tasks.scheduler())) {
                if (cudaGraph) {
                    plan.withCUDAGraph();
                }
                String variant = cudaGraph ? "withCUDAGraph()" : "execute()";
                ok &= roundTrip(plan, u, random(problem, 1), variant + ", first load");
                long allocated = (long) allocations.invokeExact();
                long loaded = (long) modules.invokeExact();
                for (int repeat = 2; repeat <= 4; repeat++) {
                    ok &= roundTrip(plan, u, random(problem, repeat), variant + ", load " + repeat);
                }
                ok &= same(variant + ": device allocations after the first run", allocated, (long) allocations.invokeExact());
                ok &= same(variant + ": modules loaded after the first run", loaded, (long) modules.invokeExact());
            }
        }
        System.out.println(ok ? "plumbing: every check holds" : "plumbing: FAILED");
        System.exit(ok ? 0 : 1);
    }

    /** Loads {@code values}, runs, reads back: with kernels that never run, the values must come back. */
    private static boolean roundTrip(TornadoExecutionPlan plan, double[] u, double[] values, String what) {
        System.arraycopy(values, 0, u, 0, u.length);
        plan.resetDeviceCopies();
        plan.withRepeats(ITERATIONS).execute();
        Arrays.fill(u, Double.NaN);
        plan.transferToHost(u);
        boolean equal = Arrays.equals(u, values);
        System.out.println((equal ? "ok: " : "FAILED: ") + what + ": the array read back is " + (equal ? "" : "not ") + "the one loaded");
        return equal;
    }

    private static boolean same(String what, long before, long after) {
        System.out.println((before == after ? "ok: " : "FAILED: ") + what + ": " + before + " then " + after);
        return before == after;
    }

    private static double[] random(PoissonProblem problem, long seed) {
        double[] u = problem.initialU();
        Random random = new Random(seed);
        for (int i = 0; i < u.length; i++) {
            u[i] = random.nextDouble();
        }
        return u;
    }

    private static MethodHandle counter(SymbolLookup driver, String name) {
        return Linker.nativeLinker().downcallHandle(driver.find(name).orElseThrow(() -> new IllegalStateException(
                "libcuda.so.1 has no " + name + ": run this against the stand-in driver (check-here.sh), not a real one")),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG));
    }
}
