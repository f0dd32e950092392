package org.holdfast.tornado.compiler;

import com.sun.source.tree.Tree;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Java types of declarations (parameters, locals, results) in the kernel subset. */
final class Types {

    static final String KERNEL_CONTEXT = "org.holdfast.tornado.api.KernelContext";

    private Types() {
    }

    /** A primitive type of a cast or local declaration; byte, short and char are refused. */
    static JType primitive(TypeKind kind, Tree where) {
        return switch (kind) {
            case BOOLEAN -> JType.BOOLEAN;
            case INT -> JType.INT;
            case LONG -> JType.LONG;
            case FLOAT -> JType.FLOAT;
            case DOUBLE -> JType.DOUBLE;
            case VOID -> JType.VOID;
            default -> throw Errors.unsupported(where, "type " + kind.toString().toLowerCase(java.util.Locale.ROOT),
                    "kernels use int, long, float, double and boolean");
        };
    }

    /**
     * The type of a parameter or result as javac entered it, or null when the subset has no such type.
     * Arrays of double, float, int and long, and KernelContext, are allowed.
     */
    static JType of(TypeMirror type) {
        switch (type.getKind()) {
            case BOOLEAN:
                return JType.BOOLEAN;
            case INT:
                return JType.INT;
            case LONG:
                return JType.LONG;
            case FLOAT:
                return JType.FLOAT;
            case DOUBLE:
                return JType.DOUBLE;
            case VOID:
                return JType.VOID;
            case ARRAY:
                return switch (((ArrayType) type).getComponentType().getKind()) {
                    case INT -> JType.INT_ARRAY;
                    case LONG -> JType.LONG_ARRAY;
                    case FLOAT -> JType.FLOAT_ARRAY;
                    case DOUBLE -> JType.DOUBLE_ARRAY;
                    default -> null;
                };
            case DECLARED:
                return ((DeclaredType) type).asElement().toString().equals(KERNEL_CONTEXT) ? JType.CONTEXT : null;
            default:
                return null;
        }
    }
}
