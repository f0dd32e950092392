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

    @AfterEach
    void closeBridge() {
        if (bridge != null) {
            bridge.close();
        }
    }
}
