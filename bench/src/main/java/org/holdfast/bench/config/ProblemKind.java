package org.holdfast.bench.config;

import java.util.function.IntFunction;
import org.holdfast.bench.mode.CliNamed;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.problem.Problem;

/** Which problem a run solves ({@code --problem}, the config key {@code problem}); sizes are N per side for both. */
public enum ProblemKind implements CliNamed {
    /** The square, N² points, 5-point stencil: what every run solved before there were two. */
    POISSON2D(PoissonProblem.NAME, PoissonProblem::new),
    /** The cube, N³ points, 7-point stencil. */
    POISSON3D(Poisson3DProblem.NAME, Poisson3DProblem::new);

    private final String cliName;
    private final IntFunction<Problem> atSize;

    ProblemKind(String cliName, IntFunction<Problem> atSize) {
        this.cliName = cliName;
        this.atSize = atSize;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    /** The problem at N points per side; an N it cannot hold is refused with its reason. */
    public Problem at(int n) {
        return atSize.apply(n);
    }
}
