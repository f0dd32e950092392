package org.holdfast.tornado.compiler;

import java.util.Set;

/**
 * Java names in CUDA C: kept as they are unless CUDA C reserves them.
 *
 * <p>A name that is a C++ or CUDA keyword, a CUDA built-in, a function the generated code calls, or a
 * common macro becomes {@code hf_<name>}; a name that starts with the reserved prefix {@code hf_} is
 * escaped the same way ({@code hf_x} becomes {@code hf_hf_x}); a name that starts with {@code _}
 * becomes {@code hf_u<name>}. A device function with a reserved name becomes {@code hf_fn_<name>}.
 * Generated helpers are named {@code hf_java_...}. No two of these can be equal.
 */
final class CNames {

    /** The prefix of every name the compiler invents. */
    static final String PREFIX = "hf_";

    private static final Set<String> RESERVED = Set.of(
            // C++ keywords and alternative tokens that are legal Java identifiers
            "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "compl", "concept",
            "const_cast", "consteval", "constexpr", "constinit", "co_await", "co_return", "co_yield", "decltype",
            "delete", "dynamic_cast", "explicit", "export", "extern", "friend", "inline", "mutable", "namespace",
            "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "reinterpret_cast", "register",
            "requires", "signed", "sizeof", "static_assert", "static_cast", "struct", "template", "thread_local",
            "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "wchar_t", "xor", "xor_eq",
            "char8_t", "char16_t", "char32_t", "restrict", "main",
            // CUDA built-in variables and types
            "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3", "uint3", "int2", "int3", "int4",
            "float2", "float3", "float4", "double2", "double3", "double4",
            // functions the generated code may call
            "abs", "llabs", "fabs", "fabsf", "min", "max", "llmin", "llmax", "fmin", "fmax", "fminf", "fmaxf",
            "sqrt", "sqrtf", "cbrt", "exp", "expm1", "log", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
            "atan", "atan2", "sinh", "cosh", "tanh", "pow", "hypot", "floor", "floorf", "ceil", "rint", "fma", "fmaf",
            "fmod", "fmodf", "remainder", "copysign", "copysignf", "signbit", "isnan", "isinf", "isfinite",
            "__syncthreads", "printf", "malloc", "free", "memcpy", "memset", "assert",
            // common macros of the C and CUDA headers
            "NULL", "NAN", "INFINITY", "HUGE_VAL", "HUGE_VALF", "EOF", "errno", "M_PI", "M_E", "FLT_MAX", "DBL_MAX",
            "FLT_MIN", "DBL_MIN", "INT_MAX", "INT_MIN", "LLONG_MAX", "LLONG_MIN", "CHAR_BIT", "RAND_MAX",
            "EXIT_SUCCESS", "EXIT_FAILURE", "stdin", "stdout", "stderr", "size_t", "ptrdiff_t");

    private CNames() {
    }

    /** Whether {@code name} can be written in CUDA C as it is (an ASCII identifier without {@code $}). */
    static boolean isPlainIdentifier(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Whether CUDA C reserves {@code name}, so that a Java name must be escaped (or, for a kernel, refused). */
    static boolean isReserved(String name) {
        return RESERVED.contains(name) || name.startsWith(PREFIX) || name.startsWith("_");
    }

    /**
     * The CUDA C name of a device function: {@code hf_fn_<name>} when CUDA reserves the name, so that it
     * cannot meet a local of the same Java name, which becomes {@code hf_<name>}.
     */
    static String function(String name) {
        return isReserved(name) ? PREFIX + "fn_" + name : name;
    }

    /** The CUDA C name of a Java parameter or local. */
    static String escape(String name) {
        if (name.startsWith("_")) {
            return PREFIX + "u" + name;
        }
        return isReserved(name) ? PREFIX + name : name;
    }
}
