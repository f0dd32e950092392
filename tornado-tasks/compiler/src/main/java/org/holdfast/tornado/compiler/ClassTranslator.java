package org.holdfast.tornado.compiler;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Translates the kernels and device functions of one class into one CUDA C file and its metadata.
 *
 * <p>Device functions are translated callees first (recursion is refused), so a caller knows which
 * array arguments a call writes; kernels follow in source order.
 */
final class ClassTranslator {

    static final String KERNEL = "org.holdfast.tornado.api.Kernel";
    static final String DEVICE_FUNCTION = "org.holdfast.tornado.api.DeviceFunction";
    static final String PERSISTENT = "org.holdfast.tornado.api.Persistent";
    static final String CLUSTER = "org.holdfast.tornado.api.Cluster";

    /** The largest {@code @Cluster} size (the API's {@code Cluster.MAX_SIZE}; the H200's non-portable limit). */
    static final int MAX_CLUSTER_SIZE = 16;
    /** CUDA's largest block. */
    static final int MAX_THREADS_PER_BLOCK = 1024;

    /**
     * What the compiler writes for a class: its CUDA C and its metadata; nothing for a class without
     * kernels, whose device functions are written into the files of the classes that call them.
     */
    record Generated(String cuda, String properties, boolean hasKernels) {
    }

    /** One annotated method and its tree. */
    private record Annotated(ExecutableElement element, MethodTree tree, boolean kernel) {
    }

    /** A class's methods ready for translation: its context and each function's checked signature, by Java name. */
    private record Prepared(ClassContext cls, List<Annotated> annotated, Map<String, FunctionInfo> headers, Set<String> kernels,
            Set<String> methodNames) {
    }

    /**
     * Device functions of a class that another class calls, translated for that class's file (see
     * {@link #library}), or why they cannot be ({@code failure}; null where their class reports it).
     */
    private record Library(Map<String, FunctionInfo> functions, List<String> keys, List<FunctionInfo> written, Set<String> helpers,
            Set<String> runtime, String failure) {

        static Library failed(String failure) {
            return new Library(Map.of(), List.of(), List.of(), Set.of(), Set.of(), failure);
        }
    }

    private final Elements elements;
    private final Trees trees;
    private final TypeElement type;
    /** Whether this class's device functions are translated for another class's file ({@link #library}): nothing is reported. */
    private final boolean forAnotherClass;
    /** For another class's file: a call of these device functions to a third class's, which is refused, or null. */
    private ExecutableElement thirdClassCall;
    /** Each kernel's {@code @Specialize}d parameters, by Java name. */
    private final Map<String, Specializations> specializations = new HashMap<>();
    private CompilationUnitTree unit;
    private int errors;

    ClassTranslator(Elements elements, Trees trees, TypeElement type) {
        this(elements, trees, type, false);
    }

    private ClassTranslator(Elements elements, Trees trees, TypeElement type, boolean forAnotherClass) {
        this.elements = elements;
        this.trees = trees;
        this.type = type;
        this.forAnotherClass = forAnotherClass;
    }

    /** The generated files, or null when an error was reported. */
    Generated translate() {
        Prepared prepared = prepare(null);
        if (prepared == null) {
            return null; // not from source in this compilation
        }
        ClassContext cls = prepared.cls();
        List<Annotated> annotated = prepared.annotated();
        Map<String, FunctionInfo> headers = prepared.headers();
        List<FunctionInfo> deviceOrder = translateDeviceFunctions(prepared);
        List<FunctionInfo> kernelOrder = new ArrayList<>();
        for (Annotated a : annotated) {
            FunctionInfo info = headers.get(a.element().getSimpleName().toString());
            if (a.kernel() && info != null) {
                for (FunctionInfo instance : instances(info, prepared.kernels(), prepared.methodNames(), a.tree())) {
                    int before = errors;
                    translateBody(cls, a, instance);
                    kernelOrder.add(instance);
                    if (errors > before) {
                        break; // the other instances would report the same errors
                    }
                }
            }
        }
        if (errors > 0) {
            return null;
        }
        return new Generated(cuda(cls, deviceOrder, kernelOrder), properties(kernelOrder), !kernelOrder.isEmpty());
    }

