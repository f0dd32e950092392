package org.holdfast.bench.config;

import org.holdfast.bench.mode.CliNamed;
import org.holdfast.kernels.problem.Problem;

/** What the interior of the timed runs starts from; the boundary is always the exact solution. */
public enum InitialInterior implements CliNamed {
    /** Zero everywhere inside: the classic start. */
    ZERO("zero"),
    /** Values drawn from the seed, the same on every machine. */
    RANDOM("random");

    private final String cliName;

    InitialInterior(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    /** The starting array of {@code problem}. */
    public double[] of(Problem problem, long seed) {
        return this == ZERO ? problem.initialU() : problem.randomInitialU(seed);
    }
}
