package org.holdfast.bridge;

import java.util.Set;

/**
 * One row of the native library's variant table ({@code hf_variant_info}): a persistent mode and
 * one of its variants, named as the command line names them.
 *
 * @param mode the mode, e.g. {@code persistent-grid}
 * @param name the variant, e.g. {@code two-slot}
 * @param kernel the kernel it launches
 * @param planner the planning rule it uses
 * @param description one line for help and the README
 * @param traits what it is
 * @param faults the faults a test may inject into it
 * @param workSplit how its blocks share a half-sweep
 * @param defaultThreads threads per block when the request says 0
 * @param isDefault whether {@code auto} picks it for its mode
 * @param supported whether this build of the library can run it
 * @param problem the problem its kernels solve (a mode's variant name may have a row per problem)
 */
public record PersistentVariant(String mode, String name, String kernel, String planner, String description,
        Set<VariantTrait> traits, Set<FaultInjection> faults, WorkSplit workSplit, int defaultThreads, boolean isDefault,
        boolean supported, PersistentProblem.Kind problem) {

    public PersistentVariant {
        traits = Set.copyOf(traits);
        faults = Set.copyOf(faults);
        java.util.Objects.requireNonNull(problem, "problem");
    }

    /** "persistent-grid (two-slot)": how messages and reports name it. */
    public String label() {
        return mode + " (" + name + ")";
    }

    public boolean has(VariantTrait trait) {
        return traits.contains(trait);
    }
}
