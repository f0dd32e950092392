package org.holdfast.tornado.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class InsufficientDeviceMemoryExceptionTest {

    @Test
    void messageGivesBothFigures() {
        InsufficientDeviceMemoryException refusal = new InsufficientDeviceMemoryException("N = 60001", 28_800_000_000L,
                27_100_000_000L);
        assertEquals("N = 60001 needs 28.8 GB of device memory; the GPU has 27.1 GB free", refusal.getMessage());
        assertEquals(28_800_000_000L, refusal.neededBytes());
        assertEquals(27_100_000_000L, refusal.freeBytes());
    }

    @Test
    void messageDoesNotDependOnTheLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("task graph g (2 arrays) needs 0.0 GB of device memory; the GPU has 1.5 GB free",
                    new InsufficientDeviceMemoryException("task graph g (2 arrays)", 16_000, 1_500_000_000L).getMessage());
        } finally {
            Locale.setDefault(saved);
        }
    }
}
