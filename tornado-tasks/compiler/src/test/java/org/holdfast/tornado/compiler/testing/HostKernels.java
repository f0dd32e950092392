package org.holdfast.tornado.compiler.testing;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.WatchdogExpiredException;

/**
 * The CUDA C that the kernel compiler generated for a class, compiled for the CPU with g++ and called
 * through {@code java.lang.foreign}: a way to execute the translated code without a GPU.
 *
 * <p>The generated {@code .cu} is compiled as C++ after a prelude (test resource
 * {@code holdfast/testing/cuda_host_prelude.h}) that defines what it uses from CUDA. For each kernel a
 * launcher {@code hf_launch_<kernel>(grid, block, args)} runs the whole grid: blocks one after another,
 * the threads of a block as a loop, or as pthreads with a pthread barrier when the kernel waits at
 * the block barrier. Arguments go as in {@code cuLaunchKernel}: an array of pointers to each value.
 * Arrays are copied to native memory before the launch and back after it.
 *
 * <p>A {@code @Persistent} kernel runs with every thread of every block at once (pthreads), gets a
 * zeroed control block and the watchdog's timeout after its arguments as on the GPU, and a wait that
 * expires ends the launch with the {@link WatchdogExpiredException} the CUDA backend would raise.
 */
public final class HostKernels implements AutoCloseable {

    /** g++ options: no contraction into FMA (CUDA is compiled with --fmad=false), wrap-around int arithmetic. */
    public static final List<String> GXX_OPTIONS = List.of("-std=c++17", "-O2", "-fPIC", "-shared", "-pthread",
            "-ffp-contract=off", "-fwrapv", "-Wall", "-Wno-unused-function", "-Wno-unused-variable", "-Wno-unknown-pragmas");

    private static final String PRELUDE = "holdfast/testing/cuda_host_prelude.h";

    /** The watchdog of a persistent launch, as the native library's default. */
    public static final double DEFAULT_WATCHDOG_SECONDS = 10.0;

    /** What a persistent launcher reports: the error line (wait, block, step, index; a grid barrier's index is its arrivals). */
    private static final int REPORT_INTS = 4;
    /** The generated declaration of dynamic shared memory, and what stands for it on the host (the prelude's buffer). */
    private static final String DYNAMIC_SHARED_DECLARATION = "extern __shared__ __align__(16) unsigned char hf_dynamic_shared[];";
    private static final String DYNAMIC_SHARED_ON_HOST = "unsigned char* hf_dynamic_shared = hf_host_dynamic_shared;";

    /** How each kernel runs on the host. */
    public enum Execution {
        /** Blocks one after another, threads in a loop. */
        SEQUENTIAL,
        /** Blocks one after another, each block's threads as pthreads with a block barrier. */
        BLOCK_BARRIER,
        /** A persistent kernel: every thread of every block at once, with a control block and the watchdog. */
        PERSISTENT;

        static Execution of(KernelMetadata metadata, Method kernel) {
            return metadata.isPersistent(kernel) ? PERSISTENT : metadata.usesBarrier(kernel) ? BLOCK_BARRIER : SEQUENTIAL;
        }
    }

    private final Arena arena;
    private final Map<String, Method> kernels;
    private final Map<String, Execution> executions;
    private final Map<String, MethodHandle> launchers = new LinkedHashMap<>();
    private final MethodHandle setDynamicShared;

    private HostKernels(Arena arena, SymbolLookup library, Map<String, Method> kernels, Map<String, Execution> executions) {
        this.arena = arena;
        this.kernels = kernels;
        this.executions = executions;
        Linker linker = Linker.nativeLinker();
        for (String name : kernels.keySet()) {
            MemorySegment symbol = library.find("hf_launch_" + name)
                    .orElseThrow(() -> new IllegalStateException("no launcher for kernel " + name));
            FunctionDescriptor descriptor = executions.get(name) == Execution.PERSISTENT
                    ? FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS)
                    : FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
            launchers.put(name, linker.downcallHandle(symbol, descriptor));
        }
        setDynamicShared = linker.downcallHandle(library.find("hf_host_set_dynamic_shared").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    }

