package org.holdfast.tornado.compiler;

import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The processor option that asks for TornadoVM twins of kernel classes, and where they go.
 *
 * <p>{@code -Aholdfast.tornadovm=resource} writes the twin of {@code p.C} as the text resource
 * {@code META-INF/holdfast/tornadovm/p/CTornadoVM.java} (Holdfast's TornadoVM module compiles it
 * against a TornadoVM SDK); {@code source} writes it as a generated source that javac compiles with
 * the class (TornadoVM's API must then be on the class path); {@code off}, the default, writes
 * nothing. What a twin looks like is in {@link TwinGenerator}.
 *
 * <p>A class TornadoVM cannot run gets no twin but, with either output, the resource
 * {@code META-INF/holdfast/tornadovm/p/CTornadoVM.unsupported}: the reasons, one a line, so that
 * whoever looks for the twin at run time (Holdfast's TornadoVM modes) can say why there is none.
 */
final class TornadoTwins {

    /** The processor option. */
    static final String OPTION = "holdfast.tornadovm";
    /** Folder of the twins written as resources, followed by the package path. */
    static final String RESOURCE_FOLDER = "META-INF/holdfast/tornadovm/";
    /** Added to the twin's resource name for the reasons a class has no twin. */
    static final String UNSUPPORTED_SUFFIX = ".unsupported";

    /** What the option asks for. */
    enum Output {
        OFF, RESOURCE, SOURCE
    }

    private TornadoTwins() {
    }

    /** The option's value; an unknown value is reported as an error and read as off. */
    static Output output(ProcessingEnvironment env) {
        String value = env.getOptions().get(OPTION);
        if (value == null) {
            return Output.OFF;
        }
        try {
            return Output.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            env.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "-A" + OPTION + "=" + value + ": expected resource, source or off (default: off)");
            return Output.OFF;
        }
    }

    /**
     * Generates and writes the twin of {@code type}, or the reasons it has none (each also a warning
     * at its construct).
     */
    static void write(ProcessingEnvironment env, Trees trees, TypeElement type, Output output) {
        if (output == Output.OFF) {
            return;
        }
        TwinGenerator.Outcome outcome = new TwinGenerator(env.getElementUtils(), trees, type).generate();
        if (outcome == null) {
            return;
        }
        try {
            FileObject file = switch (outcome) {
                case TwinGenerator.Twin twin when output == Output.SOURCE -> env.getFiler().createSourceFile(twin.qualifiedName(), type);
                case TwinGenerator.Twin twin -> env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", resourceName(twin, ".java"), type);
                case TwinGenerator.Refused refused ->
                    env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", resourceName(refused, UNSUPPORTED_SUFFIX), type);
            };
            try (Writer out = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                out.write(switch (outcome) {
                    case TwinGenerator.Twin twin -> twin.source();
                    case TwinGenerator.Refused refused -> "# No TornadoVM twin of " + env.getElementUtils().getBinaryName(type)
                            + ": TornadoVM cannot run what these lines name.\n" + String.join("\n", refused.reasons()) + "\n";
                });
            }
        } catch (IOException e) {
            env.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "the Holdfast kernel compiler cannot write the TornadoVM twin " + outcome.qualifiedName() + ": " + e.getMessage(), type);
        }
    }

    /** Where a twin ({@code .java}) or the reasons for its absence lie in the class output. */
    static String resourceName(TwinGenerator.Outcome twin, String suffix) {
        return RESOURCE_FOLDER + twin.qualifiedName().replace('.', '/') + suffix;
    }
}
