package org.holdfast.bench.mode;

import java.util.Objects;
import java.util.Optional;

/**
 * Which kernels a mode runs: the Java-authored ones ({@code java}), the hand-written native ones
 * ({@code native}), or a user's own class of Java kernels ({@code java:org.example.MyKernels}, loaded
 * from {@code --classpath}; see {@code docs/user-kernels.md}). A mode that runs the Java kernels
 * runs a user's too, where the class has the kernels the mode needs.
 *
 * @param cliName the spelling on the command line and in reports
 * @param user the user's class, loaded and checked; null for the built-in sources
 */
public record KernelSource(String cliName, UserKernels user) implements CliNamed {

    /** The Java-authored kernels of this project. */
    public static final KernelSource JAVA = new KernelSource("java", null);
    /**
     * Each mode's own first choice ({@link ModeDescriptor#kernelSources()}): the Java kernels for the
     * standard launches, the native library's for the persistent modes, whose planner picks among
     * hand-written variants by size; their Java twins run with {@code java}.
     */
    public static final KernelSource AUTO = new KernelSource("auto", null);
    /** The hand-written kernels of the native library. */
    public static final KernelSource NATIVE = new KernelSource("native", null);
    /** How a user's class is named: {@code java:} and its binary name. */
    public static final String USER_PREFIX = "java:";

    public KernelSource {
        Objects.requireNonNull(cliName, "cliName");
    }

    /** A user's class of kernels, loaded and checked. */
    public static KernelSource of(UserKernels kernels) {
        return new KernelSource(USER_PREFIX + kernels.className(), kernels);
    }

    /** Every spelling, for help and messages. */
    public static String names() {
        return "auto, java, native, " + USER_PREFIX + "<class>";
    }

    /** The user's class, for a user's source. */
    public Optional<UserKernels> userKernels() {
        return Optional.ofNullable(user);
    }

    /** Whether a mode that offers {@code offered} kernel sources runs this one: a user's class wherever the Java kernels run, auto everywhere. */
    public boolean runsIn(java.util.List<KernelSource> offered) {
        return this.equals(AUTO) || offered.contains(this) || user != null && offered.contains(JAVA);
    }

    @Override
    public String toString() {
        return cliName;
    }
}
