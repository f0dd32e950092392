package org.holdfast.tornado.compiler;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import java.util.Locale;

/**
 * Block-shared arrays: the static ones, {@code double[] t = context.allocateDoubleLocalArray(SIZE);}
 * with a constant size ({@code __shared__ double t[SIZE];}), and the group's dynamic shared memory,
 * {@code double[] t = context.dynamicSharedDoubles();}, whose size the launch gives (a pointer into
 * {@code extern __shared__} memory). Both initialise a local at the top level of a kernel body.
 */
final class SharedArrays {

    /** The C name of the dynamic shared memory: bytes, aligned for any element type, viewed through a typed pointer. */
    static final String DYNAMIC = "hf_dynamic_shared";

    private static final String DYNAMIC_PREFIX = "dynamicShared";

    private final Scope scope;
    private final ExpressionTranslator exprs;

    SharedArrays(Scope scope, ExpressionTranslator exprs) {
        this.scope = scope;
        this.exprs = exprs;
    }

    /** Whether {@code call} is {@code context.allocateXLocalArray(size)} (static shared memory). */
    boolean isStatic(MethodInvocationTree call) {
        String name = contextMethod(call);
        return name != null && name.startsWith("allocate") && name.endsWith("LocalArray");
    }

    /** Whether {@code call} is {@code context.dynamicSharedX()} (the launch's dynamic shared memory). */
    boolean isDynamic(MethodInvocationTree call) {
        String name = contextMethod(call);
        return name != null && name.startsWith(DYNAMIC_PREFIX);
    }

    /** The name of a method called on a KernelContext variable, or null. */
    private String contextMethod(MethodInvocationTree call) {
        if (call.getMethodSelect() instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree id) {
            Variable v = scope.lookup(id.getName().toString());
            return v != null && v.type() == JType.CONTEXT ? select.getIdentifier().toString() : null;
        }
        return null;
    }

    /**
     * The declaration of static shared array {@code var} allocated by {@code call}
     * ({@code __shared__ double tile[32];}); counts its bytes.
     */
    String declareStatic(Variable var, MethodInvocationTree call) {
        ExpressionTree sizeTree = call.getArguments().get(0);
        Expr size = exprs.expr(sizeTree);
        Object value = size.constant() != null ? size.constant() : size.variable() != null ? size.variable().constantValue() : null;
        if (!(value instanceof Integer count)) {
            throw Errors.unsupported(sizeTree, "block-shared array size that is not a compile-time int constant",
                    "use a literal or a static final int constant, or take the launch's dynamic shared memory with"
                            + " context.dynamicSharedDoubles()");
        }
        if (count <= 0) {
            throw Errors.unsupported(sizeTree, "block-shared array of " + count + " elements", "the size must be positive");
        }
        scope.addSharedBytes(count * var.type().element().bytes());
        return "__shared__ " + var.type().c() + " " + var.cName() + "[" + count + "];";
    }

    /**
     * The element type of an allocation ({@code allocateDoubleLocalArray(n)} or {@code dynamicSharedDoubles()}),
     * after checking where it stands and its arguments.
     */
    JType element(MethodInvocationTree call, String local, boolean topLevel) {
        boolean dynamic = isDynamic(call);
        String method = contextMethod(call);
        String what = dynamic ? "dynamic shared memory" : "block-shared array";
        if (!scope.kernel()) {
            throw Errors.unsupported(call, what + " in the @DeviceFunction " + scope.functionName(),
                    "declare it in the kernel and pass it as an argument");
        }
        if (!topLevel) {
            throw Errors.unsupported(call, what + " " + local + " inside a block, branch or loop",
                    "declare it at the top level of the kernel body");
        }
        String kind = dynamic ? method.substring(DYNAMIC_PREFIX.length())
                : method.substring("allocate".length(), method.length() - "LocalArray".length());
        JType element = switch (kind.toLowerCase(Locale.ROOT)) {
            case "double", "doubles" -> JType.DOUBLE;
            case "float", "floats" -> JType.FLOAT;
            case "int", "ints" -> JType.INT;
            case "long", "longs" -> JType.LONG;
            default -> throw Errors.unsupported(call, "KernelContext method " + method, "kernels may call " + ContextCalls.METHODS);
        };
        int arguments = dynamic ? 0 : 1;
        if (call.getArguments().size() != arguments) {
            throw Errors.unsupported(call, method + " with " + call.getArguments().size() + " arguments",
                    dynamic ? "it takes none: the launch gives the size (WorkerGrid.setDynamicSharedBytes)" : "it takes the size");
        }
        return element;
    }

    /**
     * The declaration of {@code var} as the kernel's dynamic shared memory
     * ({@code double* tile = reinterpret_cast<double*>(hf_dynamic_shared);}), once per kernel.
     */
    String declareDynamic(Variable var, MethodInvocationTree call) {
        if (!scope.markDynamicShared(var.javaName())) {
            throw Errors.unsupported(call, "dynamic shared memory taken again as " + var.javaName(), "a kernel takes the"
                    + " launch's dynamic shared memory once (here as " + scope.dynamicSharedName() + "); index one array with"
                    + " offsets for several parts");
        }
        String type = var.type().c();
        return "extern __shared__ __align__(16) unsigned char " + DYNAMIC + "[];\n" + type + "* " + var.cName()
                + " = reinterpret_cast<" + type + "*>(" + DYNAMIC + ");";
    }
}
