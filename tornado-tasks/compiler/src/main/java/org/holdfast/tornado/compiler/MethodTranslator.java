package org.holdfast.tornado.compiler;

import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;

/**
 * Translates one kernel or device function: its signature and its body, statement by statement.
 * Errors are reported per statement, so one run names every unsupported construct of a body.
 */
final class MethodTranslator {

    /** CUDA's limit on the static shared memory of one block. */
    static final int MAX_STATIC_SHARED_BYTES = 48 * 1024;

    private final ClassContext cls;
    private final MethodTree method;
    private final FunctionInfo info;
    private final Scope scope;
    private final ExpressionTranslator exprs;
    private final Consumer<KernelError> report;
    private final SpinCheck spins;
    private final SharedArrays shared;
    private final CodeWriter out = new CodeWriter();

    MethodTranslator(ClassContext cls, MethodTree method, FunctionInfo info, Consumer<KernelError> report) {
        this.cls = cls;
        this.method = method;
        this.info = info;
        this.scope = new Scope(info);
        this.exprs = new ExpressionTranslator(cls, scope);
        this.spins = new SpinCheck(cls, scope);
        this.shared = new SharedArrays(scope, exprs);
        this.report = report;
        for (Variable param : info.params()) {
            scope.declare(param);
        }
    }

    /** Translates the body and completes {@code info} with the code, the barrier flag and the shared bytes. */
    void translate() {
        try {
            new DivergentBarrierCheck(cls).check(method);
        } catch (KernelError e) {
            report.accept(e);
        }
        try {
            new SplitClusterBarrierCheck(cls).check(method, info.kernel());
        } catch (KernelError e) {
            report.accept(e);
        }
        out.indent();
        statements(method.getBody(), true);
        out.dedent();
        int staticShared = scope.sharedBytes();
        if (staticShared > MAX_STATIC_SHARED_BYTES) {
            report.accept(new KernelError(method, "block-shared arrays of " + info.javaName() + " take " + staticShared
                    + " bytes: CUDA allows " + MAX_STATIC_SHARED_BYTES + " bytes of static shared memory per block;"
                    + " take more as the launch's dynamic shared memory (context.dynamicSharedDoubles())"));
        }
        Scope.Uses uses = scope.uses();
        String prologue = "";
        if (info.kernel() && info.launch().persistent()) {
            cls.useRuntime("hf_control_block");
            if (uses.stateFeature() != null) {
                cls.useRuntime(DeviceRuntime.STATE_TYPE);
                prologue = "    " + DeviceRuntime.STATE_TYPE + " " + DeviceRuntime.STATE + " = {hf_control, hf_watchdog_ns, 0, false};\n";
            }
        }
        String code = comment() + signature(uses) + "\n{\n" + prologue + out.text() + "}\n";
        info.finish(scope.usesBarrier(), staticShared, scope.dynamicSharedName() != null, uses, code);
    }

    private String comment() {
        return "// " + (info.kernel() ? "@Kernel " : "@DeviceFunction ") + info.javaName() + ", " + cls.fileName() + " line "
                + cls.line(method) + "\n";
    }

    /**
     * The C signature. A device function that waits for other groups takes the persistent state in
     * place of its first KernelContext parameter; a persistent kernel takes the control block and the
     * watchdog's timeout after its Java parameters.
     */
    private String signature(Scope.Uses uses) {
        List<String> params = new ArrayList<>();
        boolean stateParameter = !info.kernel() && uses.stateFeature() != null;
        boolean synchronizes = scope.usesBarrier() || uses.stateFeature() != null || uses.clusterFeature() != null;
        for (Variable p : info.params()) {
            if (p.kind() == Variable.Kind.SPECIALIZED) {
                continue; // a constant of this instance
            }
            if (p.type() == JType.CONTEXT) {
                if (stateParameter) {
                    cls.useRuntime(DeviceRuntime.STATE_TYPE);
                    params.add(DeviceRuntime.STATE_TYPE + "& " + DeviceRuntime.STATE);
                    stateParameter = false;
                }
                continue;
            }
            if (p.type().isArray()) {
                params.add((p.written() ? "" : "const ") + p.type().c() + "*" + (restrict(p, synchronizes) ? " __restrict__ " : " ")
                        + p.cName());
            } else {
                params.add(p.type().c() + " " + p.cName());
            }
        }
        if (info.kernel() && info.launch().persistent()) {
            params.add(DeviceRuntime.CONTROL_PARAMETER);
            params.add(DeviceRuntime.WATCHDOG_PARAMETER);
        }
        String head = info.kernel() ? "extern \"C\" __global__ void " + info.launchBounds()
                : "static __device__ __forceinline__ " + info.returnType().c() + " ";
        return head + info.cName() + "(" + String.join(", ", params) + ")";
    }

