package org.holdfast.tornadovm;

import java.util.List;
import java.util.Optional;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.spi.TornadoBackend;

/**
 * Real TornadoVM as a backend of Holdfast's task-graph API: found through {@link java.util.ServiceLoader}
 * like the CPU and CUDA backends, it runs a Holdfast task graph through TornadoVM, each kernel as its
 * TornadoVM twin. This class names no TornadoVM type, so that it loads where TornadoVM is absent (plain
 * {@code java}, not the {@code tornado} launcher) and says so in one line instead of breaking the other backends.
 *
 * <p>TornadoVM is opened on first use, with two of its options set where the command line left them
 * unset: {@code tornado.enable.fma=false} (TornadoVM fuses a multiply and an add, which Java never does,
 * and Holdfast's rows must equal the reference bit for bit) and {@code tornado.recover.bailout=false}
 * (a kernel TornadoVM cannot compile must fail its row, not run silently on the host). Set to anything
 * else on the command line, they make the backend unavailable, with the reason.
 */
public final class TornadoVmBackend implements TornadoBackend {

    /** The backend's name, as {@code TornadoRuntime.backends()} lists it. */
    public static final String NAME = "tornadovm";
    /** TornadoVM's option for fusing multiplies and adds. */
    static final String FMA = "tornado.enable.fma";
    /** TornadoVM's option for running a task on the host when it cannot compile it. */
    static final String BAILOUT = "tornado.recover.bailout";

    /** Set by TornadoVM's launcher (and its argfile): without it TornadoVM's runtime cannot start. */
    static final String RUNTIME = "tornado.load.runtime.implementation";
    /** Why the backend cannot run outside TornadoVM's launcher. */
    static final String NOT_LAUNCHED = "not running under TornadoVM's launcher (its runtime is not on the module path): run holdfast as"
            + " tornado -cp holdfast.jar org.holdfast.bench.Main --params=\"...\" (docs/tornadovm.md)";

    /** TornadoVM is opened once per JVM: its runtime is a singleton. */
    private static Opened opened;

    /** The device, or why there is none. */
    private record Opened(List<TornadoDevice> devices, Optional<String> reason) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TornadoDevice> devices() {
        return opened().devices();
    }

    @Override
    public Optional<String> unavailableReason() {
        return opened().reason();
    }

    private static synchronized Opened opened() {
        if (opened == null) {
            opened = open();
        }
        return opened;
    }

    private static Opened open() {
        if (System.getProperty(RUNTIME) == null) {
            return unavailable(NOT_LAUNCHED);
        }
        for (String option : List.of(FMA, BAILOUT)) {
            String value = System.getProperty(option);
            if (value == null) {
                System.setProperty(option, "false");
            } else if (!value.trim().equalsIgnoreCase("false")) {
                return unavailable("-D" + option + "=" + value + " is set, but Holdfast's TornadoVM rows need " + option
                        + "=false (bit-equal results, no silent fallback to the host); leave it unset or set it to false");
            }
        }
        try {
            return new Opened(List.of(TornadoVmDevice.open()), Optional.empty());
        } catch (NoClassDefFoundError e) {
            if (String.valueOf(e.getMessage()).startsWith("uk/ac/manchester/tornado/")) {
                return unavailable(NOT_LAUNCHED);
            }
            return unavailable("TornadoVM did not start: " + oneLine(e));
        } catch (LinkageError | RuntimeException e) {
            return unavailable("TornadoVM did not start: " + oneLine(e));
        }
    }

    private static Opened unavailable(String reason) {
        return new Opened(List.of(), Optional.of(reason));
    }

    /** An exception and its causes as one line: the innermost message says most. */
    static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null || root.getMessage().isBlank() ? root.getClass().getSimpleName()
                : root.getClass().getSimpleName() + ": " + root.getMessage();
        return message.replace('\n', ' ').strip();
    }
}
