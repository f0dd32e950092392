package org.holdfast.bench.mode;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * What the modes' GPU test classes share: the GPU and the native bridge ({@link Machine}), opened once before a class's
 * tests and closed after them. The classes run one after another (JUnit's default), so one field serves each in turn.
 */
@Tag("gpu")
abstract class OnTheGpu {

    static Machine machine;

    @BeforeAll
    static void openTheGpu() {
        machine = Machine.open(true);
    }

    @AfterAll
    static void closeTheGpu() {
        machine.close();
    }
}
