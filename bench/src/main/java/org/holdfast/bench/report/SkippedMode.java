package org.holdfast.bench.report;

/**
 * A mode that did not run, as results.json lists it.
 *
 * @param mode its name
 * @param kernels the kernels it would have run ({@code java}, {@code native}, {@code java:<class>})
 * @param reason why, in one line (no GPU, no native library, a kernel class without what the mode needs)
 */
public record SkippedMode(String mode, String kernels, String reason) {
}
