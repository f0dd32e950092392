package org.holdfast.tornado.compiler;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Writes the TornadoVM twin of a kernel class: the same kernels and device functions, in the same
 * order and with the same bodies (comments included), in the form TornadoVM 5.2 compiles.
 *
 * <p>What changes: the class is {@code <Name>TornadoVM} in the same package ({@code Outer_InnerTornadoVM}
 * for a nested class); {@code @Kernel} and {@code @DeviceFunction} go; {@code KernelContext} is
 * TornadoVM's (the same field and method names); an array that lives in global memory becomes
 * TornadoVM's off-heap array ({@code double[]} becomes {@code DoubleArray}, indexing becomes
 * {@code get} and {@code set}), while block-shared arrays stay Java arrays, as TornadoVM's
 * {@code allocateDoubleLocalArray} returns them; constants are qualified by their class (or written as
 * literals where the twin cannot see them); static imports of {@code Math} become {@code Math.f}. So
 * the kernels are written once, in the Holdfast kernel language, and TornadoVM runs the same code.
 *
 * <p>The twin is made after the class has been translated to CUDA C without errors, so its bodies are
 * in the kernel language. A twin is optional: where the class uses what TornadoVM lacks (a persistent
 * or cluster kernel, the grid barrier, atomics, a call TornadoVM cannot compile), each such construct
 * is a warning, no twin is written, and the reasons are kept for whoever looks for the twin
 * ({@link Refused}); the class itself compiles as before.
 */
final class TwinGenerator {

    /** Added to the class name. */
    static final String SUFFIX = "TornadoVM";
    static final String TORNADO_CONTEXT = "uk.ac.manchester.tornado.api.KernelContext";
    static final String TORNADO_ARRAYS = "uk.ac.manchester.tornado.api.types.arrays.";

    /** What the generator made of a class: a twin, or the reasons there is none. */
    sealed interface Outcome {

        String packageName();

        /** The twin's simple name ({@code CTornadoVM}), whether or not it was written. */
        String simpleName();

        default String qualifiedName() {
            return packageName().isEmpty() ? simpleName() : packageName() + "." + simpleName();
        }
    }

    /** A generated twin. */
    record Twin(String packageName, String simpleName, String source) implements Outcome {
    }

    /** No twin: each reason is {@code File.java:line: what TornadoVM lacks}. */
    record Refused(String packageName, String simpleName, List<String> reasons) implements Outcome {

        Refused {
            reasons = List.copyOf(reasons);
        }
    }

    /** Where the arrays passed to an array parameter live. */
    enum Memory {
        GLOBAL, SHARED
    }

    private final Elements elements;
    private final Trees trees;
    private final TypeElement type;
    private CompilationUnitTree unit;
    private final List<String> refusals = new ArrayList<>();

    TwinGenerator(Elements elements, Trees trees, TypeElement type) {
        this.elements = elements;
        this.trees = trees;
        this.type = type;
    }

