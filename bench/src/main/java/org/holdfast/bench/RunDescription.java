package org.holdfast.bench;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.mode.BlockCountRule;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeDescriptor;

/** What a run was, for results.json: the version, the machine and the experiment's settings. */
final class RunDescription {

    private RunDescription() {
    }

    static Map<String, Object> of(Experiment experiment) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("holdfast", Version.current());
        run.put("finished", Instant.now().toString());
        run.put("java", Runtime.version().toString());
        run.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        run.put("cpu_cores", Runtime.getRuntime().availableProcessors());
        run.put("devices", org.holdfast.tornado.api.TornadoRuntime.devices().stream()
                .filter(org.holdfast.tornado.api.TornadoDevice::isGpu).map(d -> d.description()).toList());
        run.put("config", experiment.name());
        run.put("problem", experiment.problem().cliName());
        run.put("gpus", experiment.gpus());
        run.put("sizes", experiment.sizes());
        run.put("iterations", experiment.iterations());
        run.put("modes", experiment.modes().stream().map(ModeDescriptor::name).toList());
        run.put("kernels", experiment.kernels().stream().map(KernelSource::cliName).toList());
        run.put("blocks", experiment.blocks().stream().map(BlockCountRule::spelling).toList());
        run.put("threads", experiment.threads());
        run.put("threads_asked", experiment.threadsAsked());
        run.put("repeats", experiment.repeats());
        run.putAll(experiment.options().byName());
        run.put("watchdog_s", experiment.watchdogSeconds());
        run.put("init", experiment.init().cliName());
        run.put("seed", experiment.seed());
        return run;
    }
}
