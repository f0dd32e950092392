package org.holdfast.bench.cli;

import java.util.function.Supplier;
import org.apache.commons.cli.Option;

/**
 * An option with a value whose description is written when it is asked for (by help), not when the options are made:
 * the modes' variant options list what the native library's table holds, and only help should load the library.
 */
final class DescribedOnDemand extends Option {

    private static final long serialVersionUID = 1L;

    private final transient Supplier<String> description;

    DescribedOnDemand(String longName, String argName, Supplier<String> description) {
        super(null, longName, true, null);
        setArgName(argName);
        this.description = description;
    }

    @Override
    public String getDescription() {
        return description.get();
    }
}