    /**
     * Whether array parameter {@code p} is {@code __restrict__}. The qualifier promises that nothing but this
     * pointer touches the array while the function runs, and the compiler reads that as "not even the other
     * threads": in a function that waits for them (a barrier, a cluster barrier, a bounded wait), it may then
     * move a load of the array above the wait, before the value another thread stored is there (seen on the
     * H200: the cluster kernel's block description, written by thread 0 into block-shared memory, read by the
     * others from before the block barrier). So a synchronising device function takes no restricted arrays
     * (its callers may hand it block-shared or another block's memory), and a synchronising kernel keeps the
     * qualifier only on the arrays no thread writes.
     */
    private boolean restrict(Variable p, boolean synchronizes) {
        if (!synchronizes) {
            return true;
        }
        return info.kernel() && !p.written();
    }

    // ----- statements -----

    /** The statements of a block, in a scope of their own. */
    private void statements(BlockTree block, boolean topLevel) {
        scope.push();
        try {
            for (StatementTree s : block.getStatements()) {
                statement(s, topLevel);
            }
        } finally {
            scope.pop();
        }
    }

    private void statement(StatementTree s, boolean topLevel) {
        try {
            switch (s.getKind()) {
                case BLOCK -> {
                    out.line("{");
                    out.indent();
                    statements((BlockTree) s, false);
                    out.dedent();
                    out.line("}");
                }
                case VARIABLE -> {
                    VariableTree v = (VariableTree) s;
                    try {
                        local(v, topLevel);
                    } catch (KernelError e) {
                        scope.declare(Variable.poisoned(v.getName().toString()));
                        throw e;
                    }
                }
                case EXPRESSION_STATEMENT -> out.line(exprs.statement(((ExpressionStatementTree) s).getExpression()) + ";");
                case IF -> ifStatement((IfTree) s, "");
                case FOR_LOOP -> {
                    ForLoopTree f = (ForLoopTree) s;
                    List<Tree> parts = new ArrayList<>(f.getUpdate());
                    parts.add(f.getStatement());
                    spins.check(s, f.getCondition(), parts);
                    forLoop(f);
                }
                case WHILE_LOOP -> {
                    WhileLoopTree w = (WhileLoopTree) s;
                    spins.check(s, w.getCondition(), List.of(w.getStatement()));
                    out.line("while (" + exprs.condition(w.getCondition()).code() + ") {");
                    body(w.getStatement());
                    out.line("}");
                }
                case DO_WHILE_LOOP -> {
                    DoWhileLoopTree d = (DoWhileLoopTree) s;
                    spins.check(s, d.getCondition(), List.of(d.getStatement()));
                    String condition = exprs.condition(d.getCondition()).code();
                    out.line("do {");
                    body(d.getStatement());
                    out.line("} while (" + condition + ");");
                }
                case BREAK -> {
                    if (((BreakTree) s).getLabel() != null) {
                        throw Errors.unsupported(s, "labelled break", "use a flag variable, or return from a @DeviceFunction");
                    }
                    out.line("break;");
                }
                case CONTINUE -> {
                    if (((ContinueTree) s).getLabel() != null) {
                        throw Errors.unsupported(s, "labelled continue", "use a flag variable, or a @DeviceFunction for the inner loop");
                    }
                    out.line("continue;");
                }
                case RETURN -> returnStatement((ReturnTree) s);
                case EMPTY_STATEMENT -> {
                    // nothing to write
                }
                case ENHANCED_FOR_LOOP -> throw Errors.unsupported(s, "for-each loop",
                        "the device does not know array lengths; loop over an index bounded by a length parameter");
                case LABELED_STATEMENT -> throw Errors.unsupported(s, "labelled statement",
                        "use a flag variable, or return from a @DeviceFunction");
                case SWITCH -> throw Errors.unsupported(s, "switch", "use if/else");
                case THROW -> throw Errors.unsupported(s, "throw", "exceptions do not exist on the device");
                case TRY -> throw Errors.unsupported(s, "try", "exceptions do not exist on the device");
                case SYNCHRONIZED -> throw Errors.unsupported(s, "synchronized",
                        "threads of a block synchronise with context.localBarrier()");
                case ASSERT -> throw Errors.unsupported(s, "assert", "check on the host, or write the condition into an output array");
                case CLASS, RECORD, ENUM, INTERFACE -> throw new KernelError(s, "unsupported in a kernel: local "
                        + s.getKind().toString().toLowerCase(Locale.ROOT) + " " + ((ClassTree) s).getSimpleName() + ": kernels have no classes");
                default -> throw Errors.unsupported(s, Errors.describe(s.getKind()), null);
            }
        } catch (KernelError e) {
            report.accept(e);
        }
    }

