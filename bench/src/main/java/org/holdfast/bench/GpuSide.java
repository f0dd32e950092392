package org.holdfast.bench;

import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.harness.NoGpuRunners;
import org.holdfast.bench.harness.RunnerFactory;

/** The GPU modes of this machine, or the reason there are none. */
final class GpuSide {

    private GpuSide() {
    }

    static RunnerFactory open(Experiment experiment) {
        return new NoGpuRunners("no GPU backend in this build");
    }

    static String nativeLibraryStatus() {
        return "native: unavailable: the persistent bridge is not in this build";
    }
}
