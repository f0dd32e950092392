package org.holdfast.tornado.compiler;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * Translates the expressions of one function body: infers their Java types (the trees are not
 * attributed during annotation processing), folds constants as javac would, and writes CUDA C that
 * groups every operation as Java parsed it.
 */
final class ExpressionTranslator {

    /** The KernelContext fields and the CUDA C that computes them (CUDA's built-ins are unsigned; Java's ints are not). */
    private static final Map<String, String> CONTEXT_FIELDS = Map.ofEntries(
            Map.entry("globalIdx", "(int)(blockIdx.x * blockDim.x + threadIdx.x)"),
            Map.entry("globalIdy", "(int)(blockIdx.y * blockDim.y + threadIdx.y)"),
            Map.entry("globalIdz", "(int)(blockIdx.z * blockDim.z + threadIdx.z)"),
            Map.entry("localIdx", "(int)threadIdx.x"),
            Map.entry("localIdy", "(int)threadIdx.y"),
            Map.entry("localIdz", "(int)threadIdx.z"),
            Map.entry("groupIdx", "(int)blockIdx.x"),
            Map.entry("groupIdy", "(int)blockIdx.y"),
            Map.entry("groupIdz", "(int)blockIdx.z"),
            Map.entry("globalGroupSizeX", "(int)(gridDim.x * blockDim.x)"),
            Map.entry("globalGroupSizeY", "(int)(gridDim.y * blockDim.y)"),
            Map.entry("globalGroupSizeZ", "(int)(gridDim.z * blockDim.z)"),
            Map.entry("localGroupSizeX", "(int)blockDim.x"),
            Map.entry("localGroupSizeY", "(int)blockDim.y"),
            Map.entry("localGroupSizeZ", "(int)blockDim.z"));

    private final ClassContext cls;
    private final Scope scope;
    private final ContextCalls contextCalls;

    ExpressionTranslator(ClassContext cls, Scope scope) {
        this.cls = cls;
        this.scope = scope;
        this.contextCalls = new ContextCalls(cls, scope, this);
    }

    /** The translator of {@code KernelContext} calls of this body. */
    ContextCalls contextCalls() {
        return contextCalls;
    }

    /** An expression inside another: no assignments, and no calls that write arrays or wait at the barrier. */
    Expr expr(ExpressionTree t) {
        return expr(t, false);
    }

    /**
     * An expression; with {@code whole}, it is the whole initialiser, right-hand side of a local's
     * assignment or returned value, where a call with side effects keeps Java's order.
     */
    Expr expr(ExpressionTree t, boolean whole) {
        switch (t.getKind()) {
            case PARENTHESIZED:
                return expr(((ParenthesizedTree) t).getExpression(), whole);
            case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, BOOLEAN_LITERAL:
                return literal((LiteralTree) t);
            case CHAR_LITERAL:
                throw Errors.unsupported(t, "char literal", "kernels have no char type; use an int");
            case STRING_LITERAL:
                throw Errors.unsupported(t, "string", "kernels have no strings");
            case NULL_LITERAL:
                throw Errors.unsupported(t, "null", "kernels have no references");
            case IDENTIFIER:
                return identifier((IdentifierTree) t);
            case MEMBER_SELECT:
                return memberSelect((MemberSelectTree) t);
            case ARRAY_ACCESS:
                return arrayAccess((ArrayAccessTree) t);
            case METHOD_INVOCATION:
                return invocation((MethodInvocationTree) t, whole);
            case CONDITIONAL_EXPRESSION:
                return conditional((ConditionalExpressionTree) t, whole);
            case TYPE_CAST:
                return cast((TypeCastTree) t, whole);
            case UNARY_PLUS, UNARY_MINUS, BITWISE_COMPLEMENT, LOGICAL_COMPLEMENT:
                return unary((UnaryTree) t, whole);
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT, ASSIGNMENT:
                throw Errors.unsupported(t, "assignment inside an expression",
                        "Java and C order its side effect differently; make it a statement of its own");
            case NEW_CLASS:
                throw Errors.unsupported(t, "object allocation", null);
            case NEW_ARRAY:
                throw Errors.unsupported(t, "array creation",
                        "pass the array as a parameter, declare a block-shared array with context.allocateDoubleLocalArray(SIZE),"
                                + " or a per-thread one as a local: double[] a = new double[SIZE];");
            case LAMBDA_EXPRESSION:
                throw Errors.unsupported(t, "lambda", null);
            case MEMBER_REFERENCE:
                throw Errors.unsupported(t, "method reference", null);
            case INSTANCE_OF:
                throw Errors.unsupported(t, "instanceof", null);
            case SWITCH_EXPRESSION:
                throw Errors.unsupported(t, "switch expression", "use if/else or the conditional operator");
            default:
                if (t instanceof BinaryTree b) {
                    return binary(b, whole);
                }
                if (t instanceof CompoundAssignmentTree) {
                    throw Errors.unsupported(t, "assignment inside an expression",
                            "Java and C order its side effect differently; make it a statement of its own");
                }
                throw Errors.unsupported(t, Errors.describe(t.getKind()), null);
        }
    }