    /** The body of an if, loop or else: always in braces. */
    private void body(StatementTree s) {
        out.indent();
        if (s instanceof BlockTree block) {
            statements(block, false);
        } else {
            scope.push();
            try {
                statement(s, false);
            } finally {
                scope.pop();
            }
        }
        out.dedent();
    }

    private void ifStatement(IfTree s, String prefix) {
        out.line(prefix + "if (" + exprs.condition(s.getCondition()).code() + ") {");
        body(s.getThenStatement());
        StatementTree otherwise = s.getElseStatement();
        if (otherwise == null) {
            out.line("}");
        } else if (otherwise instanceof IfTree elseIf) {
            try {
                ifStatement(elseIf, "} else ");
            } catch (KernelError e) {
                report.accept(e);
                out.line("}");
            }
        } else {
            out.line("} else {");
            body(otherwise);
            out.line("}");
        }
    }

    private void forLoop(ForLoopTree s) {
        scope.push();
        try {
            List<String> init = new ArrayList<>();
            JType declared = null;
            for (StatementTree i : s.getInitializer()) {
                if (i instanceof VariableTree v) {
                    Local local = declareLocal(v);
                    Variable var = local.variable();
                    if (declared != null && declared != var.type()) {
                        throw Errors.unsupported(v, "for-loop initialiser of two types", null);
                    }
                    init.add((declared == null ? var.type().c() + " " : "") + var.cName() + local.initialiser());
                    declared = var.type();
                } else {
                    init.add(exprs.statement(((ExpressionStatementTree) i).getExpression()));
                }
            }
            String condition = s.getCondition() == null ? "" : " " + exprs.condition(s.getCondition()).code();
            List<String> update = new ArrayList<>();
            for (ExpressionStatementTree u : s.getUpdate()) {
                update.add(exprs.statement(u.getExpression()));
            }
            String updates = update.isEmpty() ? "" : " " + String.join(", ", update);
            if (Unrolling.requested(s, cls.symbols())) {
                out.line("#pragma unroll");
            }
            out.line("for (" + String.join(", ", init) + ";" + condition + ";" + updates + ") {");
            body(s.getStatement());
            out.line("}");
        } finally {
            scope.pop();
        }
    }

    private void returnStatement(ReturnTree s) {
        ExpressionTree value = s.getExpression();
        if (value == null) {
            out.line("return;");
            return;
        }
        if (info.returnType() == JType.VOID) {
            boolean declaredVoid = method.getReturnType() instanceof PrimitiveTypeTree p && p.getPrimitiveTypeKind() == TypeKind.VOID;
            if (!declaredVoid) {
                throw Errors.alreadyReported(s); // the signature's result type is reported already
            }
            throw Errors.unsupported(s, "return of a value from a void method", null);
        }
        Expr e = exprs.expr(value, true);
        exprs.requireScalar(value, e);
        exprs.requireAssignable(value, e, info.returnType());
        out.line("return " + (e.isConstant() ? exprs.convert(e, info.returnType()) : e).code() + ";");
    }

    // ----- locals -----

