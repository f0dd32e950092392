package org.holdfast.bench.harness;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;
import org.holdfast.bench.mode.UserKernels;
import org.holdfast.kernels.poisson.ReferenceSolver.Colour;
import org.holdfast.kernels.problem.PlainReference;
import org.holdfast.kernels.problem.Problem;

/**
 * Checks of a user's kernel class against the problem it solves (the square or the cube), not only
 * against itself: on a small grid from a seeded random interior, on the CPU, before any of its rows runs. A class that passes is a
 * red-black smoother of Holdfast's Poisson equation; SOR with any relaxation factor from
 * {@value #SOR_FROM} to {@value #SOR_TO} passes, and so do other weightings; a class that skips a
 * colour, writes the wrong colour, runs the wrong number of iterations or solves another equation
 * fails with one line that says which check.
 * <ul>
 *   <li>The standard pair keeps its colours: {@code red} moves every red interior point and leaves
 *       every other point bit-identical, {@code black} likewise.</li>
 *   <li>{@code solve} runs exactly {@code iterations} iterations of both colours: {@code solve(1)} moves
 *       every interior point, {@code solve(a)} then {@code solve(b)} equals {@code solve(a + b)} bit for
 *       bit, and where the class has both, {@code solve(k)} equals k iterations of the pair.</li>
 *   <li>The class converges to the problem's solution: {@value #ITERATIONS} iterations reduce the
 *       max-norm residual of the discrete Poisson equation (with the problem's boundary) at least
 *       {@value #REDUCTION}-fold (Gauss-Seidel reaches about 10⁵, SOR at 1.5 about 10¹⁴; a class that
 *       leaves a colour alone, about 1).</li>
 * </ul>
 */
final class ProblemChecks {

    /** The grid of the checks, N per side: small, with interior points of both colours. */
    static final int N = 9;
    /** Iterations of the residual check. */
    static final int ITERATIONS = 50;
    /** How many times smaller the residual must get in {@link #ITERATIONS} iterations. */
    static final double REDUCTION = 100;
    /** The relaxation factors of SOR known to pass the residual check (documented, and tested). */
    static final double SOR_FROM = 0.25;
    static final double SOR_TO = 1.9;
    /** Iteration counts of the composition check: solve(A) then solve(B) against solve(A + B). */
    static final int A = 2;
    static final int B = 3;

    private final UserReference reference;
    private final Problem problem;
    private final double[] initial;
    private final String what;

    private ProblemChecks(UserKernels kernels, Problem problem, long seed, double watchdogSeconds) {
        this.problem = problem;
        this.reference = new UserReference(kernels, problem, problem.rightHandSide(), watchdogSeconds);
        this.initial = problem.randomInitialU(seed);
        this.what = "java:" + kernels.className() + " is not a red-black smoother of the problem: ";
    }

    /**
     * Runs every check on {@code kernels}, against {@code atSize}'s problem at N = {@value #N}.
     *
     * @throws Failed with one line naming the check that failed
     */
    static void check(UserKernels kernels, IntFunction<Problem> atSize, long seed, double watchdogSeconds) {
        new ProblemChecks(kernels, atSize.apply(N), seed, watchdogSeconds).run();
    }

    private void run() {
        UserKernels kernels = reference.kernels();
        if (kernels.halfSweeps().isPresent()) {
            double[] afterRed = reference.halfSweeps(initial, Colour.RED);
            keepsItsColour("red", Colour.RED, initial, afterRed);
            keepsItsColour("black", Colour.BLACK, afterRed, reference.halfSweeps(afterRed, Colour.BLACK));
        }
        if (kernels.solve().isPresent()) {
            double[] once = reference.solveKernel(initial, 1);
            for (Colour colour : Colour.values()) {
                int still = unchanged(colour, initial, once);
                if (still > 0) {
                    fail("solve(iterations = 1) leaves " + still + " of " + count(colour) + " " + name(colour)
                            + " points unchanged (an iteration updates both colours, every point)");
                }
            }
            double[] inTwo = reference.solveKernel(reference.solveKernel(initial, A), B);
            double[] inOne = reference.solveKernel(initial, A + B);
            if (!Arrays.equals(inTwo, inOne)) {
                fail("solve(" + A + ") then solve(" + B + ") differs from solve(" + (A + B) + "): solve must run exactly"
                        + " `iterations` iterations");
            }
            if (kernels.halfSweeps().isPresent() && !Arrays.equals(inOne, reference.solve(initial, A + B))) {
                fail("solve(" + (A + B) + ") differs from " + (A + B) + " iterations of red then black");
            }
        }
        double before = problem.maxResidual(initial, reference.f());
        double after = problem.maxResidual(reference.solve(initial, ITERATIONS), reference.f());
        if (!(after * REDUCTION <= before)) {
            fail(String.format(Locale.ROOT, "%d iterations at N = %d reduce the residual of the Poisson equation from %.3g"
                    + " to %.3g, less than the %.0f-fold any convergent red-black smoother reaches", ITERATIONS, problem.n(), before,
                    after, REDUCTION));
        }
    }

    /** {@code kernel} (a half-sweep of {@code colour}) moved every point of its colour and no other point. */
    private void keepsItsColour(String kernel, Colour colour, double[] start, double[] after) {
        Colour other = colour == Colour.RED ? Colour.BLACK : Colour.RED;
        int written = count(other) - unchanged(other, start, after);
        if (written > 0) {
            fail(kernel + " changes " + written + " of " + count(other) + " " + name(other) + " points (a half-sweep updates"
                    + " only its own colour)");
        }
        int boundary = changedBoundary(start, after);
        if (boundary > 0) {
            fail(kernel + " changes " + boundary + " boundary points (the boundary is fixed)");
        }
        int still = unchanged(colour, start, after);
        if (still > 0) {
            fail(kernel + " leaves " + still + " of " + count(colour) + " " + name(colour) + " points unchanged (a half-sweep"
                    + " updates every point of its colour)");
        }
    }

    /** A check failed: the class is not a red-black smoother of the problem. */
    static final class Failed extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message);
        }
    }

    private void fail(String why) {
        throw new Failed(what + why + " (" + problem.name() + ", N = " + problem.n() + ", random interior, on the CPU;"
                + " docs/user-kernels.md)");
    }

    private static String name(Colour colour) {
        return colour.name().toLowerCase(Locale.ROOT);
    }

    /** Interior points of {@code colour} whose value in {@code after} is bit-identical to {@code start}'s. */
    private int unchanged(Colour colour, double[] start, double[] after) {
        int still = 0;
        for (int c = 0; c < start.length; c++) {
            still += problem.colourOf(c) == index(colour) && sameBits(start[c], after[c]) ? 1 : 0;
        }
        return still;
    }

    private int changedBoundary(double[] start, double[] after) {
        int changed = 0;
        for (int c = 0; c < start.length; c++) {
            changed += problem.colourOf(c) == Problem.BOUNDARY && !sameBits(start[c], after[c]) ? 1 : 0;
        }
        return changed;
    }

    /** Interior points of {@code colour}. */
    private int count(Colour colour) {
        int points = 0;
        for (int c = 0; c < problem.points(); c++) {
            points += problem.colourOf(c) == index(colour) ? 1 : 0;
        }
        return points;
    }

    private static int index(Colour colour) {
        return colour == Colour.RED ? PlainReference.RED : PlainReference.BLACK;
    }

    private static boolean sameBits(double a, double b) {
        return Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b);
    }
}