    /**
     * The device functions {@code wanted} and those they call in this class, translated for another
     * class's file. Nothing is reported here: this class's own translation reports its errors.
     */
    private Library library(Set<String> wanted) {
        Prepared prepared = prepare(wanted);
        if (prepared == null) {
            return Library.failed("its source is not compiled with this class: the kernel compiler translates device functions"
                    + " from their source, so compile " + type.getQualifiedName() + " in the same javac run");
        }
        if (thirdClassCall != null) {
            return Library.failed("it calls " + ImportedFunctions.name(thirdClassCall) + ": a device function that other classes"
                    + " call may call Math and the device functions of its own class only");
        }
        List<FunctionInfo> written = translateDeviceFunctions(prepared);
        if (errors > 0) {
            return Library.failed(null);
        }
        String binaryName = elements.getBinaryName(type).toString();
        List<String> keys = new ArrayList<>();
        Map<String, FunctionInfo> byName = new HashMap<>();
        for (FunctionInfo f : written) {
            keys.add(ImportedFunctions.key(binaryName, f.javaName()));
            byName.put(f.javaName(), f);
        }
        return new Library(byName, keys, written, prepared.cls().helpers(), prepared.cls().runtimeHelpers(), null);
    }

    /**
     * The class's annotated methods with their signatures checked, and the device functions of other
     * classes they call translated. With {@code wanted} (for another class's file), only those device
     * functions and the ones they call, and no kernels. Null when the class is not from source.
     */
    private Prepared prepare(Set<String> wanted) {
        TreePath path = trees.getPath(type);
        if (path == null) {
            return null;
        }
        unit = path.getCompilationUnit();
        List<Annotated> annotated = new ArrayList<>();
        Set<String> methodNames = new HashSet<>();
        Map<String, Integer> overloads = new HashMap<>();
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            String name = m.getSimpleName().toString();
            methodNames.add(name);
            overloads.merge(name, 1, Integer::sum);
            boolean kernel = hasAnnotation(m, KERNEL);
            boolean device = hasAnnotation(m, DEVICE_FUNCTION);
            for (String launchAnnotation : List.of(PERSISTENT, CLUSTER)) {
                if (!kernel && annotation(m, launchAnnotation) != null) {
                    String simple = launchAnnotation.substring(launchAnnotation.lastIndexOf('.') + 1);
                    error(trees.getTree(m), "@" + simple + " method " + name + " is not a @Kernel: only kernels are launched"
                            + (launchAnnotation.equals(PERSISTENT) ? " persistent; a device function called by a @Persistent kernel may wait like it"
                                    : " in clusters; a device function called by a @Cluster kernel may use clusters like it"));
                }
            }
            if (!kernel) {
                LaunchBoundsMark.of(elements, m, trees.getTree(m), false, 0, this::error); // an error where it stands
            }
            if (kernel && device) {
                error(trees.getTree(m), "method " + name + " is both @Kernel and @DeviceFunction: choose one");
            } else if (kernel || device) {
                annotated.add(new Annotated(m, trees.getTree(m), kernel));
            }
        }
        Set<String> kernels = new TreeSet<>();
        Set<String> devices = new HashSet<>();
        for (Annotated a : annotated) {
            (a.kernel() ? kernels : devices).add(a.element().getSimpleName().toString());
        }
        Symbols symbols = new Symbols(elements, type, unit);
        if (wanted != null) {
            annotated = reachable(symbols, annotated, devices, wanted);
        }
        ImportedFunctions imports = imports(symbols, annotated, methodNames);
        ClassContext cls = new ClassContext(trees, unit, symbols, kernels, devices, methodNames, imports);
        Map<String, FunctionInfo> headers = new LinkedHashMap<>();
        for (Annotated a : annotated) {
            FunctionInfo header = header(cls, a, overloads.get(a.element().getSimpleName().toString()));
            if (header != null) {
                headers.put(header.javaName(), header);
            }
        }
        return new Prepared(cls, annotated, headers, kernels, methodNames);
    }

    /** The device functions translated, each after those it calls. */
    private List<FunctionInfo> translateDeviceFunctions(Prepared prepared) {
        List<FunctionInfo> deviceOrder = new ArrayList<>();
        for (Annotated a : callOrder(prepared.cls(), prepared.annotated())) {
            FunctionInfo info = prepared.headers().get(a.element().getSimpleName().toString());
            if (info != null) {
                translateBody(prepared.cls(), a, info);
                prepared.cls().addDeviceFunction(info);
                deviceOrder.add(info);
            }
        }
        return deviceOrder;
    }

    /** The device functions named in {@code wanted} and every device function of this class they call. */
    private static List<Annotated> reachable(Symbols symbols, List<Annotated> annotated, Set<String> devices, Set<String> wanted) {
        Map<String, Annotated> byName = new HashMap<>();
        for (Annotated a : annotated) {
            if (!a.kernel()) {
                byName.put(a.element().getSimpleName().toString(), a);
            }
        }
        Set<String> found = new HashSet<>();
        List<String> pending = new ArrayList<>(wanted);
        while (!pending.isEmpty()) {
            String name = pending.remove(pending.size() - 1);
            Annotated a = byName.get(name);
            if (a != null && found.add(name)) {
                for (MethodInvocationTree call : callsTo(symbols, a.tree(), devices)) {
                    pending.add(calledName(call));
                }
            }
        }
        return annotated.stream().filter(a -> !a.kernel() && found.contains(a.element().getSimpleName().toString())).toList();
    }

    /**
     * The device functions of other classes that the annotated methods call ({@link ImportedFunctions}),
     * each translated in its own class, with the functions they call there. A call that cannot be
     * served is reported where it stands, when its method is translated.
     */
    private ImportedFunctions imports(Symbols symbols, List<Annotated> annotated, Set<String> methodNames) {
        Map<String, TypeElement> classes = new TreeMap<>(); // by binary name: a deterministic order
        Map<String, Set<String>> wanted = new HashMap<>();
        Map<ExecutableElement, MethodInvocationTree> firstCall = new LinkedHashMap<>();
        for (Annotated a : annotated) {
            if (a.tree().getBody() == null) {
                continue;
            }
            new TreeScanner<Void, Void>() {
                @Override
                public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                    ExecutableElement f = ImportedFunctions.target(symbols, call);
                    if (f != null && ImportedFunctions.refusal(f) == null) {
                        TypeElement owner = (TypeElement) f.getEnclosingElement();
                        String binary = elements.getBinaryName(owner).toString();
                        classes.put(binary, owner);
                        wanted.computeIfAbsent(binary, k -> new TreeSet<>()).add(f.getSimpleName().toString());
                        firstCall.putIfAbsent(f, call);
                    }
                    return super.visitMethodInvocation(call, unused);
                }
            }.scan(a.tree().getBody(), null);
        }
        if (classes.isEmpty()) {
            return ImportedFunctions.NONE;
        }
        if (forAnotherClass) {
            thirdClassCall = firstCall.keySet().iterator().next();
            return ImportedFunctions.NONE;
        }
        String self = elements.getBinaryName(type).toString();
        ImportedFunctions imports = new ImportedFunctions();
        Map<String, String> owners = new HashMap<>(); // each Java name of the file: the class whose function it is
        for (String name : methodNames) {
            owners.put(name, self);
        }
        for (var entry : classes.entrySet()) {
            Library library = new ClassTranslator(elements, trees, entry.getValue(), true).library(wanted.get(entry.getKey()));
            String clash = clash(library, owners);
            for (ExecutableElement f : firstCall.keySet()) {
                if (!f.getEnclosingElement().equals(entry.getValue())) {
                    continue;
                }
                FunctionInfo info = library.functions().get(f.getSimpleName().toString());
                if (info == null) {
                    imports.fail(f, library.failure());
                } else if (clash != null) {
                    imports.fail(f, "it would make two functions named " + clash + " in the generated file (" + owners.get(clash)
                            + " has one too); rename one of them");
                } else {
                    imports.add(f, info, library.keys(), library.written(), library.helpers(), library.runtime());
                }
            }
            if (clash == null) {
                for (String key : library.keys()) {
                    owners.putIfAbsent(key.substring(key.indexOf('#') + 1), key.substring(0, key.indexOf('#')));
                }
            }
        }
        return imports;
    }

    /** A Java name that a library's functions share with another class's function in the same file, or null. */
    private static String clash(Library library, Map<String, String> owners) {
        for (String key : library.keys()) {
            String name = key.substring(key.indexOf('#') + 1);
            String owner = owners.get(name);
            if (owner != null && !owner.equals(key.substring(0, key.indexOf('#')))) {
                return name;
            }
        }
        return null;
    }

    static boolean hasAnnotation(ExecutableElement m, String name) {
        return annotation(m, name) != null;
    }

    private static AnnotationMirror annotation(ExecutableElement m, String name) {
        for (AnnotationMirror mirror : m.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().contentEquals(name)) {
                return mirror;
            }
        }
        return null;
    }

    /** The int element {@code name} of an annotation, its default when the source leaves it out. */
    private int intElement(AnnotationMirror mirror, String name) {
        for (var entry : elements.getElementValuesWithDefaults(mirror).entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(name) && entry.getValue().getValue() instanceof Integer value) {
                return value;
            }
        }
        throw new IllegalStateException("@" + mirror.getAnnotationType() + " has no int element " + name);
    }

    /** A kernel's launch from its {@code @Persistent} and {@code @Cluster} annotations, checked. */
    private FunctionInfo.Launch launch(ExecutableElement m, MethodTree tree) {
        String name = m.getSimpleName().toString();
        AnnotationMirror persistent = annotation(m, PERSISTENT);
        AnnotationMirror cluster = annotation(m, CLUSTER);
        int threads = 0;
        if (persistent != null) {
            threads = intElement(persistent, "threadsPerBlock");
            if (threads < 1 || threads > MAX_THREADS_PER_BLOCK) {
                error(tree, "@Persistent(threadsPerBlock = " + threads + ") on kernel " + name + ": a block has 1 to "
                        + MAX_THREADS_PER_BLOCK + " threads");
            }
        }
        int clusterSize = 0;
        if (cluster != null) {
            clusterSize = intElement(cluster, "value");
            if ((clusterSize < 1 || clusterSize > MAX_CLUSTER_SIZE) && clusterSize != FunctionInfo.Launch.WHOLE_GRID) {
                error(tree, "@Cluster(" + clusterSize + ") on kernel " + name + ": a cluster has 1 to " + MAX_CLUSTER_SIZE
                        + " blocks (more than 8 is a non-portable size), or is the whole grid (Cluster.WHOLE_GRID)");
            }
        }
        return persistent == null && cluster == null ? FunctionInfo.Launch.PLAIN
                : new FunctionInfo.Launch(persistent != null, threads, clusterSize);
    }

    /** A kernel's instances: itself, or one per combination of its {@code @Specialize}d parameters' values. */
    private List<FunctionInfo> instances(FunctionInfo kernel, Set<String> kernelNames, Set<String> methodNames, Tree where) {
        Specializations specialized = specializations.get(kernel.javaName());
        if (specialized == null || !specialized.any()) {
            return List.of(kernel);
        }
        List<FunctionInfo> instances = new ArrayList<>();
        for (Specializations.Instance instance : specialized.instances(kernel.javaName())) {
            if (methodNames.contains(instance.cName()) || kernelNames.contains(instance.cName())) {
                error(where, "@Kernel method " + kernel.javaName() + ": its instance " + instance.cName()
                        + " has the name of another method of the class; rename one of them");
                return List.of();
            }
            instances.add(kernel.instance(instance.cName(), specialized.parameters(), instance.values()));
        }
        return instances;
    }

    /**
     * Checks the signature of an annotated method; the info without its body, or null when there is no
     * body to check. After an error in the signature the body is still checked (so that one build
     * names every problem): a bad parameter is a stand-in whose uses are not reported again.
     */
    private FunctionInfo header(ClassContext cls, Annotated a, int sameName) {
        ExecutableElement m = a.element();
        MethodTree tree = a.tree();
        String name = m.getSimpleName().toString();
        String what = (a.kernel() ? "@Kernel" : "@DeviceFunction") + " method " + name;
        if (!m.getModifiers().contains(Modifier.STATIC)) {
            error(tree, what + " must be static: " + (a.kernel() ? "kernels are public static void methods" : "device functions are static methods"));
        }
        if (a.kernel() && !m.getModifiers().contains(Modifier.PUBLIC)) {
            error(tree, what + " must be public: kernels are public static void methods");
        }
        if (tree.getBody() == null) {
            error(tree, what + " has no body");
        }
        if (!m.getTypeParameters().isEmpty()) {
            error(tree, what + " is generic: kernels and device functions have no type parameters");
        }
        if (sameName > 1) {
            error(tree, what + " is overloaded: " + (a.kernel() ? "a CUDA kernel has a C name, so give each overload its own name"
                    : "give each overload its own name"));
        }
        if (!CNames.isPlainIdentifier(name)) {
            error(tree, what + " has a name CUDA C cannot spell: use ASCII letters, digits and _");
        } else if (a.kernel() && CNames.isReserved(name)) {
            error(tree, what + ": the name " + name + " is reserved in CUDA C (a keyword, a built-in, or the prefix hf_ or _); rename the method");
        }
        JType result = Types.of(m.getReturnType());
        if (a.kernel() && result != JType.VOID) {
            error(tree, what + " must return void: a kernel writes its results into array parameters");
        } else if (!a.kernel() && (result == null || !(result.isScalar() || result == JType.VOID))) {
            error(tree, what + " returns " + m.getReturnType() + ": a device function returns void, int, long, float, double or boolean");
        }
        if (result == null || !(result.isScalar() || result == JType.VOID)) {
            result = JType.VOID; // reported above; its return statements are checked as in a void method
        }
        List<Variable> params = new ArrayList<>();
        for (int i = 0; i < m.getParameters().size(); i++) {
            VariableElement p = m.getParameters().get(i);
            Tree paramTree = tree.getParameters().get(i);
            JType t = Types.of(p.asType());
            String pname = p.getSimpleName().toString();
            if (t == null || t == JType.VOID) {
                error(paramTree, Errors.unsupported(paramTree, "parameter type " + p.asType(),
                        "kernels take int, long, float, double, boolean, arrays of double, float, int or long, and KernelContext").getMessage());
                params.add(Variable.poisoned(pname));
                continue;
            }
            if (!CNames.isPlainIdentifier(pname)) {
                error(paramTree, Errors.unsupported(paramTree, "identifier " + pname, "CUDA C names are ASCII letters, digits and _").getMessage());
                params.add(Variable.poisoned(pname));
                continue;
            }
            params.add(new Variable(pname, t == JType.CONTEXT ? null : MethodTranslator.variableName(cls, pname), t,
                    Variable.Kind.PARAMETER));
        }
        Specializations specialized = Specializations.of(m, tree, a.kernel(), this::error);
        if (tree.getBody() == null) {
            return null;
        }
        FunctionInfo.Launch launch = a.kernel() ? launch(m, tree) : FunctionInfo.Launch.PLAIN;
        FunctionInfo info = new FunctionInfo(name, a.kernel() ? name : CNames.function(name), a.kernel(), result, params, launch);
        if (a.kernel()) {
            specializations.put(name, specialized);
            info.setLaunchBounds(LaunchBoundsMark.of(elements, m, tree, true, launch.persistent() ? launch.threadsPerBlock() : 0,
                    this::error));
        }
        return info;
    }

    private void translateBody(ClassContext cls, Annotated a, FunctionInfo info) {
        new MethodTranslator(cls, a.tree(), info, this::report).translate();
    }

    /**
     * The device functions, each after the ones it calls; ties keep source order. A call that closes a
     * cycle is reported as recursion and its functions are left out.
     */
    private List<Annotated> callOrder(ClassContext cls, List<Annotated> annotated) {
        Map<String, Annotated> devices = new LinkedHashMap<>();
        for (Annotated a : annotated) {
            if (!a.kernel()) {
                devices.put(a.element().getSimpleName().toString(), a);
            }
        }
        Map<String, List<MethodInvocationTree>> calls = new HashMap<>();
        for (Annotated a : devices.values()) {
            calls.put(a.element().getSimpleName().toString(), callsTo(cls.symbols(), a.tree(), devices.keySet()));
        }
        List<Annotated> order = new ArrayList<>();
        Set<String> done = new HashSet<>();
        Set<String> recursive = new HashSet<>();
        for (String name : devices.keySet()) {
            visit(name, new ArrayList<>(), devices, calls, done, recursive, order);
        }
        order.removeIf(a -> recursive.contains(a.element().getSimpleName().toString()));
        return order;
    }

    private void visit(String name, List<String> stack, Map<String, Annotated> devices, Map<String, List<MethodInvocationTree>> calls,
            Set<String> done, Set<String> recursive, List<Annotated> order) {
        if (done.contains(name)) {
            return;
        }
        stack.add(name);
        for (MethodInvocationTree call : calls.get(name)) {
            String callee = calledName(call);
            int cycle = stack.indexOf(callee);
            if (cycle >= 0) {
                List<String> chain = new ArrayList<>(stack.subList(cycle, stack.size()));
                chain.add(callee);
                recursive.addAll(chain);
                error(call, "unsupported in a kernel: recursion (" + Errors.excerpt(call) + "): " + String.join(" -> ", chain)
                        + "; write a loop instead");
            } else {
                visit(callee, stack, devices, calls, done, recursive, order);
            }
        }
        stack.remove(stack.size() - 1);
        done.add(name);
        order.add(devices.get(name));
    }

    /** The calls in a body to the class's device functions, in source order. */
    private static List<MethodInvocationTree> callsTo(Symbols symbols, MethodTree method, Set<String> devices) {
        List<MethodInvocationTree> found = new ArrayList<>();
        if (method.getBody() == null) {
            return found;
        }
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                String name = calledName(call);
                boolean local = call.getMethodSelect() instanceof IdentifierTree
                        || call.getMethodSelect() instanceof MemberSelectTree select
                        && symbols.owner().equals(symbols.type(select.getExpression()));
                if (local && devices.contains(name)) {
                    found.add(call);
                }
                return super.visitMethodInvocation(call, unused);
            }
        }.scan(method.getBody(), null);
        return found;
    }

    /** The method a call names ({@code f(x)} or {@code Owner.f(x)}), or "" for another shape. */
    static String calledName(MethodInvocationTree call) {
        return switch (call.getMethodSelect()) {
            case IdentifierTree id -> id.getName().toString();
            case MemberSelectTree select -> select.getIdentifier().toString();
            default -> "";
        };
    }

    // ----- output -----

    private String cuda(ClassContext cls, List<FunctionInfo> devices, List<FunctionInfo> kernels) {
        StringBuilder cu = new StringBuilder();
        cu.append("// CUDA C generated by the Holdfast kernel compiler from ").append(elements.getBinaryName(type))
                .append(" (").append(cls.fileName()).append(").\n");
        cu.append("// Do not edit: change the Java source and rebuild. Compile with --fmad=false (Java never fuses a multiply and an add).\n");
        cu.append(DeviceRuntime.definitions(cls.runtimeHelpers()));
        for (String helper : cls.helpers()) {
            cu.append('\n').append(MathLibrary.helperDefinition(helper));
        }
        for (FunctionInfo f : cls.imports().written().values()) {
            cu.append('\n').append(f.code());
        }
        for (FunctionInfo f : devices) {
            cu.append('\n').append(f.code());
        }
        for (FunctionInfo k : kernels) {
            cu.append('\n').append(k.code());
        }
        return cu.toString();
    }

    private String properties(List<FunctionInfo> kernels) {
        Map<String, FunctionInfo> sorted = new java.util.TreeMap<>();
        Map<String, Integer> sharedBytes = new HashMap<>();
        Map<String, Boolean> barrier = new HashMap<>();
        for (FunctionInfo k : kernels) {
            sorted.putIfAbsent(k.javaName(), k); // a specialised kernel's instances share its metadata
            sharedBytes.merge(k.javaName(), k.sharedBytes(), Math::max);
            barrier.merge(k.javaName(), k.usesBarrier(), Boolean::logicalOr);
        }
        StringBuilder p = new StringBuilder();
        p.append("# Generated by the Holdfast kernel compiler from ").append(elements.getBinaryName(type)).append("; do not edit.\n");
        p.append("kernels=").append(String.join(",", sorted.keySet())).append('\n');
        for (FunctionInfo k : sorted.values()) {
            p.append(k.javaName()).append(".barrier=").append(barrier.get(k.javaName())).append('\n');
            p.append(k.javaName()).append(".sharedBytes=").append(sharedBytes.get(k.javaName())).append('\n');
            p.append(specializations.get(k.javaName()).properties(k.javaName()));
            if (k.dynamicShared()) {
                p.append(k.javaName()).append(".dynamicShared=true\n");
            }
            FunctionInfo.Launch launch = k.launch();
            if (launch.persistent()) {
                p.append(k.javaName()).append(".persistent=true\n");
                p.append(k.javaName()).append(".threadsPerBlock=").append(launch.threadsPerBlock()).append('\n');
                p.append(k.javaName()).append(".gridBarrier=").append(k.uses().gridBarrier()).append('\n');
            }
            if (launch.clusterSize() > 0) {
                p.append(k.javaName()).append(".clusterSize=").append(launch.clusterSize()).append('\n');
            } else if (launch.clusterSize() == FunctionInfo.Launch.WHOLE_GRID) {
                p.append(k.javaName()).append(".clusterSize=grid\n"); // KernelMetadata.WHOLE_GRID_CLUSTER
            }
        }
        return p.toString();
    }

    // ----- errors -----

    private void report(KernelError e) {
        if (e.getMessage() == null) {
            errors++; // a device function it calls failed; that error is reported already
            return;
        }
        error(e.tree(), e.getMessage());
    }

    private void error(Tree tree, String message) {
        errors++;
        if (!forAnotherClass) { // a class translated for another's file is reported by its own translation
            trees.printMessage(Diagnostic.Kind.ERROR, message, tree, unit);
        }
    }
}
