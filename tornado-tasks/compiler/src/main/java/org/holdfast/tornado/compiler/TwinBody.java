package org.holdfast.tornado.compiler;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * One kernel or device function of a TornadoVM twin: its javadoc, a header in TornadoVM's types, and
 * its body copied from the source with the edits {@link TwinGenerator} lists.
 */
final class TwinBody {

    /** The KernelContext members of the kernel language; TornadoVM's KernelContext has the same names. */
    private static final Set<String> CONTEXT_FIELDS = Set.of("globalIdx", "globalIdy", "globalIdz", "localIdx", "localIdy", "localIdz",
            "groupIdx", "groupIdy", "groupIdz", "globalGroupSizeX", "globalGroupSizeY", "globalGroupSizeZ", "localGroupSizeX",
            "localGroupSizeY", "localGroupSizeZ");
    private static final Set<String> CONTEXT_METHODS = Set.of("localBarrier", "allocateDoubleLocalArray", "allocateFloatLocalArray",
            "allocateIntLocalArray", "allocateLongLocalArray");

    private final TwinGenerator generator;
    private final TwinSource source;
    private final Symbols symbols;
    private final Elements elements;
    private final TwinGenerator.TwinMethod method;
    private final TwinBindings bindings;
    private final Set<String> deviceFunctions;
    private final List<TwinGenerator.Memory> memory;
    private final Consumer<String> imports;
    private final TwinTypes types;

    TwinBody(TwinGenerator generator, TwinSource source, Symbols symbols, Elements elements, TwinGenerator.TwinMethod method,
            Map<String, JType> deviceFunctionTypes, Map<String, List<TwinGenerator.Memory>> memory, Consumer<String> imports) {
        this.generator = generator;
        this.source = source;
        this.symbols = symbols;
        this.elements = elements;
        this.method = method;
        this.bindings = method.bindings();
        this.deviceFunctions = deviceFunctionTypes.keySet();
        this.memory = memory.get(method.name());
        this.imports = imports;
        this.types = new TwinTypes(symbols, deviceFunctionTypes, bindings::local);
    }

    /** The method as it appears in the twin, indented for a top-level class, ending with a newline. */
    String render() {
        String body = reindent(source.splice(method.tree().getBody(), this::edit));
        return javadoc() + "    " + header() + " " + body + "\n";
    }

    private String javadoc() {
        String doc = elements.getDocComment(method.element());
        if (doc == null || doc.isBlank()) {
            return "";
        }
        StringBuilder out = new StringBuilder("    /**\n");
        for (String line : doc.stripTrailing().split("\n", -1)) {
            String text = line.isEmpty() || line.startsWith(" ") ? line : " " + line;
            out.append(("     *" + text).stripTrailing()).append('\n');
        }
        return out.append("     */\n").toString();
    }

    private String header() {
        ExecutableElement m = method.element();
        StringBuilder out = new StringBuilder();
        for (Modifier modifier : List.of(Modifier.PUBLIC, Modifier.PROTECTED, Modifier.PRIVATE, Modifier.STATIC)) {
            if (m.getModifiers().contains(modifier)) {
                out.append(modifier).append(' ');
            }
        }
        out.append(m.getReturnType()).append(' ').append(m.getSimpleName()).append('(');
        List<String> params = new ArrayList<>();
        for (int i = 0; i < m.getParameters().size(); i++) {
            VariableElement p = m.getParameters().get(i);
            VariableTree tree = method.tree().getParameters().get(i);
            String modifiers = tree.getModifiers().getFlags().contains(Modifier.FINAL) ? "final " : "";
            params.add(modifiers + parameterType(p, i) + " " + p.getSimpleName());
        }
        return out.append(String.join(", ", params)).append(')').toString();
    }

    private String parameterType(VariableElement p, int index) {
        JType type = Types.of(p.asType());
        if (type == JType.CONTEXT) {
            imports.accept(TwinGenerator.TORNADO_CONTEXT);
            return "KernelContext";
        }
        if (type != null && type.isArray() && memory.get(index) == TwinGenerator.Memory.GLOBAL) {
            String array = offHeapArray(type);
            imports.accept(TwinGenerator.TORNADO_ARRAYS + array);
            return array;
        }
        return p.asType().toString();
    }

    /** TornadoVM's off-heap array for a Java array type. */
    static String offHeapArray(JType type) {
        return switch (type) {
            case DOUBLE_ARRAY -> "DoubleArray";
            case FLOAT_ARRAY -> "FloatArray";
            case INT_ARRAY -> "IntArray";
            case LONG_ARRAY -> "LongArray";
            default -> throw new IllegalArgumentException(type + " is not an array type");
        };
    }