    private void local(VariableTree v, boolean topLevel) {
        ExpressionTree init = v.getInitializer();
        if (init instanceof MethodInvocationTree call && (shared.isStatic(call) || shared.isDynamic(call))) {
            sharedArray(v, call, topLevel);
            return;
        }
        if (init instanceof MethodInvocationTree call && isContextCall(call, "mapSharedRank")) {
            clusterSharedArray(v, call);
            return;
        }
        if (isArraySelection(v)) {
            selectedArray(v);
            return;
        }
        Unrolling.requireLoopVariable(v, cls.symbols());
        if (PrivateArrays.isCreation(init)) {
            String name = v.getName().toString();
            checkName(v, name);
            out.line(new PrivateArrays(exprs, scope).declare(v, (NewArrayTree) init, declaredType(v), localName(name)));
            return;
        }
        Local local = declareLocal(v);
        boolean constant = v.getModifiers().getFlags().contains(Modifier.FINAL) && init != null;
        out.line((constant ? "const " : "") + local.variable().type().c() + " " + local.variable().cName() + local.initialiser() + ";");
    }

    /** A declared scalar local and the text of its initialiser ({@code " = ..."}, or empty). */
    private record Local(Variable variable, String initialiser) {
    }

    /** Types and declares a scalar local, after translating its initialiser (as Java scopes it). */
    private Local declareLocal(VariableTree v) {
        String name = v.getName().toString();
        checkName(v, name);
        ExpressionTree init = v.getInitializer();
        if (init instanceof MethodInvocationTree call && (shared.isStatic(call) || shared.isDynamic(call))) {
            throw Errors.unsupported(init, "block-shared array allocation here",
                    "it must initialise a local at the top level of a kernel body, as in double[] tile = context.allocateDoubleLocalArray(SIZE);");
        }
        // The initialiser first: for String s = "x" or Runnable r = () -> {}, the value names the construct best.
        Expr value = init == null ? null : exprs.expr(init, true);
        JType type = declaredType(v);
        if (type != null && type.isArray() || value != null && value.type().isArray()) {
            throw Errors.unsupported(v, "array local other than a block-shared array",
                    "index the array parameter itself, or allocate a block-shared array with context.allocateDoubleLocalArray(SIZE)");
        }
        if (value == null && type == null) {
            throw Errors.unsupported(v, "var without an initialiser", null);
        }
        if (value != null) {
            exprs.requireScalar(init, value);
            if (type != null) {
                exprs.requireAssignable(init, value, type);
            }
        }
        JType actual = type != null ? type : value.type();
        Variable var = new Variable(name, localName(name), actual, Variable.Kind.LOCAL);
        if (value != null && value.isConstant() && v.getModifiers().getFlags().contains(Modifier.FINAL)) {
            var.setConstantValue(value.constant());
        }
        scope.declare(var);
        String initialiser = value == null ? "" : " = " + (value.isConstant() ? exprs.convert(value, actual) : value).code();
        return new Local(var, initialiser);
    }

    /** The declared type, or null for {@code var}. */
    private JType declaredType(VariableTree v) {
        Tree type = v.getType();
        if (type == null || type instanceof IdentifierTree id && id.getName().contentEquals("var")) {
            return null;
        }
        if (type instanceof PrimitiveTypeTree p) {
            return Types.primitive(p.getPrimitiveTypeKind(), v);
        }
        if (type instanceof ArrayTypeTree a && a.getType() instanceof PrimitiveTypeTree p) {
            JType element = Types.primitive(p.getPrimitiveTypeKind(), v);
            if (element == JType.BOOLEAN) {
                throw Errors.unsupported(v, "type boolean[]", "arrays of double, float, int or long only");
            }
            return element.arrayOf();
        }
        throw Errors.unsupported(v, "local of type " + type, "kernels use int, long, float, double and boolean");
    }

    /** {@code double[] left = context.mapSharedRank(tile, rank);}: a pointer into another block's shared memory. */
    private void clusterSharedArray(VariableTree v, MethodInvocationTree call) {
        String name = v.getName().toString();
        checkName(v, name);
        Expr mapped = exprs.contextCalls().mapSharedRank(call);
        JType declared = declaredType(v);
        if (declared != null && declared != mapped.type()) {
            throw Errors.typeMismatch(call, mapped.type(), declared.java());
        }
        Variable var = new Variable(name, localName(name), mapped.type(), Variable.Kind.CLUSTER_SHARED);
        scope.declare(var);
        out.line(mapped.type().c() + "* " + var.cName() + " = " + mapped.code() + ";");
    }

