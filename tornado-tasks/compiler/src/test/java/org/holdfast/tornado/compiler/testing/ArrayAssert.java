package org.holdfast.tornado.compiler.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Full-array comparison of a kernel's results: integers exactly; floating point bit for bit (NaN equals
 * NaN, -0.0 differs from 0.0), or within {@code ulps} units in the last place for results of
 * transcendental functions, whose implementations may differ in the last bit.
 */
public final class ArrayAssert {

    /** Differences listed in a failure message at most. */
    private static final int SHOWN = 10;

    private ArrayAssert() {
    }

    /** Throws an AssertionError listing the first differences unless every element matches. */
    public static void assertSameArray(String what, Object expected, Object actual, int ulps) {
        int length = java.lang.reflect.Array.getLength(expected);
        if (actual == null || actual.getClass() != expected.getClass() || java.lang.reflect.Array.getLength(actual) != length) {
            throw new AssertionError(what + ": expected " + describe(expected) + " but got " + describe(actual));
        }
        IntPredicate same;
        IntFunction<String> show;
        switch (expected) {
            case int[] e -> {
                int[] a = (int[]) actual;
                same = i -> e[i] == a[i];
                show = i -> e[i] + " but was " + a[i];
            }
            case long[] e -> {
                long[] a = (long[]) actual;
                same = i -> e[i] == a[i];
                show = i -> e[i] + " but was " + a[i];
            }
            case double[] e -> {
                double[] a = (double[]) actual;
                same = i -> close(e[i], a[i], ulps);
                show = i -> String.format(Locale.ROOT, "%s (%016x) but was %s (%016x)", e[i], Double.doubleToRawLongBits(e[i]), a[i],
                        Double.doubleToRawLongBits(a[i]));
            }
            case float[] e -> {
                float[] a = (float[]) actual;
                same = i -> close(e[i], a[i], ulps);
                show = i -> String.format(Locale.ROOT, "%s (%08x) but was %s (%08x)", e[i], Float.floatToRawIntBits(e[i]), a[i],
                        Float.floatToRawIntBits(a[i]));
            }
            default -> throw new IllegalArgumentException("not a kernel array: " + describe(expected));
        }
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            if (!same.test(i)) {
                differences.add(i + ": expected " + show.apply(i));
            }
        }
        if (!differences.isEmpty()) {
            throw new AssertionError(what + ": " + differences.size() + " of " + length + " elements differ"
                    + (ulps > 0 ? " by more than " + ulps + " ulp" : "") + ":\n  "
                    + String.join("\n  ", differences.subList(0, Math.min(SHOWN, differences.size()))));
        }
    }

    private static String describe(Object array) {
        if (array == null || !array.getClass().isArray()) {
            return String.valueOf(array);
        }
        return array.getClass().getSimpleName() + " of " + java.lang.reflect.Array.getLength(array);
    }

    /** Bit-equal (all NaNs alike), or both finite and within {@code ulps} ulp of the larger magnitude. */
    public static boolean close(double e, double a, int ulps) {
        if (Double.compare(e, a) == 0) {
            return true;
        }
        if (ulps == 0 || !Double.isFinite(e) || !Double.isFinite(a)) {
            return false;
        }
        return Math.abs(e - a) <= ulps * Math.max(Math.ulp(e), Math.ulp(a));
    }

    /** As {@link #close(double, double, int)}, in float ulps. */
    public static boolean close(float e, float a, int ulps) {
        if (Float.compare(e, a) == 0) {
            return true;
        }
        if (ulps == 0 || !Float.isFinite(e) || !Float.isFinite(a)) {
            return false;
        }
        return Math.abs(e - a) <= ulps * Math.max(Math.ulp(e), Math.ulp(a));
    }
}
