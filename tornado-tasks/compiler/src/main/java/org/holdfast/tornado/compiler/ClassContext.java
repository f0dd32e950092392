package org.holdfast.tornado.compiler;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** What every function of one class shares while it is translated. */
final class ClassContext {

    private final Trees trees;
    private final CompilationUnitTree unit;
    private final Symbols symbols;
    private final Set<String> kernels;
    private final Set<String> deviceFunctions;
    private final Set<String> methods;
    private final ImportedFunctions imports;
    private final Set<String> importedNames = new HashSet<>();
    private final Map<String, FunctionInfo> translated = new HashMap<>();
    private final Set<String> helpers = new TreeSet<>();
    private final Set<String> runtime = new TreeSet<>();
    private CharSequence source;

    ClassContext(Trees trees, CompilationUnitTree unit, Symbols symbols, Set<String> kernels, Set<String> deviceFunctions,
            Set<String> methods, ImportedFunctions imports) {
        this.trees = trees;
        this.unit = unit;
        this.symbols = symbols;
        this.kernels = Set.copyOf(kernels);
        this.deviceFunctions = Set.copyOf(deviceFunctions);
        this.methods = Set.copyOf(methods);
        this.imports = imports;
        for (String key : imports.written().keySet()) {
            importedNames.add(key.substring(key.indexOf('#') + 1));
        }
        helpers.addAll(imports.helpers());
        runtime.addAll(imports.runtime());
    }

    Symbols symbols() {
        return symbols;
    }

    boolean isKernel(String name) {
        return kernels.contains(name);
    }

    boolean isDeviceFunction(String name) {
        return deviceFunctions.contains(name);
    }

    /** Whether the class declares a method of this name (annotated or not). */
    boolean declaresMethod(String name) {
        return methods.contains(name);
    }

    /** Whether a local or parameter called {@code name} would hide a function of the generated file. */
    boolean isFunctionName(String name) {
        return kernels.contains(name) || deviceFunctions.contains(name) || importedNames.contains(name);
    }

    /** The device functions of other classes that this class calls, and those written into its file with them. */
    ImportedFunctions imports() {
        return imports;
    }

    /** The translated device function, or null if it failed (its errors are already reported). */
    FunctionInfo deviceFunction(String name) {
        return translated.get(name);
    }

    void addDeviceFunction(FunctionInfo info) {
        translated.put(info.javaName(), info);
    }

    /** Records that the generated file needs a helper. */
    void useHelper(String name) {
        helpers.add(name);
    }

    /** The helpers in use, sorted. */
    Set<String> helpers() {
        return helpers;
    }

    /** Records that the generated file needs a helper of the {@link DeviceRuntime}. */
    void useRuntime(String name) {
        if (!DeviceRuntime.isHelper(name)) {
            throw new IllegalStateException("no device runtime helper " + name);
        }
        runtime.add(name);
    }

    /** The device runtime helpers in use (their dependencies come with them). */
    Set<String> runtimeHelpers() {
        return runtime;
    }

    /** The source text of a tree, or null when it is not available. */
    String sourceText(Tree tree) {
        try {
            if (source == null) {
                source = unit.getSourceFile().getCharContent(true);
            }
        } catch (IOException e) {
            return null;
        }
        SourcePositions positions = trees.getSourcePositions();
        long start = positions.getStartPosition(unit, tree);
        long end = positions.getEndPosition(unit, tree);
        if (start < 0 || end < start || end > source.length()) {
            return null;
        }
        return source.subSequence((int) start, (int) end).toString();
    }

    /** The line of a tree in its file, 1-based. */
    long line(Tree tree) {
        long start = trees.getSourcePositions().getStartPosition(unit, tree);
        return unit.getLineMap().getLineNumber(start);
    }

    /** The simple name of the source file. */
    String fileName() {
        String name = unit.getSourceFile().getName();
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        return name.substring(slash + 1);
    }
}
