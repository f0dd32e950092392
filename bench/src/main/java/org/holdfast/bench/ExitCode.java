package org.holdfast.bench;

/** What the {@code holdfast} command's exit status means. */
public final class ExitCode {

    /** Every row ran and matched the reference. */
    public static final int OK = 0;
    /** A mode failed, or its result did not match the reference. */
    public static final int FAILED = 1;
    /** Bad input: options, config file, sizes that do not fit, an output folder that cannot be written. */
    public static final int USAGE = 2;
    /**
     * A mode asked for by name cannot run on this machine (no GPU, driver or native library), or a
     * variant asked for was refused by its planner for a size ({@code refused:} rows); the rest ran.
     */
    public static final int UNAVAILABLE = 3;

    private ExitCode() {
    }
}
