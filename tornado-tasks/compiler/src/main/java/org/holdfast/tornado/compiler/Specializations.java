package org.holdfast.tornado.compiler;

import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * The {@code @Specialize} parameters of a kernel and its instances: one CUDA kernel per combination
 * of their values, named {@code <kernel>_<param><value>...} ({@code streamPass_k8}). Each instance
 * is the kernel's body translated with the parameters bound to its values, as compile-time
 * constants that fold like literals; its C signature leaves them out. The metadata tells the
 * backend which Java arguments choose the instance ({@code KernelMetadata.cudaName}).
 */
final class Specializations {

    static final String SPECIALIZE = "org.holdfast.tornado.api.Specialize";

    /** One specialised parameter: its index among the Java parameters, its name and its values. */
    record Parameter(int index, String name, List<Integer> values) {
    }

    /**
     * One instance: its C name and, per specialised parameter (in parameter order), its value.
     *
     * @param key the values joined by commas, as the metadata keys them
     */
    record Instance(String cName, List<Integer> values, String key) {
    }

    private final List<Parameter> parameters;

    private Specializations(List<Parameter> parameters) {
        this.parameters = List.copyOf(parameters);
    }

    /**
     * The specialised parameters of {@code method}, checked: ints of a kernel, each with at least one
     * value and no value twice. Errors go to {@code error}, at the parameter.
     */
    static Specializations of(ExecutableElement method, MethodTree tree, boolean kernel, BiConsumer<Tree, String> error) {
        List<Parameter> parameters = new ArrayList<>();
        for (int i = 0; i < method.getParameters().size(); i++) {
            VariableElement p = method.getParameters().get(i);
            AnnotationMirror mirror = annotation(p);
            if (mirror == null) {
                continue;
            }
            Tree where = tree.getParameters().get(i);
            String name = p.getSimpleName().toString();
            if (!kernel) {
                error.accept(where, "@Specialize parameter " + name + " of the @DeviceFunction " + method.getSimpleName()
                        + ": only kernel parameters are specialised; pass the value on as an int (a constant argument"
                        + " folds once the device function is inlined)");
                continue;
            }
            if (p.asType().getKind() != TypeKind.INT) {
                error.accept(where, "@Specialize parameter " + name + " is " + p.asType() + ": only int parameters are specialised");
                continue;
            }
            List<Integer> values = values(mirror);
            Set<Integer> distinct = new LinkedHashSet<>(values);
            if (values.isEmpty() || distinct.size() != values.size()) {
                error.accept(where, "@Specialize parameter " + name + " lists " + values + ": give each value once, at least one");
                continue;
            }
            parameters.add(new Parameter(i, name, values));
        }
        return new Specializations(parameters);
    }

    private static AnnotationMirror annotation(VariableElement parameter) {
        for (AnnotationMirror mirror : parameter.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().contentEquals(SPECIALIZE)) {
                return mirror;
            }
        }
        return null;
    }

    private static List<Integer> values(AnnotationMirror mirror) {
        List<Integer> values = new ArrayList<>();
        for (var entry : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals("value") && entry.getValue().getValue() instanceof List<?> list) {
                for (Object item : list) {
                    values.add((Integer) ((AnnotationValue) item).getValue());
                }
            }
        }
        return values;
    }

    boolean any() {
        return !parameters.isEmpty();
    }

    List<Parameter> parameters() {
        return parameters;
    }

    /** Every combination of values, the first parameter's varying slowest, named after {@code kernel}. */
    List<Instance> instances(String kernel) {
        List<Instance> instances = new ArrayList<>();
        instances.add(new Instance(kernel, List.of(), ""));
        for (Parameter p : parameters) {
            List<Instance> longer = new ArrayList<>();
            for (Instance prefix : instances) {
                for (int value : p.values()) {
                    List<Integer> values = new ArrayList<>(prefix.values());
                    values.add(value);
                    String suffix = "_" + p.name() + (value < 0 ? "m" + -(long) value : String.valueOf(value));
                    longer.add(new Instance(prefix.cName() + suffix, values,
                            values.stream().map(String::valueOf).collect(Collectors.joining(","))));
                }
            }
            instances = longer;
        }
        return instances;
    }

    /** The metadata lines of a kernel with these instances (none without specialised parameters). */
    String properties(String kernel) {
        if (!any()) {
            return "";
        }
        StringBuilder p = new StringBuilder();
        p.append(kernel).append(".specialized=")
                .append(parameters.stream().map(s -> String.valueOf(s.index())).collect(Collectors.joining(","))).append('\n');
        for (Instance instance : instances(kernel)) {
            p.append(kernel).append(".instance.").append(instance.key()).append('=').append(instance.cName()).append('\n');
        }
        return p.toString();
    }
}
