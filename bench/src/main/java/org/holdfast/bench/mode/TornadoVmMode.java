package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.TaskProfile;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.spi.TornadoBackend;

/**
 * What the TornadoVM modes share: the red-black task graph run by real TornadoVM, each kernel as the
 * TornadoVM twin the kernel compiler wrote of it (docs/tornadovm.md), with the Java rule's blocks, so
 * that the launches are {@code launch-sync}'s. A mode adds how TornadoVM's plan runs.
 *
 * <p>TornadoVM is the {@code tornadovm} backend of Holdfast's task-graph API, in the jar only when
 * Holdfast was built with a TornadoVM SDK, and working only under TornadoVM's {@code tornado} launcher;
 * elsewhere the modes are skipped with the reason in one line. Its {@code execute()} offers no device
 * events, so these rows are timed with the host clock around the calls (each waits for the GPU); their
 * note says so.
 */
public abstract class TornadoVmMode extends DescribedMode {

    /** The backend's name ({@code org.holdfast.tornadovm.TornadoVmBackend}). */
    static final String BACKEND = "tornadovm";
    /** Why the modes skip in a jar built without a TornadoVM SDK. */
    static final String NOT_BUILT = "Holdfast was built without TornadoVM: build it with TORNADO_SDK=<TornadoVM SDK> ./mvnw package"
            + " and run it under TornadoVM's tornado launcher (docs/tornadovm.md)";

    private static final Pattern VERSION = Pattern.compile("TornadoVM (\\S+)");

    protected TornadoVmMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.TORNADOVM, List.of(KernelSource.JAVA), BlockCount.JAVA_RULE, plotColour);
    }

    /** How TornadoVM's plan runs: plainly, or with its CUDA graph. */
    protected abstract void configure(TornadoExecutionPlan plan);

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        OnlyFor2D.require(request.problem(), missingTwins());
        TornadoDevice device = device();
        int threads = request.threads();
        int blocks = request.blocks().standardBlocks(request.problem().pointsPerColour(), threads);
        try {
            return new Noted(new TaskGraphRunner(request, device, blocks, threads, this::configure), note(device));
        } catch (UnsupportedOperationException e) {
            throw new ModeUnavailableException(e.getMessage()); // a kernel class without a twin, and why
        }
    }

    /** Without TornadoVM in the jar, or outside its launcher, the reason its runner would give. */
    @Override
    public Optional<String> unavailableOn(Machine machine, KernelSource kernels) {
        try {
            device();
            return Optional.empty();
        } catch (ModeUnavailableException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** TornadoVM compiles the kernels itself, from their TornadoVM twins, as it runs them. */
    @Override
    public KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem) {
        Optional<String> refused = OnlyFor2D.refusal(problem, missingTwins());
        if (refused.isPresent()) {
            return KernelsThatRun.described("refused: " + refused.get());
        }
        return KernelsThatRun.described(RedBlackKernels.class.getName() + ": red then black through TornadoVM's own compiler,"
                + " which writes the PTX as the run starts (TornadoVM's launcher prints it with --printKernel; docs/tornadovm.md)");
    }

    /** What a problem other than the 2D one lacks, as its refusal says it. */
    private String missingTwins() {
        return name() + ": no TornadoVM twins of the kernels";
    }

    /** TornadoVM's device, or a {@link ModeUnavailableException} that says why there is none. */
    static TornadoDevice device() {
        TornadoBackend backend = TornadoRuntime.backends().stream().filter(b -> b.name().equals(BACKEND)).findFirst()
                .orElseThrow(() -> new ModeUnavailableException(NOT_BUILT));
        return backend.devices().stream().findFirst()
                .orElseThrow(() -> new ModeUnavailableException(backend.unavailableReason().orElse("TornadoVM has no device")));
    }

    /** {@code TornadoVM 5.2.0-jdk25/host clock}: what ran, and how it was timed (no comma: the CSV stays plain). */
    private static String note(TornadoDevice device) {
        Matcher version = VERSION.matcher(device.description());
        return (version.find() ? version.group() : "TornadoVM") + "/host clock";
    }

    /** A runner whose rows carry a note. */
    private record Noted(ModeRunner runner, String note) implements ModeRunner {

        @Override
        public void load(double[] u) {
            runner.load(u);
        }

        @Override
        public double run(int iterations) {
            return runner.run(iterations);
        }

        @Override
        public void unload(double[] u) {
            runner.unload(u);
        }

        @Override
        public RunShape shape() {
            return runner.shape().withNote(note);
        }

        @Override
        public List<TaskProfile> profile() {
            return runner.profile();
        }

        @Override
        public void close() {
            runner.close();
        }
    }
}
