package org.holdfast.bridge;

import org.holdfast.bridge.raw.holdfast_native_h;

/**
 * What a persistent session solves ({@code hf_problem}): the problem, its points per side and its
 * spacing squared. The library fixes them when the session opens; its runs take only the arrays
 * and the iteration count.
 *
 * @param kind the problem
 * @param n points per side, boundary included
 * @param h2 the spacing squared, as the reference computes it (so that the kernels use its bits)
 */
public record PersistentProblem(Kind kind, int n, double h2) {

    /** The problems the library's kernels solve ({@code HF_PROBLEM_*}). */
    public enum Kind {
        /** The 2D Poisson equation on n x n points, 5-point stencil, red-black Gauss-Seidel. */
        POISSON_2D(holdfast_native_h.HF_PROBLEM_POISSON_2D, "poisson2d"),
        /** The 3D Poisson equation on n x n x n points, 7-point stencil, red-black Gauss-Seidel. */
        POISSON_3D(holdfast_native_h.HF_PROBLEM_POISSON_3D, "poisson3d");

        private final int code;
        private final String problemName;

        Kind(int code, String problemName) {
            this.code = code;
            this.problemName = problemName;
        }

        public int code() {
            return code;
        }

        /** The name the library's messages and Holdfast's {@code --problem} give it, such as {@code poisson3d}. */
        public String problemName() {
            return problemName;
        }

        /** The problem named {@code problemName} ({@code --problem}'s spelling), or empty where the library solves none such. */
        public static java.util.Optional<Kind> named(String problemName) {
            return java.util.Arrays.stream(values()).filter(kind -> kind.problemName.equals(problemName)).findFirst();
        }

        static Kind fromCode(int code) {
            return NativeCodes.fromCode(values(), Kind::code, code, "hf_problem.kind");
        }
    }

    public PersistentProblem {
        java.util.Objects.requireNonNull(kind, "kind");
    }

    /** The 2D Poisson problem of {@code n} points per side with spacing squared {@code h2}. */
    public static PersistentProblem poisson2d(int n, double h2) {
        return new PersistentProblem(Kind.POISSON_2D, n, h2);
    }

    /** The 3D Poisson problem of {@code n} points per side with spacing squared {@code h2}. */
    public static PersistentProblem poisson3d(int n, double h2) {
        return new PersistentProblem(Kind.POISSON_3D, n, h2);
    }
}
