package org.holdfast.tornado.compiler;

import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreeScanner;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javax.lang.model.element.ExecutableElement;

/**
 * What the names of one kernel body denote, found the way javac scopes them: parameters and locals
 * (is it an array, is it the KernelContext), and the calls to plain names, with their arguments.
 * Names bound to nothing here are fields or classes.
 */
final class TwinBindings {

    /** A parameter (its index) or a local (index -1), and its type (null where not known). */
    record Local(String name, JType type, int parameter) {

        boolean array() {
            return type != null && type.isArray();
        }

        boolean context() {
            return type == JType.CONTEXT;
        }
    }

    /** A call {@code f(args)} or {@code C.f(args)}: the arguments that are plain names, null for the others. */
    record Call(String callee, MethodInvocationTree tree, List<Local> arguments) {
    }

    private final Map<IdentifierTree, Local> locals = new IdentityHashMap<>();
    private final Set<Tree> methodNames = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Tree> varInitialisers = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Call> calls = new ArrayList<>();

    private TwinBindings() {
    }

    /** The bindings of a method's body; {@code deviceFunctions} are the return types of the class's device functions. */
    static TwinBindings of(ExecutableElement element, MethodTree method, Symbols symbols, Map<String, JType> deviceFunctions) {
        TwinBindings bindings = new TwinBindings();
        bindings.scan(element, method, new TwinTypes(symbols, deviceFunctions, bindings::local));
        return bindings;
    }

    /** The parameter or local an identifier denotes, or null. */
    Local local(IdentifierTree id) {
        return locals.get(id);
    }

    /** Whether a tree is the method-name part of a call ({@code f} of {@code f(x)}, {@code C.f} of {@code C.f(x)}). */
    boolean isMethodName(Tree tree) {
        return methodNames.contains(tree);
    }

    /** Whether an expression initialises a local declared with {@code var}. */
    boolean initialisesVar(Tree tree) {
        return varInitialisers.contains(tree);
    }

    List<Call> calls() {
        return calls;
    }

    private void scan(ExecutableElement element, MethodTree method, TwinTypes types) {
        Deque<Map<String, Local>> scopes = new ArrayDeque<>();
        Map<String, Local> params = new HashMap<>();
        for (int i = 0; i < method.getParameters().size(); i++) {
            VariableTree p = method.getParameters().get(i);
            String name = p.getName().toString();
            params.put(name, new Local(name, Types.of(element.getParameters().get(i).asType()), i));
        }
        scopes.push(params);
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitBlock(BlockTree block, Void unused) {
                return inScope(() -> super.visitBlock(block, unused));
            }

            @Override
            public Void visitForLoop(ForLoopTree loop, Void unused) {
                return inScope(() -> super.visitForLoop(loop, unused));
            }

            /** Scans in a scope of its own: a block, or a for loop with its initialisers. */
            private Void inScope(Supplier<Void> scan) {
                scopes.push(new HashMap<>());
                scan.get();
                scopes.pop();
                return null;
            }

            @Override
            public Void visitVariable(VariableTree variable, Void unused) {
                scan(variable.getInitializer(), unused);
                JType type;
                if (variable.getType() == null || variable.getType().toString().equals("var")) {
                    varInitialisers.add(variable.getInitializer());
                    type = isSharedAllocation(variable.getInitializer()) ? sharedArray(variable.getInitializer()) : types.of(variable.getInitializer());
                } else {
                    type = declared(variable.getType());
                }
                String name = variable.getName().toString();
                scopes.peek().put(name, new Local(name, type, -1));
                return null;
            }

            @Override
            public Void visitIdentifier(IdentifierTree id, Void unused) {
                Local local = lookup(id.getName().toString());
                if (local != null) {
                    locals.put(id, local);
                }
                return null;
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                ExpressionTree select = call.getMethodSelect();
                methodNames.add(select);
                String callee = null;
                if (select instanceof IdentifierTree id) {
                    callee = id.getName().toString();
                } else if (select instanceof MemberSelectTree member) {
                    scan(member.getExpression(), unused);
                    boolean onLocal = member.getExpression() instanceof IdentifierTree q && lookup(q.getName().toString()) != null;
                    callee = onLocal ? null : member.getIdentifier().toString();
                }
                scan(call.getArguments(), unused);
                if (callee != null) {
                    List<Local> arguments = new ArrayList<>();
                    for (ExpressionTree argument : call.getArguments()) {
                        arguments.add(argument instanceof IdentifierTree id ? locals.get(id) : null);
                    }
                    calls.add(new Call(callee, call, arguments));
                }
                return null;
            }

            private Local lookup(String name) {
                for (Map<String, Local> scope : scopes) {
                    Local local = scope.get(name);
                    if (local != null) {
                        return local;
                    }
                }
                return null;
            }
        }.scan(method.getBody(), null);
    }

    /** The type a local's declaration names: a primitive, or an array of one. */
    private static JType declared(Tree type) {
        return switch (type) {
            case PrimitiveTypeTree primitive -> TwinTypes.primitive(primitive.getPrimitiveTypeKind(), primitive);
            case ArrayTypeTree array when declared(array.getType()) != null && declared(array.getType()).isNumeric() ->
                    declared(array.getType()).arrayOf();
            default -> null;
        };
    }

    /** The array type a block-shared allocation returns. */
    private static JType sharedArray(ExpressionTree init) {
        String method = ((MemberSelectTree) ((MethodInvocationTree) init).getMethodSelect()).getIdentifier().toString();
        return switch (method) {
            case "allocateDoubleLocalArray" -> JType.DOUBLE_ARRAY;
            case "allocateFloatLocalArray" -> JType.FLOAT_ARRAY;
            case "allocateIntLocalArray" -> JType.INT_ARRAY;
            default -> JType.LONG_ARRAY;
        };
    }

    /** {@code context.allocateDoubleLocalArray(N)} and its siblings. */
    static boolean isSharedAllocation(ExpressionTree init) {
        return init instanceof MethodInvocationTree call && call.getMethodSelect() instanceof MemberSelectTree select
                && select.getIdentifier().toString().matches("allocate(Double|Float|Int|Long)LocalArray");
    }
}
