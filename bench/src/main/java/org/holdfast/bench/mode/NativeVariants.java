package org.holdfast.bench.mode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentVariant;

/**
 * The native library's variant table, as the persistent modes' variant options ({@code --barrier}, {@code --schedule},
 * {@code --signal}) accept it: {@code auto}, then the mode's rows in the table's order, so that a new row of
 * {@code native-hip/src/variant_table.cpp} is a value of its mode's option, a config value and a help word with no change
 * here. The library is read once per process, when an option's values are first asked for (help, or a value to
 * check); a run that names no variant, such as {@code -m cpu}, never loads it. Where it cannot be loaded (a checkout
 * built without nvcc) the persistent modes cannot run anyway: the options take any name, and help says why the names
 * are missing.
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
        return ModeOption.Accepted.oneOf(option, choices);
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
