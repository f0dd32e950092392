package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class NativeLibraryLocatorTest {

    private static final String NAME = System.mapLibraryName("holdfast_native");

    @Test
    void looksInThePropertyThenBesideTheJarThenTheLibraryPaths() {
        final List<NativeLibraryLocator.Candidate> candidates = NativeLibraryLocator.candidates("/opt/x/" + NAME,
                Optional.of(Path.of("/app/jars")), "/a" + File.pathSeparator + "/b", "/c");
        assertEquals(List.of(Path.of("/opt/x/" + NAME), Path.of("/app/jars/" + NAME), Path.of("/app/lib/" + NAME),
                Path.of("/a/" + NAME), Path.of("/b/" + NAME), Path.of("/c/" + NAME)),
                candidates.stream().map(NativeLibraryLocator.Candidate::path).toList());
    }

    @Test
    void emptySearchPathsAddNothing() {
        assertTrue(NativeLibraryLocator.candidates(null, Optional.empty(), "", "").isEmpty());
    }

    @Test
    void aMissingLibraryIsOneLineNamingEveryPlace() {
        final NativeLibraryMissingException missing =
                NativeLibraryLocator.notFound(List.of("/x/" + NAME + " (-Dholdfast.native.library)", "/y/" + NAME + " (beside the bridge)"));
        final String message = missing.getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.startsWith("native library " + NAME + " not found (looked in /x/"), message);
        assertTrue(message.contains("/y/" + NAME), message);
    }

    @Test
    void anExplicitPathThatDoesNotExistIsReportedAsMissing() {
        final NativeLibraryMissingException missing = assertThrows(NativeLibraryMissingException.class,
                () -> PersistentBridge.open(Path.of("/nonexistent/" + NAME)));
        assertTrue(missing.getMessage().contains("/nonexistent/" + NAME), missing.getMessage());
    }
}
