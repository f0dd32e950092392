package org.holdfast.tornado.compiler;

import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * Device functions of other classes. A kernel or device function may call {@code Other.f(...)}, a
 * {@code @DeviceFunction} of another class compiled in the same javac run, when f takes only
 * {@code int}, {@code long}, {@code float}, {@code double} and {@code boolean}: arithmetic that
 * several kernel classes share, such as the 5-point update. f is translated in its own class (its
 * constants, the device functions of that class it calls, which may not call a third class's) and
 * written into the caller's file, under its own name, before the caller's functions; so it is
 * inlined like any device function. A class of device functions only gets no file of its own.
 */
final class ImportedFunctions {

    /** The hint of every refused call. */
    static final String HINT = "a device function of another class takes only int, long, float, double and boolean;"
            + " declare this one in the kernel's class";

    /** No functions of other classes. */
    static final ImportedFunctions NONE = new ImportedFunctions();

    /** Each function of another class that this class calls: its translation. */
    private final Map<ExecutableElement, FunctionInfo> called = new HashMap<>();
    /** Each one that could not be translated: why ("its source is not compiled ..."; null where its own class reports it). */
    private final Map<ExecutableElement, String> failed = new HashMap<>();
    /** The functions written into the file, by key ({@code p.Other#f}), in the order they are written. */
    private final Map<String, FunctionInfo> written = new LinkedHashMap<>();
    private final Set<String> helpers = new TreeSet<>();
    private final Set<String> runtime = new TreeSet<>();

    /** The {@code @DeviceFunction} of another class that {@code Other.f} names, or null. */
    static ExecutableElement target(Symbols symbols, MemberSelectTree select) {
        TypeElement type = symbols.type(select.getExpression());
        if (type == null || type.equals(symbols.owner())) {
            return null;
        }
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (m.getSimpleName().contentEquals(select.getIdentifier()) && ClassTranslator.hasAnnotation(m, ClassTranslator.DEVICE_FUNCTION)) {
                return m;
            }
        }
        return null;
    }

    /** The {@code @DeviceFunction} of another class that a call {@code Other.f(...)} calls, or null. */
    static ExecutableElement target(Symbols symbols, MethodInvocationTree call) {
        return call.getMethodSelect() instanceof MemberSelectTree select ? target(symbols, select) : null;
    }

    /** Why {@code f} cannot be called from another class ("takes double[] u"), or null. */
    static String refusal(ExecutableElement f) {
        for (VariableElement p : f.getParameters()) {
            JType type = Types.of(p.asType());
            if (type == null || !type.isScalar()) {
                return "takes " + p.asType() + " " + p.getSimpleName();
            }
        }
        return null;
    }

    /** {@code Other.f}, for messages. */
    static String name(ExecutableElement f) {
        return f.getEnclosingElement().getSimpleName() + "." + f.getSimpleName();
    }

    /** The key of a function in the files it is written into: {@code p.Other#f}. */
    static String key(String binaryClassName, String function) {
        return binaryClassName + "#" + function;
    }

    /** Records {@code f}'s translation, with what its file needs (functions, in order, and helpers). */
    void add(ExecutableElement f, FunctionInfo info, List<String> functionKeys, List<FunctionInfo> functions, Set<String> helpersUsed,
            Set<String> runtimeUsed) {
        called.put(f, info);
        for (int i = 0; i < functionKeys.size(); i++) {
            written.putIfAbsent(functionKeys.get(i), functions.get(i));
        }
        helpers.addAll(helpersUsed);
        runtime.addAll(runtimeUsed);
    }

    /** Records that {@code f} could not be translated: why, or null where its own class reports it. */
    void fail(ExecutableElement f, String why) {
        failed.put(f, why);
    }

    /** The translation of {@code f}, or null. */
    FunctionInfo called(ExecutableElement f) {
        return called.get(f);
    }

    /** Why {@code f} has no translation (null where its own class reports why). */
    String failure(ExecutableElement f) {
        return failed.get(f);
    }

    /** The functions this file holds, by key ({@code p.Other#f}), in the order they are written (each after those it calls). */
    Map<String, FunctionInfo> written() {
        return written;
    }

    /** The Math helpers they use. */
    Set<String> helpers() {
        return helpers;
    }

    /** The device runtime's helpers they use. */
    Set<String> runtime() {
        return runtime;
    }
}
