package org.holdfast.bridge;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** Tests of the library native-hip built: each one is skipped, saying why, when it is not there. */
abstract class LibraryTestBase {

    protected PersistentBridge bridge;

    @BeforeEach
    void openBridge() throws NativeLibraryMissingException {
        bridge = TestLibrary.openOrSkip();
    }

    /** The 2D Poisson problem of n points per side, h2 as the reference computes it. */
    protected static PersistentProblem poisson(int n) {
        final double d = 1.0 / (n - 1);
        return PersistentProblem.poisson2d(n, d * d);
    }

    @AfterEach
    void closeBridge() {
        if (bridge != null) {
            bridge.close();
        }
    }
}