    /** A condition of if, for, while or do-while: a whole expression, evaluated on its own. */
    Expr condition(ExpressionTree t) {
        Expr c = expr(t, true);
        if (c.type() != JType.BOOLEAN) {
            throw Errors.typeMismatch(t, c.type(), "boolean");
        }
        return c;
    }

    // ----- names -----

    private Expr literal(LiteralTree t) {
        JType type = switch (t.getKind()) {
            case INT_LITERAL -> JType.INT;
            case LONG_LITERAL -> JType.LONG;
            case FLOAT_LITERAL -> JType.FLOAT;
            case DOUBLE_LITERAL -> JType.DOUBLE;
            default -> JType.BOOLEAN;
        };
        return Constants.literal(t.getValue(), type, cls.sourceText(t));
    }

    private Expr identifier(IdentifierTree t) {
        String name = t.getName().toString();
        if (name.equals("this") || name.equals("super")) {
            throw Errors.unsupported(t, name, "kernels and device functions are static");
        }
        Variable v = variable(t, name);
        if (v != null && v.kind() == Variable.Kind.SPECIALIZED) {
            return Constants.literal(v.constantValue(), v.type()); // this instance's value
        }
        if (v != null) {
            return new Expr(v.cName() == null ? name : v.cName(), v.type(), Expr.Prec.ATOM, null, v);
        }
        VariableElement field = cls.symbols().field(name);
        if (field != null) {
            return constantField(t, field);
        }
        throw Errors.unsupported(t, "name " + name, "not a parameter, local or compile-time constant");
    }

    private Expr constantField(Tree t, VariableElement field) {
        Object value = Symbols.constantValue(field);
        if (value instanceof String) {
            throw Errors.unsupported(t, "string constant " + field.getSimpleName(), "kernels have no strings");
        }
        if (value == null) {
            throw Errors.unsupported(t, "field " + field.getSimpleName(),
                    "only compile-time constants (static final fields with a constant initialiser) can be read; pass the value as a parameter");
        }
        TypeKind kind = field.asType().getKind();
        JType type = switch (kind) {
            case BOOLEAN -> JType.BOOLEAN;
            case LONG -> JType.LONG;
            case FLOAT -> JType.FLOAT;
            case DOUBLE -> JType.DOUBLE;
            default -> JType.INT; // int, and byte, short and char constants read as int
        };
        return Constants.literal(value, type);
    }

    private Expr memberSelect(MemberSelectTree t) {
        String member = t.getIdentifier().toString();
        if (t.getExpression() instanceof IdentifierTree id) {
            Variable v = variable(id, id.getName().toString());
            if (v != null) {
                if (v.type() == JType.CONTEXT) {
                    String clusterHelper = ContextCalls.CLUSTER_FIELDS.get(member);
                    if (clusterHelper != null) {
                        cls.useRuntime(clusterHelper);
                        return Expr.of(clusterHelper + "()", JType.INT, Expr.Prec.ATOM);
                    }
                    String code = CONTEXT_FIELDS.get(member);
                    if (code == null) {
                        throw Errors.unsupported(t, "KernelContext member " + member,
                                "kernels read the index and size fields (globalIdx, localIdx, groupIdx, globalGroupSizeX, localGroupSizeX and their y and z) and clusterRank, clusterSize, clusterIdx");
                    }
                    return Expr.of(code, JType.INT, Expr.Prec.UNARY);
                }
                if (v.type().isArray() && member.equals("length")) {
                    throw Errors.unsupported(t, "array length",
                            "the device does not know the length of an array; pass it as an int parameter");
                }
                throw Errors.unsupported(t, "member " + member + " of " + v.type().java() + " " + id.getName(), null);
            }
        }
        TypeElement type = cls.symbols().type(t.getExpression());
        if (type != null) {
            VariableElement field = cls.symbols().field(type, member);
            if (field != null) {
                return constantField(t, field);
            }
        }
        throw Errors.unsupported(t, "field access",
                "kernels read parameters, locals, KernelContext fields and compile-time constants");
    }

