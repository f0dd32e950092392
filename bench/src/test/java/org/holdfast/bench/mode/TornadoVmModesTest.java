package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where TornadoVM cannot run, the TornadoVM modes skip with one line that says how to enable them:
 * built without an SDK (CI), the jar has no tornadovm backend; built with one, the tests run on plain
 * {@code java}, not under TornadoVM's launcher. Under the launcher, check-here.sh and run.sh try them.
 */
class TornadoVmModesTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tornado", "tornado-graph"})
    void withoutTornadoVmTheModeSaysHowToGetItInOneLine(String name) {
        ModeDescriptor mode = Modes.ALL.parse(name);
        assertEquals(Paradigm.TORNADOVM, mode.paradigm());
        PoissonProblem problem = new PoissonProblem(11);
        RunRequest request = new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"),
                Modes.ALL.defaults(), RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
        ModeUnavailableException skipped = assertThrows(ModeUnavailableException.class,
                () -> mode.runner(request, Machine.withoutGpu("no GPU in this test")));
        boolean backendBuiltIn = TornadoRuntime.backends().stream().anyMatch(b -> b.name().equals(TornadoVmMode.BACKEND));
        assertEquals(backendBuiltIn ? "not running under TornadoVM's launcher (its runtime is not on the module path): run holdfast as"
                + " tornado -cp holdfast.jar org.holdfast.bench.Main --params=\"...\" (docs/tornadovm.md)" : TornadoVmMode.NOT_BUILT,
                skipped.getMessage());
        assertEquals("Holdfast was built without TornadoVM: build it with TORNADO_SDK=<TornadoVM SDK> ./mvnw package"
                + " and run it under TornadoVM's tornado launcher (docs/tornadovm.md)", TornadoVmMode.NOT_BUILT);
    }
}
