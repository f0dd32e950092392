package org.holdfast.tornado.compiler;

import com.sun.source.tree.Tree;
import java.util.function.BiConsumer;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * A kernel's {@code @LaunchBounds(maxThreads, minBlocksPerMultiprocessor)}: CUDA's
 * {@code __launch_bounds__}, written between {@code __global__ void} and the kernel's name.
 */
final class LaunchBoundsMark {

    static final String LAUNCH_BOUNDS = "org.holdfast.tornado.api.LaunchBounds";

    private LaunchBoundsMark() {
    }

    /**
     * The C of {@code method}'s launch bounds with a trailing space, or "" without the annotation.
     * Checks the values and that a {@code @Persistent} block size fits under them.
     */
    static String of(Elements elements, ExecutableElement method, Tree where, boolean kernel, int persistentThreads,
            BiConsumer<Tree, String> error) {
        AnnotationMirror mirror = null;
        for (AnnotationMirror m : method.getAnnotationMirrors()) {
            if (((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(LAUNCH_BOUNDS)) {
                mirror = m;
            }
        }
        if (mirror == null) {
            return "";
        }
        String name = method.getSimpleName().toString();
        if (!kernel) {
            error.accept(where, "@LaunchBounds method " + name + " is not a @Kernel: only kernels are launched");
            return "";
        }
        int maxThreads = 0;
        int minBlocks = 0;
        for (var entry : elements.getElementValuesWithDefaults(mirror).entrySet()) {
            int value = (Integer) entry.getValue().getValue();
            if (entry.getKey().getSimpleName().contentEquals("maxThreads")) {
                maxThreads = value;
            } else {
                minBlocks = value;
            }
        }
        if (maxThreads < 1 || maxThreads > ClassTranslator.MAX_THREADS_PER_BLOCK || minBlocks < 0) {
            error.accept(where, "@LaunchBounds(maxThreads = " + maxThreads + ", minBlocksPerMultiprocessor = " + minBlocks
                    + ") on kernel " + name + ": a block has 1 to " + ClassTranslator.MAX_THREADS_PER_BLOCK
                    + " threads, and the blocks per multiprocessor are 0 (the compiler's choice) or more");
            return "";
        }
        if (persistentThreads > maxThreads) {
            error.accept(where, "@Persistent(threadsPerBlock = " + persistentThreads + ") on kernel " + name
                    + " exceeds its @LaunchBounds(maxThreads = " + maxThreads + ")");
            return "";
        }
        return "__launch_bounds__(" + maxThreads + (minBlocks > 0 ? ", " + minBlocks : "") + ") ";
    }
}
