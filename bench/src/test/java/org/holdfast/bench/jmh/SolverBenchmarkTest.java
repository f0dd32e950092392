package org.holdfast.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.annotations.Param;

/** The JMH benchmark covers every registered mode, and runs the CPU ones through their runners here. */
class SolverBenchmarkTest {

    @Test
    void itsModesAreTheRegistrysInTheRegistrysOrder() throws NoSuchFieldException {
        List<String> params = List.of(SolverBenchmark.class.getDeclaredField("mode").getAnnotation(Param.class).value());
        assertEquals(Modes.ALL.list().stream().map(ModeDescriptor::name).toList(), params);
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"cpu, poisson2d", "cpu-parallel, poisson2d", "cpu, poisson3d", "cpu-parallel, poisson3d"})
    void aCpuModeRunsThroughItsRunner(String mode, String problem) {
        assertEquals(Paradigm.CPU, Modes.ALL.parse(mode).paradigm());
        SolverBenchmark benchmark = new SolverBenchmark();
        benchmark.problem = problem;
        benchmark.n = 11;
        benchmark.mode = mode;
        benchmark.threads = 256;
        benchmark.prepare();
        try {
            assertTrue(benchmark.iterations() > 0);
        } finally {
            benchmark.release();
        }
    }

    @Test
    void anUnknownProblemIsRefusedWithTheChoices() {
        SolverBenchmark benchmark = new SolverBenchmark();
        benchmark.problem = "poisson4d";
        benchmark.n = 11;
        benchmark.mode = "cpu";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, benchmark::prepare);
        assertEquals("-p problem=poisson4d: choose from poisson2d, poisson3d", e.getMessage());
    }
}
