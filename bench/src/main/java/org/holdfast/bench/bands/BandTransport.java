package org.holdfast.bench.bands;

import java.util.Locale;
import java.util.Optional;
import org.holdfast.tornado.cuda.nccl.Nccl;

/**
 * How the standard modes' bands exchange halo rows on GPUs, chosen by the hidden system property
 * {@value #PROPERTY} (through {@code HOLDFAST_JAVA_OPTS}); without it, {@code --gpus G} above 1 runs
 * {@link #NCCL} and {@code --gpus 1} the one-device path as always.
 */
public enum BandTransport {
    /** One band per GPU, devices 0 to G-1, NCCL send and receive between half-sweeps. */
    NCCL,
    /** Every band on GPU 0, halo rows by device-to-device copies: the band kernels and the schedule on one GPU. */
    COPY;

    public static final String PROPERTY = "holdfast.bands.transport";

    /** The transport the property names, or empty where it is not set. */
    public static Optional<BandTransport> chosen() {
        return parse(System.getProperty(PROPERTY));
    }

    /**
     * {@code nccl} or {@code copy}, any case; empty for null or blank.
     *
     * @throws IllegalArgumentException for anything else, in one line
     */
    static Optional<BandTransport> parse(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "nccl" -> Optional.of(NCCL);
            case "copy" -> Optional.of(COPY);
            default -> throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + ": nccl (one band per GPU) or copy"
                    + " (every band on GPU 0, halo rows by device copies)");
        };
    }

    /** Why this transport's library cannot be used here (NCCL not found, with what to install); empty where it can. */
    public Optional<String> libraryMissing() {
        return this == NCCL ? Nccl.unavailableReason() : Optional.empty();
    }

    /**
     * Why {@code gpus} bands cannot run on a machine with {@code present} GPUs: NCCL needs a GPU per band;
     * the copies put every band on the first. Empty where they can.
     */
    public Optional<String> tooFewGpus(int gpus, int present) {
        if (present < 1) {
            return Optional.of("--gpus " + gpus + ": no GPU here");
        }
        if (this == NCCL && gpus > present) {
            return Optional.of("--gpus " + gpus + ": this machine has " + present + (present == 1 ? " GPU" : " GPUs")
                    + " and NCCL puts one band on each (-D" + PROPERTY + "=copy runs every band on GPU 0)");
        }
        return Optional.empty();
    }
}
