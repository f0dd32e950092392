package org.holdfast.tornado.compiler;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * The Java type of an expression of a kernel body, as far as a twin needs it (whether a compound
 * assignment to an off-heap array needs a cast back): null where it is not known, and then the twin
 * casts. The body has passed the CUDA translation, so it is in the kernel language.
 */
final class TwinTypes {

    private final Symbols symbols;
    private final Map<String, JType> deviceFunctions;
    private final Function<IdentifierTree, TwinBindings.Local> locals;

    TwinTypes(Symbols symbols, Map<String, JType> deviceFunctions, Function<IdentifierTree, TwinBindings.Local> locals) {
        this.symbols = symbols;
        this.deviceFunctions = deviceFunctions;
        this.locals = locals;
    }

    JType of(ExpressionTree tree) {
        return switch (tree) {
            case null -> null;
            case ParenthesizedTree p -> of(p.getExpression());
            case TypeCastTree cast when cast.getType() instanceof PrimitiveTypeTree t -> primitive(t.getPrimitiveTypeKind(), t);
            case IdentifierTree id when locals.apply(id) != null -> locals.apply(id).type();
            case IdentifierTree id -> field(symbols.field(id.getName().toString()));
            case MemberSelectTree select when select.getExpression() instanceof IdentifierTree q && locals.apply(q) != null ->
                    locals.apply(q).context() ? JType.INT : null;
            case MemberSelectTree select -> {
                TypeElement owner = symbols.type(select.getExpression());
                yield owner == null ? null : field(symbols.field(owner, select.getIdentifier().toString()));
            }
            case ArrayAccessTree access -> {
                JType array = of(access.getExpression());
                yield array != null && array.isArray() ? array.element() : null;
            }
            case MethodInvocationTree call -> call(call);
            case UnaryTree unary -> unary.getKind() == Tree.Kind.LOGICAL_COMPLEMENT ? JType.BOOLEAN : of(unary.getExpression());
            case BinaryTree binary -> binary(binary);
            case ConditionalExpressionTree c -> {
                JType a = of(c.getTrueExpression());
                JType b = of(c.getFalseExpression());
                yield a == null || b == null ? null : a == b ? a : a.isNumeric() && b.isNumeric() ? JType.promote(a, b) : null;
            }
            default -> literal(tree);
        };
    }

    private JType binary(BinaryTree binary) {
        JType left = of(binary.getLeftOperand());
        JType right = of(binary.getRightOperand());
        return switch (binary.getKind()) {
            case LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL, EQUAL_TO, NOT_EQUAL_TO, CONDITIONAL_AND, CONDITIONAL_OR ->
                    JType.BOOLEAN;
            case LEFT_SHIFT, RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> left;
            default -> left == null || right == null ? null
                    : left == JType.BOOLEAN && right == JType.BOOLEAN ? JType.BOOLEAN
                    : left.isNumeric() && right.isNumeric() ? JType.promote(left, right) : null;
        };
    }

    private JType call(MethodInvocationTree call) {
        String name = switch (call.getMethodSelect()) {
            case IdentifierTree id -> id.getName().toString();
            case MemberSelectTree select -> select.getIdentifier().toString();
            default -> "";
        };
        boolean local = call.getMethodSelect() instanceof IdentifierTree || call.getMethodSelect() instanceof MemberSelectTree select
                && symbols.owner().equals(symbols.type(select.getExpression()));
        if (local && deviceFunctions.containsKey(name)) {
            return deviceFunctions.get(name);
        }
        ExecutableElement other = ImportedFunctions.target(symbols, call);
        if (other != null) {
            return Types.of(other.getReturnType());
        }
        List<JType> args = new ArrayList<>();
        for (ExpressionTree argument : call.getArguments()) {
            JType type = of(argument);
            if (type == null) {
                return null;
            }
            args.add(type);
        }
        MathLibrary.Overload overload = MathLibrary.isSupported(name) ? MathLibrary.resolve(name, args) : null;
        return overload == null ? null : overload.result();
    }

    /** A constant's type. */
    private static JType field(VariableElement field) {
        return field == null ? null : primitive(field.asType().getKind(), null);
    }

    /** A primitive type of the kernel language, or null; byte, short and char read as int. */
    static JType primitive(TypeKind kind, Tree where) {
        return switch (kind) {
            case BYTE, SHORT, CHAR -> JType.INT;
            case BOOLEAN, INT, LONG, FLOAT, DOUBLE -> Types.primitive(kind, where);
            default -> null;
        };
    }

    private static JType literal(ExpressionTree tree) {
        return switch (tree.getKind()) {
            case INT_LITERAL, CHAR_LITERAL -> JType.INT;
            case LONG_LITERAL -> JType.LONG;
            case FLOAT_LITERAL -> JType.FLOAT;
            case DOUBLE_LITERAL -> JType.DOUBLE;
            case BOOLEAN_LITERAL -> JType.BOOLEAN;
            default -> null;
        };
    }
}