    /** The twin, or why there is none (each reason also reported as a warning); null where javac has no tree of the class. */
    Outcome generate() {
        TreePath path = trees.getPath(type);
        if (path == null) {
            return null;
        }
        unit = path.getCompilationUnit();
        String twinName = twinName(type);
        TwinSource source = TwinSource.of(trees, unit);
        if (source == null) {
            unsupported(trees.getTree(type), "javac keeps no end positions in this compilation, so the source of "
                    + type.getSimpleName() + " cannot be copied; compile through javax.tools (as Maven and Gradle do) or with -Xjcov");
            return new Refused(packageName(), twinName, refusals);
        }
        Symbols symbols = new Symbols(elements, type, unit);
        List<ExecutableElement> annotated = new ArrayList<>();
        Map<String, JType> deviceFunctions = new LinkedHashMap<>();
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (hasAnnotation(m, ClassTranslator.KERNEL) || hasAnnotation(m, ClassTranslator.DEVICE_FUNCTION)) {
                annotated.add(m);
            }
            if (hasAnnotation(m, ClassTranslator.DEVICE_FUNCTION)) {
                deviceFunctions.put(m.getSimpleName().toString(), Types.of(m.getReturnType()));
            }
        }
        for (ExecutableElement m : annotated) {
            for (String launch : List.of(ClassTranslator.PERSISTENT, ClassTranslator.CLUSTER)) {
                if (hasAnnotation(m, launch)) {
                    unsupported(annotationTree(trees.getTree(m), launch), "kernel " + m.getSimpleName() + " is @" + launch.substring(launch.lastIndexOf('.') + 1)
                            + ", and TornadoVM has no " + (launch.equals(ClassTranslator.PERSISTENT) ? "co-resident (cooperative) launch"
                                    : "thread-block cluster launch"));
                }
            }
        }
        if (!refusals.isEmpty()) {
            return new Refused(packageName(), twinName, refusals);
        }
        Map<String, TwinMethod> methods = new LinkedHashMap<>();
        for (ExecutableElement m : annotated) {
            MethodTree tree = trees.getTree(m);
            methods.put(m.getSimpleName().toString(), new TwinMethod(m, tree, hasAnnotation(m, ClassTranslator.KERNEL),
                    TwinBindings.of(m, tree, symbols, deviceFunctions)));
        }
        Map<String, List<Memory>> memory = arrayMemory(methods);
        Set<String> imports = new TreeSet<>();
        List<String> rendered = new ArrayList<>();
        for (TwinMethod method : methods.values()) {
            TwinBody body = new TwinBody(this, source, symbols, elements, method, deviceFunctions, memory, imports::add);
            rendered.add(body.render());
        }
        if (!refusals.isEmpty()) {
            return new Refused(packageName(), twinName, refusals);
        }
        return new Twin(packageName(), twinName, classText(twinName, imports, rendered));
    }

    private String classText(String twinName, Set<String> imports, List<String> methods) {
        StringBuilder out = new StringBuilder();
        String origin = elements.getBinaryName(type).toString();
        out.append("// TornadoVM twin of ").append(origin).append(" (").append(fileName()).append("), written by the Holdfast kernel compiler.\n");
        out.append("// Do not edit: change the Java source and rebuild. Run TornadoVM with -Dtornado.enable.fma=false, so that\n");
        out.append("// it does not fuse a multiply and an add, to get Java's results bit for bit.\n");
        if (!packageName().isEmpty()) {
            out.append("package ").append(packageName()).append(";\n");
        }
        out.append('\n');
        for (String imported : imports) {
            out.append("import ").append(imported).append(";\n");
        }
        out.append('\n');
        out.append("/**\n");
        out.append(" * The kernels of {@link ").append(relativeName(type)).append("} in TornadoVM's form: the same bodies, with TornadoVM's\n");
        out.append(" * {@code KernelContext} and off-heap arrays for the arrays in global memory.\n");
        out.append(" */\n");
        out.append("public final class ").append(twinName).append(" {\n\n");
        out.append("    private ").append(twinName).append("() {\n    }\n");
        for (String method : methods) {
            out.append('\n').append(method);
        }
        out.append("}\n");
        return out.toString();
    }

    /**
     * Where the arrays each array parameter receives live: a kernel's arrays are global; a device
     * function's parameter takes what its callers pass (a block-shared local, or a parameter of the
     * caller), to a fixed point. A parameter no call reaches is global; one that receives both is an
     * error, because TornadoVM types the two differently.
     */
    private Map<String, List<Memory>> arrayMemory(Map<String, TwinMethod> methods) {
        Map<String, List<Set<Memory>>> found = new LinkedHashMap<>();
        for (TwinMethod m : methods.values()) {
            List<Set<Memory>> params = new ArrayList<>();
            for (int i = 0; i < m.tree().getParameters().size(); i++) {
                params.add(m.kernel() ? EnumSet.of(Memory.GLOBAL) : EnumSet.noneOf(Memory.class));
            }
            found.put(m.name(), params);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (TwinMethod caller : methods.values()) {
                for (TwinBindings.Call call : caller.bindings().calls()) {
                    List<Set<Memory>> callee = found.get(call.callee());
                    if (callee == null || call.arguments().size() != callee.size()) {
                        continue;
                    }
                    for (int i = 0; i < callee.size(); i++) {
                        TwinBindings.Local argument = call.arguments().get(i);
                        if (argument == null || !argument.array()) {
                            continue;
                        }
                        Set<Memory> from = argument.parameter() >= 0 ? found.get(caller.name()).get(argument.parameter())
                                : EnumSet.of(Memory.SHARED);
                        changed |= callee.get(i).addAll(from);
                    }
                }
            }
        }
        Map<String, List<Memory>> memory = new LinkedHashMap<>();
        for (TwinMethod m : methods.values()) {
            List<Memory> params = new ArrayList<>();
            List<Set<Memory>> sets = found.get(m.name());
            for (int i = 0; i < sets.size(); i++) {
                Set<Memory> set = sets.get(i);
                if (set.size() > 1) {
                    VariableTree p = m.tree().getParameters().get(i);
                    unsupported(p, "parameter " + p.getName() + " of " + m.name() + " receives both block-shared and global arrays,"
                            + " which TornadoVM types differently (double[] and DoubleArray); give each its own device function");
                }
                params.add(set.contains(Memory.SHARED) ? Memory.SHARED : Memory.GLOBAL);
            }
            memory.put(m.name(), params);
        }
        return memory;
    }

    // ----- names -----

    /** {@code CTornadoVM} for a top-level class {@code C}, {@code Outer_InnerTornadoVM} for a nested one. */
    static String twinName(TypeElement type) {
        List<String> names = new ArrayList<>();
        for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            names.addFirst(t.getSimpleName().toString());
        }
        return String.join("_", names) + SUFFIX;
    }

    private String packageName() {
        PackageElement pkg = elements.getPackageOf(type);
        return pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
    }

    /** How the twin, in the kernel class's package, names {@code t}: without the package where it is the same one or java.lang. */
    String relativeName(TypeElement t) {
        String name = t.getQualifiedName().toString();
        String pkg = elements.getPackageOf(t).getQualifiedName().toString();
        if (!pkg.isEmpty() && (pkg.equals(packageName()) || pkg.equals("java.lang"))) {
            return name.substring(pkg.length() + 1);
        }
        return name;
    }

    /** Whether code in the twin's package can name {@code e} (a field or a class) and every class around it. */
    boolean accessible(Element e) {
        PackageElement here = elements.getPackageOf(type);
        for (Element at = e; at != null && !(at instanceof PackageElement); at = at.getEnclosingElement()) {
            Set<Modifier> modifiers = at.getModifiers();
            if (modifiers.contains(Modifier.PRIVATE)
                    || !modifiers.contains(Modifier.PUBLIC) && !elements.getPackageOf(at).equals(here)) {
                return false;
            }
        }
        return true;
    }

    private String fileName() {
        String name = unit.getSourceFile().getName();
        return name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
    }

    /** The annotation {@code name} on {@code method} as written (where warnings about it point), else the method. */
    private static Tree annotationTree(MethodTree method, String name) {
        String simple = name.substring(name.lastIndexOf('.') + 1);
        return method.getModifiers().getAnnotations().stream()
                .filter(a -> a.getAnnotationType().toString().equals(simple) || a.getAnnotationType().toString().equals(name))
                .<Tree>map(a -> a).findFirst().orElse(method);
    }

    private static boolean hasAnnotation(ExecutableElement m, String name) {
        return m.getAnnotationMirrors().stream()
                .anyMatch(a -> ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(name));
    }

    // ----- what TornadoVM lacks -----

    /**
     * Records that the twin cannot be written because of {@code tree}: a warning there (the class
     * still compiles: a twin is optional), and a reason for the {@link Refused} outcome.
     */
    void unsupported(Tree tree, String reason) {
        trees.printMessage(Diagnostic.Kind.WARNING, "no TornadoVM twin of " + type.getSimpleName() + ": " + reason, tree, unit);
        long line = unit.getLineMap().getLineNumber(trees.getSourcePositions().getStartPosition(unit, tree));
        refusals.add(fileName() + ":" + line + ": " + reason);
    }

    /** One annotated method and what its body binds. */
    record TwinMethod(ExecutableElement element, MethodTree tree, boolean kernel, TwinBindings bindings) {

        String name() {
            return element.getSimpleName().toString();
        }
    }
}
