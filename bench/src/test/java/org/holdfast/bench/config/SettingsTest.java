package org.holdfast.bench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
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

    @Test
    void oneIterationCountServesEverySize() {
        Settings settings = sweep();
        settings.set("iterations", "3");
        settings.overrideSizes("5, 6, 7, 8");
        assertEquals(List.of(3, 3, 3, 3), settings.toExperiment().iterations());
    }
}