    private Expr arrayAccess(ArrayAccessTree t) {
        Variable array = arrayVariable(t.getExpression());
        Expr index = expr(t.getIndex());
        requireScalar(t.getIndex(), index);
        if (!index.type().isIntegral()) {
            throw Errors.typeMismatch(t.getIndex(), index.type(), "int");
        }
        return new Expr(array.cName() + "[" + index.code() + "]", array.type().element(), Expr.Prec.ATOM, null, null);
    }

    /** The array variable an argument or indexed expression names. */
    Variable arrayVariable(ExpressionTree t) {
        ExpressionTree e = unwrap(t);
        if (e instanceof IdentifierTree id) {
            Variable v = variable(id, id.getName().toString());
            if (v != null && v.type().isArray()) {
                return v;
            }
        }
        throw Errors.unsupported(t, "array expression", "index an array parameter or block-shared array by its name");
    }

    /** The variable a name denotes, or null; a variable whose declaration failed ends the statement silently. */
    private Variable variable(Tree where, String name) {
        Variable v = scope.lookup(name);
        if (v != null && v.poisoned()) {
            throw Errors.alreadyReported(where);
        }
        return v;
    }

    private static ExpressionTree unwrap(ExpressionTree t) {
        ExpressionTree e = t;
        while (e instanceof ParenthesizedTree p) {
            e = p.getExpression();
        }
        return e;
    }

    // ----- operators -----

    /**
     * A binary operation. An operand inherits {@code whole} (so a call with side effects or an ordered
     * access may stand there) where C keeps Java's order: in {@code &&} and {@code ||}, which C
     * sequences as Java does, and where the other operand reads no memory, so that no order of the two
     * can be told apart.
     */
    private Expr binary(BinaryTree t, boolean whole) {
        boolean sequenced = t.getKind() == Tree.Kind.CONDITIONAL_AND || t.getKind() == Tree.Kind.CONDITIONAL_OR;
        Expr left = expr(t.getLeftOperand(), whole && (sequenced || readsNoMemory(t.getRightOperand())));
        Expr right = expr(t.getRightOperand(), whole && (sequenced || readsNoMemory(t.getLeftOperand())));
        requireScalar(t.getLeftOperand(), left);
        requireScalar(t.getRightOperand(), right);
        return binary(t, t.getKind(), left, right);
    }

