package org.holdfast.tornado.compiler;

import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The Holdfast kernel compiler: translates the {@code @Kernel} and {@code @DeviceFunction} methods of
 * each class into CUDA C at build time.
 *
 * <p>For a class {@code p.C} with kernels it writes, next to the class files so that they ship in the jar,
 * {@code META-INF/holdfast/kernels/p.C.cu} (the CUDA C) and {@code META-INF/holdfast/kernels/p.C.properties}
 * (the kernel names, and per kernel whether it uses the block barrier and its block-shared bytes).
 * What a kernel may contain is in {@code docs/kernel-language.md}; anything else is a compile error at
 * the construct. The annotations are recognised by name, so this module does not depend on the API.
 */
public final class KernelProcessor extends AbstractProcessor {

    /** Folder of the generated resources, as {@code KernelMetadata} reads them. */
    public static final String RESOURCE_FOLDER = "META-INF/holdfast/kernels/";

    private final Set<String> done = new HashSet<>();
    private Trees trees;
    private TornadoTwins.Output twins;

    /** Used by javac's service loader. */
    public KernelProcessor() {
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        try {
            trees = Trees.instance(env);
        } catch (IllegalArgumentException e) {
            trees = null;
        }
        twins = TornadoTwins.output(env);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(ClassTranslator.KERNEL, ClassTranslator.DEVICE_FUNCTION, ClassTranslator.PERSISTENT, ClassTranslator.CLUSTER,
                LaunchBoundsMark.LAUNCH_BOUNDS);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(TornadoTwins.OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (annotations.isEmpty()) {
            return false;
        }
        // Classes in a stable order, so that the build is deterministic.
        TreeMap<String, TypeElement> classes = new TreeMap<>();
        for (TypeElement annotation : annotations) {
            for (Element method : round.getElementsAnnotatedWith(annotation)) {
                TypeElement owner = (TypeElement) method.getEnclosingElement();
                classes.put(processingEnv.getElementUtils().getBinaryName(owner).toString(), owner);
            }
        }
        if (trees == null) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "the Holdfast kernel compiler needs javac's Tree API (com.sun.source.util.Trees), which this compiler does not offer");
            return false;
        }
        for (var entry : classes.entrySet()) {
            if (done.add(entry.getKey())) {
                ClassTranslator.Generated generated = new ClassTranslator(processingEnv.getElementUtils(), trees, entry.getValue())
                        .translate();
                if (generated != null && generated.hasKernels()) {
                    write(entry.getKey() + ".cu", generated.cuda(), entry.getValue());
                    write(entry.getKey() + ".properties", generated.properties(), entry.getValue());
                    TornadoTwins.write(processingEnv, trees, entry.getValue(), twins);
                }
            }
        }
        return false;
    }

    private void write(String name, String content, TypeElement origin) {
        Filer filer = processingEnv.getFiler();
        try {
            FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", RESOURCE_FOLDER + name, origin);
            try (Writer out = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                out.write(content);
            }
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "the Holdfast kernel compiler cannot write " + RESOURCE_FOLDER + name + ": " + e.getMessage(), origin);
        }
    }
}
