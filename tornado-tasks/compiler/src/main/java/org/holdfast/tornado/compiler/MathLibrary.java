package org.holdfast.tornado.compiler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code java.lang.Math} functions a kernel may call, with Java's overloads and their CUDA C.
 *
 * <p>Arguments are converted to the parameter types of the overload Java picks (so
 * {@code Math.sqrt(aFloat)} computes in double, as in Java). Where CUDA's function differs from
 * Java's on some inputs and Java's behaviour is cheap, a small generated helper ({@code hf_java_*})
 * reproduces Java exactly; see docs/kernel-language.md.
 */
final class MathLibrary {

    /** How one overload is written in CUDA C, given its arguments already of the parameter types. */
    @FunctionalInterface
    interface Emitter {
        Expr emit(List<Expr> args);
    }

    /** One Java overload. */
    record Overload(List<JType> params, JType result, Emitter emitter, String helper) {
    }

    private static final JType I = JType.INT;
    private static final JType L = JType.LONG;
    private static final JType F = JType.FLOAT;
    private static final JType D = JType.DOUBLE;

    /** Overloads by name, most specific first (Java picks the first applicable one). */
    private static final Map<String, List<Overload>> FUNCTIONS = new LinkedHashMap<>();

    /** The text of every helper, by name. */
    private static final Map<String, String> HELPERS = new LinkedHashMap<>();

    static {
        add("abs", call("abs", I, I), call("llabs", L, L), call("fabsf", F, F), call("fabs", D, D));
        add("min", call("min", I, I, I), call("llmin", L, L, L), helper("hf_java_min_float", F, F, F),
                helper("hf_java_min_double", D, D, D));
        add("max", call("max", I, I, I), call("llmax", L, L, L), helper("hf_java_max_float", F, F, F),
                helper("hf_java_max_double", D, D, D));
        for (String name : List.of("sqrt", "cbrt", "exp", "expm1", "log", "log10", "log1p", "sin", "cos", "tan", "asin",
                "acos", "atan", "sinh", "cosh", "tanh", "floor", "ceil", "rint")) {
            add(name, call(name, D, D));
        }
        for (String name : List.of("atan2", "pow", "hypot")) {
            add(name, call(name, D, D, D));
        }
        add("IEEEremainder", call("remainder", D, D, D));
        add("fma", call("fmaf", F, F, F, F), call("fma", D, D, D, D));
        add("copySign", call("copysignf", F, F, F), call("copysign", D, D, D));
        add("signum", helper("hf_java_signum_float", F, F), helper("hf_java_signum_double", D, D));
        add("round", helper("hf_java_round_float", I, F), helper("hf_java_round_double", L, D));
        add("floorDiv", helper("hf_java_floorDiv_int", I, I, I), helper("hf_java_floorDiv_long", L, L, I),
                helper("hf_java_floorDiv_long", L, L, L));
        add("floorMod", helper("hf_java_floorMod_int", I, I, I), narrowedLongFloorMod(),
                helper("hf_java_floorMod_long", L, L, L));
        // Math.toRadians and toDegrees multiply by these constants (JDK 9 and later).
        add("toRadians", scale(0.017453292519943295));
        add("toDegrees", scale(57.29577951308232));

        minMax("min", "<=");
        minMax("max", ">=");
        helperText("hf_java_signum_float", "float", "float x", "return (x > 0.0f) ? 1.0f : ((x < 0.0f) ? -1.0f : x);",
                "Math.signum: 1, -1, or x itself for zeros and NaN");
        helperText("hf_java_signum_double", "double", "double x", "return (x > 0.0) ? 1.0 : ((x < 0.0) ? -1.0 : x);",
                "Math.signum: 1, -1, or x itself for zeros and NaN");
        helperText("hf_java_round_float", "int", "float x", "float f = floorf(x);\n    return (int)(((x - f) >= 0.5f) ? (f + 1.0f) : f);",
                "Math.round: half up (llround rounds half away from zero); NaN gives 0, overflow saturates");
        helperText("hf_java_round_double", "long long", "double x",
                "double f = floor(x);\n    return (long long)(((x - f) >= 0.5) ? (f + 1.0) : f);",
                "Math.round: half up (llround rounds half away from zero); NaN gives 0, overflow saturates");
        for (JType type : List.of(I, L)) {
            String c = type.c();
            helperText("hf_java_floorDiv_" + type.java(), c, c + " x, " + c + " y",
                    c + " q = x / y;\n    if (((x ^ y) < 0) && (q * y != x)) {\n        q--;\n    }\n    return q;",
                    "Math.floorDiv: the quotient rounded toward negative infinity");
            helperText("hf_java_floorMod_" + type.java(), c, c + " x, " + c + " y",
                    c + " m = x % y;\n    if (((m ^ y) < 0) && (m != 0)) {\n        m += y;\n    }\n    return m;",
                    "Math.floorMod: the remainder with the sign of the divisor");
        }
    }