    /** {@code left op right} with Java's typing; {@code where} is the tree to blame. */
    Expr binary(Tree where, Tree.Kind op, Expr left, Expr right) {
        switch (op) {
            case MULTIPLY, DIVIDE, REMAINDER, PLUS, MINUS: {
                requireNumeric(where, op, left, right);
                JType type = JType.promote(left.type(), right.type());
                if (left.isConstant() && right.isConstant()) {
                    return Constants.literal(Constants.binary(where, op, type, left.constant(), right.constant()), type);
                }
                if (op == Tree.Kind.REMAINDER && type.isFloating()) {
                    String fn = type == JType.FLOAT ? "fmodf" : "fmod";
                    return Expr.of(fn + "(" + convert(left, type).code() + ", " + convert(right, type).code() + ")", type,
                            Expr.Prec.ATOM);
                }
                return Expr.of(left.operand() + " " + Errors.symbol(op) + " " + right.operand(), type, Expr.Prec.BINARY);
            }
            case LEFT_SHIFT, RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT: {
                if (!left.type().isIntegral() || !right.type().isIntegral()) {
                    throw Errors.badOperands(where, op, left.type(), right.type());
                }
                JType type = left.type();
                int mask = type == JType.INT ? 31 : 63;
                if (left.isConstant() && right.isConstant()) {
                    return Constants.literal(Constants.binary(where, op, type, left.constant(), right.constant()), type);
                }
                String count = shiftCount(right, mask);
                if (op == Tree.Kind.UNSIGNED_RIGHT_SHIFT) {
                    String unsigned = type == JType.INT ? "unsigned int" : "unsigned long long";
                    return Expr.of("(" + type.c() + ")((" + unsigned + ")" + left.atom() + " >> " + count + ")", type,
                            Expr.Prec.UNARY);
                }
                return Expr.of(left.operand() + " " + Errors.symbol(op) + " " + count, type, Expr.Prec.BINARY);
            }
            case LESS_THAN, GREATER_THAN, LESS_THAN_EQUAL, GREATER_THAN_EQUAL, EQUAL_TO, NOT_EQUAL_TO: {
                boolean equality = op == Tree.Kind.EQUAL_TO || op == Tree.Kind.NOT_EQUAL_TO;
                JType type;
                if (equality && left.type() == JType.BOOLEAN && right.type() == JType.BOOLEAN) {
                    type = JType.BOOLEAN;
                } else {
                    requireNumeric(where, op, left, right);
                    type = JType.promote(left.type(), right.type());
                }
                if (left.isConstant() && right.isConstant()) {
                    return Constants.literal(Constants.binary(where, op, type, left.constant(), right.constant()), JType.BOOLEAN);
                }
                return Expr.of(left.operand() + " " + Errors.symbol(op) + " " + right.operand(), JType.BOOLEAN, Expr.Prec.BINARY);
            }
            case CONDITIONAL_AND, CONDITIONAL_OR: {
                if (left.type() != JType.BOOLEAN || right.type() != JType.BOOLEAN) {
                    throw Errors.badOperands(where, op, left.type(), right.type());
                }
                if (left.isConstant() && right.isConstant()) {
                    return Constants.literal(Constants.binary(where, op, JType.BOOLEAN, left.constant(), right.constant()),
                            JType.BOOLEAN);
                }
                return Expr.of(left.operand() + " " + Errors.symbol(op) + " " + right.operand(), JType.BOOLEAN, Expr.Prec.BINARY);
            }
            case AND, OR, XOR: {
                JType type;
                if (left.type() == JType.BOOLEAN && right.type() == JType.BOOLEAN) {
                    type = JType.BOOLEAN;
                } else if (left.type().isIntegral() && right.type().isIntegral()) {
                    type = JType.promote(left.type(), right.type());
                } else {
                    throw Errors.badOperands(where, op, left.type(), right.type());
                }
                if (left.isConstant() && right.isConstant()) {
                    return Constants.literal(Constants.binary(where, op, type, left.constant(), right.constant()), type);
                }
                return Expr.of(left.operand() + " " + Errors.symbol(op) + " " + right.operand(), type, Expr.Prec.BINARY);
            }
            default:
                throw Errors.unsupported(where, "operator " + op, null);
        }
    }

    /** Java masks a shift count to the width of the shifted type: {@code s & 31} for int, {@code s & 63} for long. */
    String shiftCount(Expr count, int mask) {
        if (count.isConstant()) {
            return Long.toString(((Number) count.constant()).longValue() & mask);
        }
        return "(" + count.operand() + " & " + mask + ")";
    }

    private Expr unary(UnaryTree t, boolean whole) {
        Expr operand = expr(t.getExpression(), whole);
        requireScalar(t.getExpression(), operand);
        Tree.Kind op = t.getKind();
        JType type = operand.type();
        boolean ok = switch (op) {
            case LOGICAL_COMPLEMENT -> type == JType.BOOLEAN;
            case BITWISE_COMPLEMENT -> type.isIntegral();
            default -> type.isNumeric();
        };
        if (!ok) {
            throw Errors.unsupported(t, "operator " + Errors.symbol(op) + " on " + type.java(), null);
        }
        if (operand.isConstant()) {
            return Constants.literal(Constants.unary(op, type, operand.constant()), type);
        }
        if (op == Tree.Kind.UNARY_PLUS) {
            return operand;
        }
        return Expr.of(Errors.symbol(op) + operand.atom(), type, Expr.Prec.UNARY);
    }