    /** {@code double[] in = even ? u : scratch;} (or {@code = u;}): an array local naming one of several arrays. */
    private boolean isArraySelection(VariableTree v) {
        ExpressionTree init = v.getInitializer();
        Tree type = v.getType();
        if (!(type instanceof ArrayTypeTree) || init == null) {
            return false;
        }
        ExpressionTree e = init;
        while (e instanceof ParenthesizedTree p) {
            e = p.getExpression();
        }
        return e instanceof ConditionalExpressionTree || e instanceof IdentifierTree;
    }

    /**
     * An array local that names one of several arrays, chosen once ({@code double[] in = even ? u : scratch;}): a
     * pointer in C ({@code auto in = (even) ? u : scratch;}: const where every array it may name is read-only). Writes
     * through it are writes to each of them; it may not be passed with an array it may name to one call of a function
     * whose arrays are __restrict__ (ExpressionTranslator), so that nothing the compiler assumes about them changes.
     */
    private void selectedArray(VariableTree v) {
        String name = v.getName().toString();
        checkName(v, name);
        JType declared = declaredType(v);
        List<Variable> arrays = new ArrayList<>();
        String code = selection(v.getInitializer(), declared, arrays);
        Variable var = new Variable(name, localName(name), declared, Variable.Kind.SELECTED);
        var.selects(arrays);
        scope.declare(var);
        out.line("auto " + var.cName() + " = " + code + ";");
    }

    /** The C of a selection among arrays of type {@code type}, adding the arrays it may name to {@code arrays}. */
    private String selection(ExpressionTree t, JType type, List<Variable> arrays) {
        ExpressionTree e = t;
        while (e instanceof ParenthesizedTree p) {
            e = p.getExpression();
        }
        if (e instanceof ConditionalExpressionTree c) {
            Expr condition = exprs.expr(c.getCondition(), true);
            if (condition.type() != JType.BOOLEAN) {
                throw Errors.typeMismatch(c.getCondition(), condition.type(), "boolean");
            }
            return "(" + condition.code() + ") ? " + selection(c.getTrueExpression(), type, arrays) + " : "
                    + selection(c.getFalseExpression(), type, arrays);
        }
        Variable array = exprs.arrayVariable(e);
        if (array.type() != type) {
            throw Errors.typeMismatch(e, array.type(), type.java());
        }
        if (array.kind() == Variable.Kind.PRIVATE) {
            throw Errors.unsupported(e, "a per-thread array in an array selection",
                    "per-thread arrays live in registers and are indexed with constants; select among parameters or block-shared arrays");
        }
        for (Variable root : array.roots()) {
            if (!arrays.contains(root)) {
                arrays.add(root);
            }
        }
        return array.cName();
    }

    private boolean isContextCall(MethodInvocationTree call, String method) {
        if (call.getMethodSelect() instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree id) {
            Variable v = scope.lookup(id.getName().toString());
            return v != null && v.type() == JType.CONTEXT && select.getIdentifier().contentEquals(method);
        }
        return false;
    }

    /** A block-shared array local: static ({@code allocateDoubleLocalArray(SIZE)}) or the launch's dynamic shared memory. */
    private void sharedArray(VariableTree v, MethodInvocationTree call, boolean topLevel) {
        String name = v.getName().toString();
        checkName(v, name);
        JType element = shared.element(call, name, topLevel);
        JType declared = declaredType(v);
        if (declared != null && declared != element.arrayOf()) {
            throw Errors.typeMismatch(call, element.arrayOf(), declared.java());
        }
        Variable var = new Variable(name, localName(name), element.arrayOf(), Variable.Kind.SHARED);
        String declaration = shared.isDynamic(call) ? shared.declareDynamic(var, call) : shared.declareStatic(var, call);
        scope.declare(var);
        declaration.lines().forEach(out::line);
    }

    private void checkName(Tree where, String name) {
        if (!CNames.isPlainIdentifier(name)) {
            throw Errors.unsupported(where, "identifier " + name, "CUDA C names are ASCII letters, digits and _");
        }
    }

    private String localName(String name) {
        return variableName(cls, name);
    }

    /** The C name of a local or parameter: escaped when CUDA reserves it or when it would hide a function of the file. */
    static String variableName(ClassContext cls, String name) {
        return cls.isFunctionName(name) && !CNames.isReserved(name) ? CNames.PREFIX + name : CNames.escape(name);
    }
}
