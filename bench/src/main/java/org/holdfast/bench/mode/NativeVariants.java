package org.holdfast.bench.mode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentVariant;
import org.holdfast.bridge.VariantTrait;
import org.holdfast.kernels.problem.Problem;

/**
 * The native library's variant table, as the persistent modes' variant options ({@code --barrier}, {@code --schedule},
 * {@code --signal}) accept it: {@code auto}, then the mode's rows in the table's order, so that a new row of
 * {@code native-hip/src/variant_table.cpp} is a value of its mode's option, a config value and a help word with no change
 * here. The library is read once per process, when an option's values are first asked for (help, or a value to
 * check); a run that names no variant, such as {@code -m cpu}, never loads it. Where it cannot be loaded (a checkout
 * built without nvcc) the persistent modes cannot run anyway: the options take any name, and help says why the names
 * are missing.
 *
 * <p>Each row solves one problem: a run takes the rows of its problem ({@link #refusal}), so that a mode or a variant the
 * library has only for the square is refused on the cube in one line from the table, and a new row for the cube runs
 * with no change here either.
 */
final class NativeVariants {

    /** The library's table, read on first use: once per process, whichever thread asks first. */
    private static final class Library {
        static final NativeVariants TABLE = read();
    }

    private final List<PersistentVariant> rows;
    /** Why the library could not be read; null when it was. */
    private final String missing;

    private NativeVariants(List<PersistentVariant> rows, String missing) {
        this.rows = List.copyOf(rows);
        this.missing = missing;
    }

    /** A table of these rows. */
    static NativeVariants of(List<PersistentVariant> rows) {
        return new NativeVariants(rows, null);
    }

    /**
     * No table: the library could not be loaded, for {@code reason}, kept without the places looked in ({@code --devices}
     * lists them), since help says it once per option.
     */
    static NativeVariants missing(String reason) {
        int places = reason.indexOf(" (looked in ");
        return new NativeVariants(List.of(), places < 0 ? reason : reason.substring(0, places) + ", see --devices");
    }

    /** The library's table, or why it is not here: read on the first call. */
    static NativeVariants library() {
        return Library.TABLE;
    }

    private static NativeVariants read() {
        try (PersistentBridge bridge = PersistentBridge.open()) {
            return of(bridge.variants());
        } catch (NativeLibraryMissingException | NativeException e) {
            return missing(e.getMessage());
        }
    }

    /**
     * The variant option {@code option} of {@code mode}: default {@code auto}, its values read from the library's table
     * when first asked for.
     */
    static ModeOption option(String mode, String option, String description) {
        return ModeOption.later(option, description, PersistentRequest.AUTO, () -> library().accepted(mode, option));
    }

    /** What the variant option {@code option} of {@code mode} accepts with this table. */
    ModeOption.Accepted accepted(String mode, String option) {
        if (missing != null) {
            return new ModeOption.Accepted("auto or a variant of the native library's table (not loaded here: " + missing + ")",
                    List.of(), text -> {
                        String value = text.trim();
                        if (value.isEmpty()) {
                            throw new IllegalArgumentException("unknown " + option + " '' (choose auto or a variant of the"
                                    + " native library's table)");
                        }
                        return value;
                    });
        }
        List<String> choices = new ArrayList<>(List.of(PersistentRequest.AUTO));
        // A name may have a row per problem: listed once, where the table has it first.
        rows.stream().filter(row -> row.mode().equals(mode)).map(PersistentVariant::name).distinct().forEach(choices::add);
        ModeOption.Accepted all = ModeOption.Accepted.oneOf(option, choices);
        // Help says which of them a problem with fewer rows has, so that a cube's command line is not guessed.
        String fewer = Arrays.stream(PersistentProblem.Kind.values()).filter(kind -> !choices(kind, mode).equals(choices))
                .map(kind -> kind.problemName() + ": " + (rows(kind, mode).isEmpty() ? "none" : String.join(", ", choices(kind, mode))))
                .collect(Collectors.joining("; "));
        return fewer.isEmpty() ? all : new ModeOption.Accepted(all.values() + " (" + fewer + ")", all.choices(), all.parser());
    }

    /** The rows of {@code mode} for the problem {@code kind}, in the table's order. */
    List<PersistentVariant> rows(PersistentProblem.Kind kind, String mode) {
        return rows.stream().filter(row -> row.problem() == kind && row.mode().equals(mode)).toList();
    }

    /** The row {@code variant} of {@code mode} for {@code kind}, if the table has it. */
    Optional<PersistentVariant> row(PersistentProblem.Kind kind, String mode, String variant) {
        return rows(kind, mode).stream().filter(row -> row.name().equals(variant)).findFirst();
    }

    /** The traits of the row {@code variant} of {@code mode} for {@code kind}: none where the table has no such row. */
    Set<VariantTrait> traitsOf(PersistentProblem.Kind kind, String mode, String variant) {
        return row(kind, mode, variant).map(PersistentVariant::traits).orElse(Set.of());
    }

    /** What the variant option of {@code mode} takes for the problem {@code kind}: auto, then its rows' names. */
    List<String> choices(PersistentProblem.Kind kind, String mode) {
        List<String> choices = new ArrayList<>(List.of(PersistentRequest.AUTO));
        rows(kind, mode).stream().map(PersistentVariant::name).forEach(choices::add);
        return choices;
    }

    /** The library's problem that {@code problem} is, by its name: empty for a problem the library does not solve. */
    static Optional<PersistentProblem.Kind> kindOf(Problem problem) {
        return PersistentProblem.Kind.named(problem.name());
    }

    /**
     * Why {@code mode} cannot run {@code variant} (of its variant option {@code option}, or {@code auto} for a mode without
     * one) on {@code problem}, from this table: the library solves no such problem, has no rows of the mode for it, or
     * none of that name; empty where it has, and where the table is not loaded here (the run then says why the library
     * is missing).
     */
    Optional<String> refusal(String mode, Optional<ModeOption> option, String variant, Problem problem) {
        if (missing != null) {
            return Optional.empty();
        }
        Optional<PersistentProblem.Kind> kind = kindOf(problem);
        if (kind.isEmpty()) {
            return Optional.of(mode + ": the native library solves no " + problem.name());
        }
        if (rows(kind.get(), mode).isEmpty()) {
            return Optional.of(mode + ": the native library has no " + mode + " kernels for " + problem.name());
        }
        List<String> choices = choices(kind.get(), mode);
        if (choices.contains(variant)) {
            return Optional.empty();
        }
        String asked = option.map(o -> "--" + o.name() + " ").orElse("") + variant;
        return Optional.of(mode + ": the native library has no " + asked + " for " + problem.name() + " (it has "
                + String.join(", ", choices) + ")");
    }

    /** Every row, in the table's order; none without the library. */
    List<PersistentVariant> rows() {
        return rows;
    }

    /** Why the library could not be read, or empty where it was. */
    Optional<String> missingReason() {
        return Optional.ofNullable(missing);
    }
}