    /** Moves the body's lines from the method's column in the source to the twin's (4). */
    private String reindent(String text) {
        int shift = source.column(method.tree()) - 4;
        if (shift == 0) {
            return text;
        }
        String[] lines = text.split("\n", -1);
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            if (shift > 0) {
                int spaces = 0;
                while (spaces < shift && spaces < line.length() && line.charAt(spaces) == ' ') {
                    spaces++;
                }
                lines[i] = line.substring(spaces);
            } else if (!line.isBlank()) {
                lines[i] = " ".repeat(-shift) + line;
            }
        }
        return String.join("\n", lines);
    }

    // ----- edits -----

    private String render(Tree tree) {
        String edited = edit(tree);
        return edited != null ? edited : source.splice(tree, this::edit);
    }

    /** The replacement of a tree, or null to keep its text (its children may still change). */
    private String edit(Tree tree) {
        return switch (tree) {
            case ArrayAccessTree access when globalArray(access.getExpression()) != null ->
                    globalArray(access.getExpression()) + ".get(" + render(access.getIndex()) + ")";
            case AssignmentTree assign when assign.getVariable() instanceof ArrayAccessTree access && globalArray(access.getExpression()) != null ->
                    globalArray(access.getExpression()) + ".set(" + render(access.getIndex()) + ", " + render(assign.getExpression()) + ")";
            case CompoundAssignmentTree assign when assign.getVariable() instanceof ArrayAccessTree access
                    && globalArray(access.getExpression()) != null -> update(access, assign.getKind(), assign.getExpression());
            case UnaryTree unary when isStep(unary) && unary.getExpression() instanceof ArrayAccessTree access
                    && globalArray(access.getExpression()) != null -> update(access, isIncrement(unary) ? "+" : "-", "1", false);
            case BinaryTree equality when (equality.getKind() == Tree.Kind.EQUAL_TO || equality.getKind() == Tree.Kind.NOT_EQUAL_TO)
                    && isContextField(equality.getLeftOperand()) && isContextField(equality.getRightOperand()) ->
                    // TornadoVM's context fields are Integer: compare values, not references.
                    "(int) " + render(equality.getLeftOperand()) + (equality.getKind() == Tree.Kind.EQUAL_TO ? " == " : " != ")
                            + render(equality.getRightOperand());
            case VariableTree local when local.getType() instanceof ArrayTypeTree && local.getInitializer() != null
                    && (unwrapped(local.getInitializer()) instanceof ConditionalExpressionTree
                            || unwrapped(local.getInitializer()) instanceof IdentifierTree) -> {
                // TornadoVM's twins take global arrays as off-heap arrays and track them by parameter: a local naming one is not
                // followed yet.
                generator.unsupported(local, "array selection (" + Errors.excerpt(local) + ") has no TornadoVM twin yet: a twin indexes"
                        + " its array parameters by name");
                yield null;
            }
            case MemberSelectTree select -> memberSelect(select);
            case IdentifierTree id -> identifier(id);
            default -> null;
        };
    }

    private static ExpressionTree unwrapped(ExpressionTree e) {
        ExpressionTree t = e;
        while (t instanceof ParenthesizedTree p) {
            t = p.getExpression();
        }
        return t;
    }

    /** {@code a op= e} as {@code a.set(i, a.get(i) op e)}, cast back to the element type where Java's compound assignment would narrow. */
    private String update(ArrayAccessTree access, Tree.Kind kind, ExpressionTree operand) {
        JType element = elementOf(access);
        JType other = types.of(operand);
        boolean shift = kind == Tree.Kind.LEFT_SHIFT_ASSIGNMENT || kind == Tree.Kind.RIGHT_SHIFT_ASSIGNMENT
                || kind == Tree.Kind.UNSIGNED_RIGHT_SHIFT_ASSIGNMENT;
        boolean narrows = !shift && (other == null || !other.isNumeric() || JType.promote(element, other) != element);
        return update(access, operator(kind), operand(operand), narrows);
    }

    /** {@code a.set(i, a.get(i) op operand)}, with a cast to the element type when {@code narrows}. */
    private String update(ArrayAccessTree access, String operator, String operand, boolean narrows) {
        String array = globalArray(access.getExpression());
        String index = render(access.getIndex());
        String value = array + ".get(" + index + ") " + operator + " " + operand;
        return array + ".set(" + index + ", " + (narrows ? "(" + elementOf(access).java() + ") (" + value + ")" : value) + ")";
    }

    private JType elementOf(ArrayAccessTree access) {
        return Types.of(method.element().getParameters().get(parameterOf(access.getExpression())).asType()).element();
    }

    private String operand(ExpressionTree tree) {
        String text = render(tree);
        return switch (tree.getKind()) {
            case IDENTIFIER, MEMBER_SELECT, METHOD_INVOCATION, ARRAY_ACCESS, PARENTHESIZED, INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL,
                    DOUBLE_LITERAL, BOOLEAN_LITERAL -> text;
            default -> "(" + text + ")";
        };
    }

    private String memberSelect(MemberSelectTree select) {
        String name = select.getIdentifier().toString();
        if (select.getExpression() instanceof IdentifierTree q && bindings.local(q) != null) {
            TwinBindings.Local local = bindings.local(q);
            boolean call = bindings.isMethodName(select);
            if (local.context() && !(call ? CONTEXT_METHODS : CONTEXT_FIELDS).contains(name)) {
                generator.unsupported(select, "KernelContext " + (call ? "method " : "member ") + name + " (" + Errors.excerpt(select)
                        + ") has no TornadoVM equivalent; TornadoVM's KernelContext offers " + String.join(", ", sorted(call ? CONTEXT_METHODS : CONTEXT_FIELDS)));
            } else if (local.context() && bindings.initialisesVar(select)) {
                return "(int) " + select; // TornadoVM's fields are Integer: keep the local an int
            }
            return null;
        }
        TypeElement owner = symbols.type(select.getExpression());
        if (bindings.isMethodName(select)) {
            if (owner != null && owner.equals(symbols.owner()) && deviceFunctions.contains(name)) {
                return name;
            }
            if (owner != null && owner.getQualifiedName().contentEquals("java.lang.Math")) {
                return null;
            }
            ExecutableElement other = ImportedFunctions.target(symbols, select);
            if (other != null && ImportedFunctions.refusal(other) == null && generator.accessible(other)) {
                return generator.relativeName(owner) + "." + name; // plain Java arithmetic: TornadoVM compiles it where it is called
            }
            generator.unsupported(select, "call to " + select + " has no TornadoVM equivalent: a twin calls Math, the class's device functions"
                    + " and those of other classes that take only numbers");
            return null;
        }
        VariableElement field = owner == null ? null : symbols.field(owner, name);
        return field == null || Symbols.constantValue(field) == null ? null : constant(field);
    }

    private String identifier(IdentifierTree id) {
        String name = id.getName().toString();
        if (bindings.local(id) != null) {
            return null;
        }
        if (bindings.isMethodName(id)) {
            if (deviceFunctions.contains(name)) {
                return null;
            }
            if (symbols.importsFromMath(name)) {
                return "Math." + name;
            }
            generator.unsupported(id, "call to " + name + " has no TornadoVM equivalent: a twin calls Math and the class's device functions");
            return null;
        }
        VariableElement field = symbols.field(name);
        return field == null || Symbols.constantValue(field) == null ? null : constant(field);
    }

    /** A constant named by its class where the twin can see it, else its value. */
    private String constant(VariableElement field) {
        TypeElement declaring = (TypeElement) field.getEnclosingElement();
        if (generator.accessible(field)) {
            return generator.relativeName(declaring) + "." + field.getSimpleName();
        }
        return JavaLiterals.of(field.getConstantValue());
    }

    // ----- what a name is -----

    /** The name of the global-memory array parameter an expression names, or null. */
    private String globalArray(ExpressionTree tree) {
        int index = parameterOf(tree);
        if (index < 0 || memory.get(index) != TwinGenerator.Memory.GLOBAL) {
            return null;
        }
        return ((IdentifierTree) tree).getName().toString();
    }

    /** The index of the array parameter an expression names, or -1. */
    private int parameterOf(ExpressionTree tree) {
        if (tree instanceof IdentifierTree id && bindings.local(id) != null && bindings.local(id).array()) {
            return bindings.local(id).parameter();
        }
        return -1;
    }

    private boolean isContextField(ExpressionTree tree) {
        return tree instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree q && bindings.local(q) != null
                && bindings.local(q).context();
    }

    private static boolean isStep(UnaryTree unary) {
        return switch (unary.getKind()) {
            case PREFIX_INCREMENT, POSTFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_DECREMENT -> true;
            default -> false;
        };
    }

    private static boolean isIncrement(UnaryTree unary) {
        return unary.getKind() == Tree.Kind.PREFIX_INCREMENT || unary.getKind() == Tree.Kind.POSTFIX_INCREMENT;
    }

    private static String operator(Tree.Kind kind) {
        return switch (kind) {
            case PLUS_ASSIGNMENT -> "+";
            case MINUS_ASSIGNMENT -> "-";
            case MULTIPLY_ASSIGNMENT -> "*";
            case DIVIDE_ASSIGNMENT -> "/";
            case REMAINDER_ASSIGNMENT -> "%";
            case LEFT_SHIFT_ASSIGNMENT -> "<<";
            case RIGHT_SHIFT_ASSIGNMENT -> ">>";
            case UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> ">>>";
            case AND_ASSIGNMENT -> "&";
            case OR_ASSIGNMENT -> "|";
            case XOR_ASSIGNMENT -> "^";
            default -> throw new IllegalArgumentException(kind + " is not a compound assignment");
        };
    }

    private static List<String> sorted(Set<String> names) {
        return names.stream().sorted().toList();
    }
}