    private MathLibrary() {
    }

    /** Whether Math has a function of this name that kernels may call. */
    static boolean isSupported(String name) {
        return FUNCTIONS.containsKey(name);
    }

    /** The names of the supported functions, for messages. */
    static Set<String> names() {
        return new TreeSet<>(FUNCTIONS.keySet());
    }

    /** The overload Java picks for these argument types, or null when none applies. */
    static Overload resolve(String name, List<JType> args) {
        for (Overload overload : FUNCTIONS.getOrDefault(name, List.of())) {
            if (overload.params().size() != args.size()) {
                continue;
            }
            boolean applicable = true;
            for (int i = 0; i < args.size(); i++) {
                applicable &= args.get(i).widensTo(overload.params().get(i));
            }
            if (applicable) {
                return overload;
            }
        }
        return null;
    }

    /** The CUDA C definition of a helper. */
    static String helperDefinition(String name) {
        return HELPERS.get(name);
    }

    private static void add(String name, Overload... overloads) {
        FUNCTIONS.put(name, List.of(overloads));
    }

    private static Overload call(String cName, JType result, JType... params) {
        return new Overload(List.of(params), result, args -> Expr.of(cName + "(" + join(args) + ")", result, Expr.Prec.ATOM),
                null);
    }

    private static Overload helper(String helper, JType result, JType... params) {
        Overload plain = call(helper, result, params);
        return new Overload(plain.params(), result, plain.emitter(), helper);
    }

    /** Math.floorMod(long, int) returns int: the long helper, narrowed. */
    private static Overload narrowedLongFloorMod() {
        return new Overload(List.of(L, I), I,
                args -> Expr.of("(int)hf_java_floorMod_long(" + args.get(0).code() + ", (long long)" + args.get(1).atom() + ")",
                        I, Expr.Prec.UNARY),
                "hf_java_floorMod_long");
    }

    private static Overload scale(double factor) {
        String constant = Constants.literal(factor, D).code();
        return new Overload(List.of(D), D, args -> Expr.of(args.get(0).operand() + " * " + constant, D, Expr.Prec.BINARY),
                null);
    }

    private static String join(List<Expr> args) {
        List<String> codes = new ArrayList<>();
        for (Expr arg : args) {
            codes.add(arg.code());
        }
        return String.join(", ", codes);
    }

    /**
     * Java's Math.min and max: NaN when either argument is NaN, and -0.0 below 0.0; fmin and fmax return
     * the other argument for a NaN and may return either zero.
     */
    private static void minMax(String name, String compare) {
        for (JType type : List.of(F, D)) {
            String c = type.c();
            String zero = type == F ? "0.0f" : "0.0";
            String bits = type == F ? "__float_as_int" : "__double_as_longlong";
            // Math.min returns b when both are zeros and b is -0.0; Math.max returns b when a is -0.0.
            String negativeZeroTest = name.equals("min") ? bits + "(b) < 0" : bits + "(a) < 0";
            String body = "if (a != a) {\n        return a;\n    }\n"
                    + "    if ((a == " + zero + ") && (b == " + zero + ") && (" + negativeZeroTest + ")) {\n        return b;\n    }\n"
                    + "    return (a " + compare + " b) ? a : b;";
            helperText("hf_java_" + name + "_" + type.java(), c, c + " a, " + c + " b", body,
                    "Math." + name + ": NaN if either is NaN, and -0.0 < 0.0 (f" + name + " promises neither)");
        }
    }

    private static void helperText(String name, String result, String params, String body, String comment) {
        HELPERS.put(name, "// " + comment + "\nstatic __device__ __forceinline__ " + result + " " + name + "(" + params + ")\n{\n    "
                + body + "\n}\n");
    }
}