    /**
     * Compiles the generated CUDA C of {@code owner} (read through {@link KernelMetadata}, so from the
     * class's jar or classes folder) into a shared library in {@code workDir}, and loads it.
     */
    public static HostKernels compile(Class<?> owner, Path workDir) throws IOException {
        KernelMetadata metadata = KernelMetadata.of(owner).orElseThrow(() -> new IllegalStateException(
                "no generated CUDA C for " + owner.getName() + ": did the kernel compiler run on it?"));
        Map<String, Method> kernels = new LinkedHashMap<>();
        Map<String, Execution> executions = new LinkedHashMap<>();
        for (Method m : owner.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Kernel.class) && Modifier.isStatic(m.getModifiers()) && metadata.isKernel(m)) {
                for (String instance : metadata.instances(m)) { // a @Specialize'd kernel has one per value
                    kernels.put(instance, m);
                    executions.put(instance, Execution.of(metadata, m));
                }
            }
        }
        return compile(metadata.cudaSource(), kernels, executions, workDir);
    }

    /** Compiles {@code cudaSource} with launchers for {@code kernels} (by CUDA name), each run as {@code executions} says, and loads it. */
    public static HostKernels compile(String cudaSource, Map<String, Method> kernels, Map<String, Execution> executions, Path workDir)
            throws IOException {
        Path gxx = Toolchain.gxx().orElseThrow(() -> new IllegalStateException("g++ is not installed"));
        Files.createDirectories(workDir);
        Files.writeString(workDir.resolve("cuda_host_prelude.h"), prelude());
        Files.writeString(workDir.resolve("kernels.cu"), cudaSource.replace(DYNAMIC_SHARED_DECLARATION, DYNAMIC_SHARED_ON_HOST));
        Files.writeString(workDir.resolve("launchers.cpp"), launchers(kernels, executions));
        Path library = workDir.resolve("libhostkernels.so");
        List<String> command = new ArrayList<>();
        command.add(gxx.toString());
        command.addAll(GXX_OPTIONS);
        command.addAll(List.of("-o", library.toString(), "launchers.cpp"));
        Toolchain.Result result = Toolchain.run(command, workDir);
        if (!result.ok()) {
            throw new IllegalStateException("g++ could not compile the generated CUDA C:\n" + result.describe());
        }
        Arena arena = Arena.ofShared();
        return new HostKernels(arena, SymbolLookup.libraryLookup(library, arena), kernels, executions);
    }

    /** The text of the prelude header. */
    public static String prelude() throws IOException {
        try (InputStream in = HostKernels.class.getClassLoader().getResourceAsStream(PRELUDE)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + PRELUDE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String launchers(Map<String, Method> kernels, Map<String, Execution> executions) {
        StringBuilder cpp = new StringBuilder();
        cpp.append("#include \"cuda_host_prelude.h\"\n#include \"kernels.cu\"\n");
        for (Map.Entry<String, Method> kernel : kernels.entrySet()) {
            List<String> args = new ArrayList<>();
            int slot = 0;
            Class<?>[] types = kernel.getValue().getParameterTypes();
            List<Integer> specialized = specialized(kernel.getValue());
            for (int i = 0; i < types.length; i++) {
                if (types[i] == KernelContext.class || specialized.contains(i)) {
                    continue;
                }
                args.add("*(" + cType(types[i]) + "*)args[" + slot++ + "]");
            }
            String name = kernel.getKey();
            Execution execution = executions.getOrDefault(name, Execution.BLOCK_BARRIER);
            if (execution == Execution.PERSISTENT) {
                args.add("&control");
                args.add("watchdog_ns");
                cpp.append("\nextern \"C\" int hf_launch_").append(name)
                        .append("(const int* grid, const int* block, void** args, long long watchdog_ns, int* report)\n{\n")
                        .append("    static hf_control_block control;\n")
                        .append("    memset(&control, 0, sizeof control);\n")
                        .append("    int rc = hf_run_grid_cooperative(grid, block, [&]() {\n        ").append(name).append("(")
                        .append(String.join(", ", args)).append(");\n    });\n")
                        .append("    report[0] = control.error.code;\n    report[1] = control.error.block;\n")
                        .append("    report[2] = control.error.step;\n    report[3] = control.error.index;\n    return rc;\n}\n");
            } else {
                cpp.append("\nextern \"C\" int hf_launch_").append(name).append("(const int* grid, const int* block, void** args)\n{\n")
                        .append("    return hf_run_grid(grid, block, ").append(execution == Execution.BLOCK_BARRIER)
                        .append(", [&]() {\n        ").append(name).append("(").append(String.join(", ", args))
                        .append(");\n    });\n}\n");
            }
        }
        return cpp.toString();
    }

    /** The indices of a kernel's {@code @Specialize}d parameters, which its instances do not take. */
    private static List<Integer> specialized(Method kernel) {
        return KernelMetadata.of(kernel.getDeclaringClass()).map(m -> m.specializedParameters(kernel)).orElse(List.of());
    }

    private static String cType(Class<?> type) {
        if (type == double[].class) {
            return "double*";
        } else if (type == float[].class) {
            return "float*";
        } else if (type == int[].class) {
            return "int*";
        } else if (type == long[].class) {
            return "long long*";
        } else if (type == int.class) {
            return "int";
        } else if (type == long.class) {
            return "long long";
        } else if (type == float.class) {
            return "float";
        } else if (type == double.class) {
            return "double";
        } else if (type == boolean.class) {
            return "bool";
        }
        throw new IllegalArgumentException("not a kernel parameter type: " + type);
    }

    /**
     * Runs {@code kernel} on a grid of {@code groups} blocks of {@code local} threads (x, y, z each).
     * {@code args} are the Java kernel's arguments in order; a KernelContext among them is skipped.
     * Arrays are updated in place with what the kernel wrote.
     */
    public void launch(String kernel, int[] groups, int[] local, Object... args) {
        launch(DEFAULT_WATCHDOG_SECONDS, kernel, groups, local, args);
    }

    /**
     * {@link #launch(String, int[], int[], Object...)} with the watchdog of a persistent kernel's waits.
     *
     * @throws WatchdogExpiredException when a wait of a persistent kernel gave up
     */
    public void launch(double watchdogSeconds, String javaKernel, int[] groups, int[] local, Object... args) {
        Method method = kernels.values().stream().filter(m -> m.getName().equals(javaKernel)).findFirst().orElse(null);
        if (method == null) {
            throw new IllegalArgumentException("no kernel " + javaKernel + " in " + kernels.keySet());
        }
        // A @Specialize'd kernel runs the instance its specialised arguments name.
        String kernel = KernelMetadata.of(method.getDeclaringClass()).map(m -> m.cudaName(method, Arrays.asList(args)))
                .orElse(javaKernel);
        MethodHandle launcher = launchers.get(kernel);
        List<Integer> specialized = specialized(method);
        Class<?>[] types = method.getParameterTypes();
        if (types.length != args.length) {
            throw new IllegalArgumentException(kernel + " takes " + types.length + " arguments, got " + args.length);
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment grid = call.allocateFrom(JAVA_INT, groups);
            MemorySegment block = call.allocateFrom(JAVA_INT, local);
            List<MemorySegment> slots = new ArrayList<>();
            List<Runnable> copyBack = new ArrayList<>();
            for (int i = 0; i < types.length; i++) {
                if (types[i] == KernelContext.class || specialized.contains(i)) {
                    continue;
                }
                slots.add(argument(call, args[i], copyBack));
            }
            MemorySegment argv = call.allocate(ADDRESS, Math.max(1, slots.size()));
            for (int i = 0; i < slots.size(); i++) {
                argv.setAtIndex(ADDRESS, i, slots.get(i));
            }
            boolean persistent = executions.get(kernel) == Execution.PERSISTENT;
            MemorySegment report = call.allocate(JAVA_INT, REPORT_INTS);
            int rc = persistent ? (int) launcher.invokeExact(grid, block, argv, (long) (watchdogSeconds * 1e9), report)
                    : (int) launcher.invokeExact(grid, block, argv);
            if (rc != 0) {
                throw new IllegalStateException("launcher of " + kernel + " returned " + rc);
            }
            copyBack.forEach(Runnable::run);
            int code = report.getAtIndex(JAVA_INT, 0);
            if (persistent && code != 0) {
                WatchdogExpiredException.Wait wait = WatchdogExpiredException.Wait.fromCode(code);
                throw new WatchdogExpiredException("kernel " + kernel + " (generated C on the host)", wait,
                        report.getAtIndex(JAVA_INT, 1), report.getAtIndex(JAVA_INT, 2),
                        wait == WatchdogExpiredException.Wait.GRID_BARRIER ? -1 : report.getAtIndex(JAVA_INT, 3), watchdogSeconds, wait == WatchdogExpiredException.Wait.GRID_BARRIER ? report.getAtIndex(JAVA_INT, 3) : -1,
                        groups[0] * groups[1] * groups[2]);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot launch " + kernel, t);
        }
    }

    /**
     * {@link #launch(String, int[], int[], Object...)} with {@code bytes} of dynamic shared memory: one
     * buffer, shared like the static arrays, so a persistent kernel that takes it runs as one block.
     */
    public void launchWithDynamicShared(int bytes, String kernel, int[] groups, int[] local, Object... args) {
        try {
            if ((int) setDynamicShared.invokeExact((long) bytes) != 0) {
                throw new IllegalStateException("cannot allocate " + bytes + " bytes of dynamic shared memory on the host");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot size the dynamic shared memory", t);
        }
        launch(kernel, groups, local, args);
    }

    /** A pointer to the argument's value; for an array, to a pointer to a native copy of it. */
    private static MemorySegment argument(Arena call, Object value, List<Runnable> copyBack) {
        return switch (value) {
            case double[] a -> array(call, MemorySegment.ofArray(a), copyBack);
            case float[] a -> array(call, MemorySegment.ofArray(a), copyBack);
            case int[] a -> array(call, MemorySegment.ofArray(a), copyBack);
            case long[] a -> array(call, MemorySegment.ofArray(a), copyBack);
            case Integer v -> call.allocateFrom(JAVA_INT, v);
            case Long v -> call.allocateFrom(JAVA_LONG, v);
            case Float v -> call.allocateFrom(JAVA_FLOAT, v);
            case Double v -> call.allocateFrom(JAVA_DOUBLE, v);
            case Boolean v -> {
                MemorySegment slot = call.allocate(JAVA_BOOLEAN);
                slot.set(JAVA_BOOLEAN, 0, v);
                yield slot;
            }
            default -> throw new IllegalArgumentException("not a kernel argument: " + value);
        };
    }

    private static MemorySegment array(Arena call, MemorySegment heap, List<Runnable> copyBack) {
        MemorySegment data = call.allocate(Math.max(heap.byteSize(), 8), 64);
        MemorySegment.copy(heap, 0, data, 0, heap.byteSize());
        copyBack.add(() -> MemorySegment.copy(data, 0, heap, 0, heap.byteSize()));
        return call.allocateFrom(ADDRESS, data);
    }

    @Override
    public void close() {
        arena.close();
    }
}
