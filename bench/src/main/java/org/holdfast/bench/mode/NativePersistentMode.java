package org.holdfast.bench.mode;

import java.util.List;
import org.holdfast.bridge.HostPolling;
import org.holdfast.bridge.PersistentConfig;
import org.holdfast.bridge.PersistentMode;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * What the persistent modes of the native library share: one kernel for all iterations, launched
 * by the library on our stream, its block count planned for the kernel it runs. A mode names its
 * variant from its options; the library runs it.
 */
public abstract class NativePersistentMode implements ModeDescriptor {

    private final String name;
    private final String description;
    private final int plotColour;

    protected NativePersistentMode(String name, String description, int plotColour) {
        this.name = name;
        this.description = description;
        this.plotColour = plotColour;
    }

    /** The library's kernel for the variant {@code values} choose. */
    protected abstract PersistentMode nativeVariant(OptionValues values);

    /** How the host polls the device's flags, for the modes that have them. */
    protected HostPolling polling(OptionValues values) {
        return HostPolling.BUSY;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Paradigm paradigm() {
        return Paradigm.PERSISTENT;
    }

    @Override
    public final List<KernelSource> kernelSources() {
        return List.of(KernelSource.NATIVE);
    }

    @Override
    public final BlockCount blockCount() {
        return BlockCount.NATIVE_PLANNER;
    }

    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        OptionValues values = request.options();
        PersistentConfig config = PersistentConfig.of(nativeVariant(values)).withThreadsPerBlock(request.threads())
                .withHostPolling(polling(values)).withWatchdogSeconds(request.watchdogSeconds());
        CudaTornadoDevice gpu = machine.gpu();
        return new PersistentRunner(machine.bridge(), gpu, config, request, name, variant(values));
    }

    @Override
    public final int plotColour() {
        return plotColour;
    }
}