    /** {@code c ? a : b}; C evaluates c first and then one branch, as Java does, so all three inherit {@code whole}. */
    private Expr conditional(ConditionalExpressionTree t, boolean whole) {
        Expr c = expr(t.getCondition(), whole);
        if (c.type() != JType.BOOLEAN) {
            throw Errors.typeMismatch(t.getCondition(), c.type(), "boolean");
        }
        Expr a = expr(t.getTrueExpression(), whole);
        Expr b = expr(t.getFalseExpression(), whole);
        requireScalar(t.getTrueExpression(), a);
        requireScalar(t.getFalseExpression(), b);
        JType type;
        if (a.type() == JType.BOOLEAN && b.type() == JType.BOOLEAN) {
            type = JType.BOOLEAN;
        } else if (a.type().isNumeric() && b.type().isNumeric()) {
            type = JType.promote(a.type(), b.type());
        } else {
            throw Errors.unsupported(t, "conditional of " + a.type().java() + " and " + b.type().java(), null);
        }
        if (c.isConstant() && a.isConstant() && b.isConstant()) {
            return Constants.literal((Boolean) c.constant() ? a.constant() : b.constant(), type);
        }
        return Expr.of(c.operand() + " ? " + convert(a, type).operand() + " : " + convert(b, type).operand(), type,
                Expr.Prec.CONDITIONAL);
    }

    /** Whether an expression reads no array element and calls nothing but Math: its value does not depend on when it is evaluated. */
    private static boolean readsNoMemory(ExpressionTree t) {
        boolean[] reads = {false};
        new com.sun.source.util.TreeScanner<Void, Void>() {
            @Override
            public Void visitArrayAccess(ArrayAccessTree access, Void unused) {
                reads[0] = true;
                return null;
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                boolean math = call.getMethodSelect() instanceof MemberSelectTree select
                        && select.getExpression() instanceof IdentifierTree owner && owner.getName().contentEquals("Math");
                if (!math) {
                    reads[0] = true;
                    return null;
                }
                return super.visitMethodInvocation(call, unused);
            }
        }.scan(t, null);
        return !reads[0];
    }

    private Expr cast(TypeCastTree t, boolean whole) {
        Tree typeTree = t.getType();
        if (!(typeTree instanceof PrimitiveTypeTree primitive)) {
            throw Errors.unsupported(t, "cast to " + typeTree, "kernels cast between int, long, float and double");
        }
        JType target = Types.primitive(primitive.getPrimitiveTypeKind(), typeTree);
        Expr operand = expr(t.getExpression(), whole);
        requireScalar(t.getExpression(), operand);
        if (target == JType.BOOLEAN || operand.type() == JType.BOOLEAN) {
            if (target == operand.type()) {
                return operand;
            }
            throw Errors.unsupported(t, "cast between boolean and " + (target == JType.BOOLEAN ? operand.type() : target).java(),
                    null);
        }
        if (operand.isConstant()) {
            return Constants.literal(operand.constant(), target);
        }
        return Expr.of("(" + target.c() + ")" + operand.atom(), target, Expr.Prec.UNARY);
    }

    /** {@code e} as a value of {@code type} (a promotion, or an argument of a C function). */
    Expr convert(Expr e, JType type) {
        if (e.type() == type) {
            return e;
        }
        if (e.isConstant()) {
            return Constants.literal(e.constant(), type);
        }
        return Expr.of("(" + type.c() + ")" + e.atom(), type, Expr.Prec.UNARY);
    }

    // ----- calls -----

    private Expr invocation(MethodInvocationTree t, boolean whole) {
        ExpressionTree select = t.getMethodSelect();
        if (select instanceof IdentifierTree id) {
            String name = id.getName().toString();
            if (cls.declaresMethod(name)) {
                return classMethodCall(t, name, whole);
            }
            if (cls.symbols().importsFromMath(name)) {
                return mathCall(t, name);
            }
        } else if (select instanceof MemberSelectTree ms) {
            String name = ms.getIdentifier().toString();
            ExpressionTree receiver = ms.getExpression();
            if (receiver instanceof IdentifierTree rid) {
                Variable v = variable(rid, rid.getName().toString());
                if (v != null && v.type() == JType.CONTEXT) {
                    return contextCalls.call(t, name, whole);
                }
                if (v != null) {
                    throw Errors.unsupported(t, "method call on " + v.type().java() + " " + rid.getName(), null);
                }
            }
            TypeElement type = cls.symbols().type(receiver);
            if (type != null) {
                String qualified = type.getQualifiedName().toString();
                if (qualified.equals("java.lang.Math")) {
                    return mathCall(t, name);
                }
                if (qualified.equals("java.lang.StrictMath")) {
                    throw Errors.unsupported(t, "StrictMath", "use Math; docs/kernel-language.md says how close CUDA's functions are");
                }
                if (type.equals(cls.symbols().owner())) {
                    return classMethodCall(t, name, whole);
                }
                ExecutableElement other = ImportedFunctions.target(cls.symbols(), ms);
                if (other != null) {
                    return importedCall(t, other, whole);
                }
            }
        }
        throw Errors.unsupported(t, "method call",
                "a kernel may call Math functions, @DeviceFunction methods of its own class, and Other.f(...) for a @DeviceFunction of a class compiled with it");
    }

