package org.holdfast.bench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.cli.HoldfastOptions;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private static Settings sweep() {
        Settings settings = new Settings();
        settings.set("sizes", "11, 101, 1001");
        settings.set("iterations", "1000, 500, 200");
        return settings;
    }

    @Test
    void sizesFromTheCommandLineKeepTheIterationCountOfTheNearestConfiguredSize() {
        Settings settings = sweep();
        settings.overrideSizes("1001, 101, 12");
        assertEquals(List.of(200, 500, 1000), settings.toExperiment().iterations());
    }

    @Test
    void fewerSizesFromTheCommandLineFollowTheNearestToo() {
        Settings settings = sweep();
        settings.overrideSizes("4097");
        assertEquals(List.of(200), settings.toExperiment().iterations());
    }

    @Test
    void inAConfigFileTheIterationsFollowTheSizesByPosition() {
        Settings settings = new Settings();
        settings.set("iterations", "7, 8");
        settings.set("sizes", "1001, 11");
        assertEquals(List.of(7, 8), settings.toExperiment().iterations());
    }

    /** The default block size is the standard launches'; only threads set after it bind a named persistent variant. */
    @Test
    void threadsAreAskedForOnlyWhenSetAfterTheDefaults() {
        Settings settings = new Settings();
        assertEquals(256, settings.toExperiment().threads());
        assertFalse(settings.toExperiment().threadsAsked());
        settings.set("threads", "512");
        assertEquals(512, settings.toExperiment().threads());
        assertTrue(settings.toExperiment().threadsAsked());
        settings.settledAsDefaults(); // the config file default, read without --config, is the defaults again
        assertFalse(settings.toExperiment().threadsAsked());
    }

    /** One set of defaults: what an empty config file leaves is exactly config/default. */
    @Test
    void theBuiltInDefaultsAreConfigDefault() throws ConfigException {
        Settings fromFile = new Settings();
        ConfigFile.apply(Path.of(System.getProperty("holdfast.config.dir", "../config"), "default"), fromFile);
        Experiment builtIn = new Settings().toExperiment();
        Experiment file = fromFile.toExperiment();
        assertEquals(file.sizes(), builtIn.sizes());
        assertEquals(file.iterations(), builtIn.iterations());
        assertEquals(file.modes(), builtIn.modes());
        assertEquals(file.allModes(), builtIn.allModes());
        assertEquals(file.kernels(), builtIn.kernels());
        assertEquals(file.blocks(), builtIn.blocks());
        assertEquals(file.threads(), builtIn.threads());
        assertEquals(file.repeats(), builtIn.repeats());
        assertEquals(file.options(), builtIn.options());
        assertEquals(file.watchdogSeconds(), builtIn.watchdogSeconds());
        assertEquals(List.of(1000, 1000, 200), builtIn.iterations());
    }

    @Test
    void aConfigThatSetsOnlySizesTakesTheDefaultCountOfTheNearestDefaultSize() {
        Settings settings = new Settings();
        settings.set("sizes", "12, 900");
        assertEquals(List.of(1000, 200), settings.toExperiment().iterations());
    }

    @Test
    void theHelpQuotesTheDefaultsOfConfigDefault() {
        String sizes = HoldfastOptions.create().getOption("n").getDescription();
        assertTrue(sizes.endsWith("(default: the config's; " + BuiltInDefaults.text("sizes") + " in config/default)"), sizes);
        assertEquals("11, 101, 1001", BuiltInDefaults.text("sizes"));
    }

    @Test
    void oneIterationCountServesEverySize() {
        Settings settings = sweep();
        settings.set("iterations", "3");
        settings.overrideSizes("5, 6, 7, 8");
        assertEquals(List.of(3, 3, 3, 3), settings.toExperiment().iterations());
    }
}