    /** A call {@code Other.f(...)} of a device function of another class ({@link ImportedFunctions}). */
    private Expr importedCall(MethodInvocationTree t, ExecutableElement f, boolean whole) {
        String name = ImportedFunctions.name(f);
        String refusal = ImportedFunctions.refusal(f);
        if (refusal != null) {
            throw Errors.unsupported(t, "call to " + name + ", a device function of another class that " + refusal, ImportedFunctions.HINT);
        }
        FunctionInfo callee = cls.imports().called(f);
        if (callee == null) {
            String why = cls.imports().failure(f);
            if (why == null) {
                throw Errors.alreadyReported(t); // its class reports its errors
            }
            throw Errors.unsupported(t, "call to " + name, why);
        }
        return deviceCall(t, name, callee, whole);
    }

    private Expr mathCall(MethodInvocationTree t, String name) {
        if (!MathLibrary.isSupported(name)) {
            throw Errors.unsupported(t, "Math." + name, "the supported Math functions are " + String.join(", ", MathLibrary.names()));
        }
        List<Expr> args = new ArrayList<>();
        List<JType> types = new ArrayList<>();
        for (ExpressionTree arg : t.getArguments()) {
            Expr a = expr(arg);
            requireScalar(arg, a);
            args.add(a);
            types.add(a.type());
        }
        MathLibrary.Overload overload = MathLibrary.resolve(name, types);
        if (overload == null) {
            throw Errors.unsupported(t, "Math." + name + " of " + Errors.typeList(types), null);
        }
        List<Expr> converted = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            converted.add(convert(args.get(i), overload.params().get(i)));
        }
        if (converted.stream().allMatch(Expr::isConstant)) {
            return Constants.literal(foldMath(t, name, overload, converted), overload.result());
        }
        if (overload.helper() != null) {
            cls.useHelper(overload.helper());
        }
        return overload.emitter().emit(converted);
    }

    /** A Math call on constants, evaluated by Java itself: the value Java would compute, and no C corner case on constants. */
    private static Object foldMath(Tree where, String name, MathLibrary.Overload overload, List<Expr> args) {
        Class<?>[] types = new Class<?>[args.size()];
        Object[] values = new Object[args.size()];
        for (int i = 0; i < args.size(); i++) {
            types[i] = overload.params().get(i).javaClass();
            values[i] = args.get(i).constant();
        }
        try {
            return Math.class.getMethod(name, types).invoke(null, values);
        } catch (InvocationTargetException e) {
            throw new KernelError(where, "integer division by the constant zero (" + Errors.excerpt(where) + ")");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot fold Math." + name, e);
        }
    }

    private Expr classMethodCall(MethodInvocationTree t, String name, boolean whole) {
        if (cls.isKernel(name)) {
            throw Errors.unsupported(t, "call to the kernel " + name,
                    "a kernel cannot call a kernel; move the shared code into a @DeviceFunction");
        }
        if (!cls.isDeviceFunction(name)) {
            throw Errors.unsupported(t, "call to " + name + ", which is not a @DeviceFunction",
                    "annotate the static method " + name + " with @DeviceFunction");
        }
        FunctionInfo callee = cls.deviceFunction(name);
        if (callee == null) {
            throw Errors.alreadyReported(t);
        }
        return deviceCall(t, name, callee, whole);
    }

    /** A call of the device function {@code callee}, called {@code name} in messages. */
    private Expr deviceCall(MethodInvocationTree t, String name, FunctionInfo callee, boolean whole) {
        List<? extends ExpressionTree> args = t.getArguments();
        List<Variable> params = callee.params();
        if (args.size() != params.size()) {
            throw Errors.unsupported(t, "call to " + name + " with " + args.size() + " arguments", name + " takes " + params.size());
        }
        List<String> codes = new ArrayList<>();
        Set<Variable> arrays = new HashSet<>();
        Set<Variable> roots = new HashSet<>();
        boolean statePassed = false;
        for (int i = 0; i < args.size(); i++) {
            Variable param = params.get(i);
            ExpressionTree arg = args.get(i);
            if (param.poisoned()) {
                continue; // its type was reported in the device function's signature
            }
            if (param.type() == JType.CONTEXT) {
                Expr a = expr(arg);
                if (a.type() != JType.CONTEXT) {
                    throw Errors.typeMismatch(arg, a.type(), "KernelContext");
                }
                if (callee.takesState() && !statePassed) {
                    codes.add(DeviceRuntime.STATE); // the first context parameter carries the persistent state
                    statePassed = true;
                }
                continue;
            }
            if (param.type().isArray()) {
                Variable array = arrayVariable(arg);
                if (array.type() != param.type()) {
                    throw Errors.typeMismatch(arg, array.type(), param.type().java());
                }
                if (!arrays.add(array)) {
                    throw Errors.unsupported(t, "the same array " + array.javaName() + " passed twice to " + name,
                            "array parameters are __restrict__ on the device and must not alias");
                }
                if (!callee.synchronizes()) {
                    for (Variable root : array.roots()) {
                        if (!roots.add(root)) {
                            throw Errors.unsupported(t, "two arrays that may both be " + root.javaName() + " passed to " + name,
                                    "the arrays of a function that waits for no other thread are __restrict__ and must not alias;"
                                            + " select the arrays inside it, or pass them to a function that waits at a barrier");
                        }
                    }
                }
                if (param.written()) {
                    array.markWritten();
                }
                codes.add(array.cName());
                continue;
            }
            Expr a = expr(arg);
            requireScalar(arg, a);
            if (!a.type().widensTo(param.type())) {
                throw Errors.typeMismatch(arg, a.type(), param.type().java());
            }
            codes.add(a.isConstant() ? convert(a, param.type()).code() : a.code());
        }
        if (callee.hasEffects() && !whole) {
            throw Errors.unsupported(t, "call to " + name + " inside an expression",
                    name + " writes arrays or waits at the barrier, so Java's order needs it as a statement of its own or a local's initialiser");
        }
        contextCalls.requirePersistentForCall(t, name, callee.uses());
        if (callee.usesBarrier()) {
            scope.markBarrier();
        }
        return Expr.of(callee.cName() + "(" + String.join(", ", codes) + ")", callee.returnType(), Expr.Prec.ATOM);
    }

    // ----- statements made of one expression -----

    /** An expression statement or a for-loop update, without the semicolon. */
    String statement(ExpressionTree t) {
        ExpressionTree e = unwrap(t);
        switch (e.getKind()) {
            case ASSIGNMENT: {
                AssignmentTree a = (AssignmentTree) e;
                Target target = target(a.getVariable(), a);
                Expr value = expr(a.getExpression(), target.variable() != null);
                requireScalar(a.getExpression(), value);
                requireAssignable(a.getExpression(), value, target.type());
                return target.code() + " = " + (value.isConstant() ? convert(value, target.type()).code() : value.code());
            }
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT: {
                UnaryTree u = (UnaryTree) e;
                Target target = target(u.getExpression(), u);
                if (!target.type().isNumeric()) {
                    throw Errors.unsupported(e, "operator " + Errors.symbol(e.getKind()) + " on " + target.type().java(), null);
                }
                return switch (e.getKind()) {
                    case PREFIX_INCREMENT -> "++" + target.code();
                    case PREFIX_DECREMENT -> "--" + target.code();
                    case POSTFIX_INCREMENT -> target.code() + "++";
                    default -> target.code() + "--";
                };
            }
            case METHOD_INVOCATION:
                return expr(e, true).code();
            default:
                if (e instanceof CompoundAssignmentTree c) {
                    return compoundAssignment(c);
                }
                expr(e, true); // names the construct (object allocation, ...) when it is one the subset lacks
                throw Errors.unsupported(e, Errors.describe(e.getKind()) + " as a statement", null);
        }
    }

    /**
     * {@code x op= y} means {@code x = (T) (x op y)} in Java. C's compound operators mean the same for
     * arithmetic, bitwise and (with the count masked) shift operators; float {@code %} and {@code >>>}
     * are written out. Only plain names and array elements with side-effect-free indices can be
     * targets, so writing the target twice is safe.
     */
    private String compoundAssignment(CompoundAssignmentTree c) {
        Target target = target(c.getVariable(), c);
        Expr value = expr(c.getExpression());
        requireScalar(c.getExpression(), value);
        Tree.Kind op = Errors.binaryOf(c.getKind());
        Expr current = Expr.of(target.code(), target.type(), Expr.Prec.ATOM);
        Expr combined = binary(c, op, current, value);
        switch (op) {
            case LEFT_SHIFT, RIGHT_SHIFT:
                return target.code() + " " + Errors.symbol(op) + "= " + shiftCount(value, target.type() == JType.LONG ? 63 : 31);
            case REMAINDER:
                if (target.type().isIntegral() && value.type().isIntegral()) {
                    return target.code() + " %= " + value.code();
                }
                return target.code() + " = " + convert(combined, target.type()).code();
            case UNSIGNED_RIGHT_SHIFT:
                return target.code() + " = " + convert(combined, target.type()).code();
            default:
                return target.code() + " " + Errors.symbol(op) + "= " + value.code();
        }
    }

    /** Where an assignment stores: a local or scalar parameter, or an array element. */
    record Target(String code, JType type, Variable variable) {
    }

    /** The target {@code t} of the assignment {@code whole} (which errors quote). */
    private Target target(ExpressionTree t, Tree whole) {
        ExpressionTree e = unwrap(t);
        if (e instanceof IdentifierTree id) {
            Variable v = variable(id, id.getName().toString());
            if (v == null) {
                throw Errors.unsupported(whole, "assignment to a field", "kernels assign locals, parameters and array elements");
            }
            if (v.type() == JType.CONTEXT) {
                throw Errors.unsupported(whole, "assignment to the KernelContext " + v.javaName(), null);
            }
            if (v.type().isArray()) {
                String what = v.kind() == Variable.Kind.PARAMETER ? "assignment to the array parameter " : "assignment to the array ";
                throw Errors.unsupported(whole, what + v.javaName(), "arrays cannot be reassigned in a kernel");
            }
            return new Target(v.cName(), v.type(), v);
        }
        if (e instanceof ArrayAccessTree access) {
            Expr element = arrayAccess(access);
            Variable array = arrayVariable(access.getExpression());
            array.markWritten();
            return new Target(element.code(), element.type(), null);
        }
        if (e instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree id) {
            Variable v = variable(id, id.getName().toString());
            if (v != null && v.type() == JType.CONTEXT) {
                throw Errors.unsupported(whole, "assignment to a KernelContext field", "the context is read-only in a kernel");
            }
        }
        throw Errors.unsupported(whole, "assignment to a field", "kernels assign locals, parameters and array elements");
    }

    // ----- checks -----

    /** Java's assignment conversion for the subset: identity or widening. */
    void requireAssignable(Tree where, Expr value, JType target) {
        if (!value.type().widensTo(target)) {
            throw Errors.typeMismatch(where, value.type(), target.java());
        }
    }

    /** Rejects arrays, the context and void calls where a value is needed. */
    void requireScalar(Tree where, Expr e) {
        if (e.type().isArray()) {
            throw Errors.unsupported(where, "array " + (e.variable() == null ? "" : e.variable().javaName() + " ") + "used as a value",
                    "arrays can only be indexed or passed to a @DeviceFunction");
        }
        if (e.type() == JType.CONTEXT) {
            throw Errors.unsupported(where, "KernelContext used as a value", "read its fields, or pass it to a @DeviceFunction");
        }
        if (e.type() == JType.VOID) {
            throw Errors.unsupported(where, "void call used as a value", null);
        }
    }

    private static void requireNumeric(Tree where, Tree.Kind op, Expr left, Expr right) {
        if (!left.type().isNumeric() || !right.type().isNumeric()) {
            throw Errors.badOperands(where, op, left.type(), right.type());
        }
    }
}
