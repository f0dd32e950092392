package org.holdfast.tornado.cuda.nccl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The unique id's file, as one process per GPU shares it: 128 raw bytes, written whole, read back equal. */
class NcclUniqueIdTest {

    @TempDir
    Path temp;

    private static NcclUniqueId randomId(long seed) {
        byte[] bytes = new byte[NcclUniqueId.BYTES];
        new Random(seed).nextBytes(bytes);
        return NcclUniqueId.of(bytes);
    }

    @Test
    void anIdRoundTripsThroughItsFile() throws IOException {
        NcclUniqueId id = randomId(1);
        Path file = temp.resolve("nccl.id");
        id.write(file);
        assertEquals(NcclUniqueId.BYTES, Files.size(file));
        assertArrayEquals(id.bytes(), Files.readAllBytes(file), "the file is the raw bytes");
        assertEquals(id, NcclUniqueId.read(file));
        try (var left = Files.list(temp)) {
            assertEquals(1, left.count(), "no temporary file is left beside it");
        }
    }

    @Test
    void aSecondWriteReplacesTheFirst() throws IOException {
        Path file = temp.resolve("nccl.id");
        randomId(1).write(file);
        randomId(2).write(file);
        assertEquals(randomId(2), NcclUniqueId.read(file));
    }

    @Test
    void aFileOfAnotherSizeIsRefused() throws IOException {
        Path file = Files.write(temp.resolve("short.id"), new byte[5]);
        assertEquals(file + " holds 5 bytes, not the 128 of an NCCL unique id",
                assertThrows(IOException.class, () -> NcclUniqueId.read(file)).getMessage());
        assertEquals("an NCCL unique id is 128 bytes, got 127",
                assertThrows(IllegalArgumentException.class, () -> NcclUniqueId.of(new byte[127])).getMessage());
    }

    @Test
    void otherRanksWaitForRankZerosFile() throws Exception {
        Path file = temp.resolve("late.id");
        NcclUniqueId id = randomId(3);
        Thread rankZero = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(50);
                id.write(file);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals(id, NcclUniqueId.await(file, Duration.ofSeconds(10)));
        rankZero.join();
    }

    @Test
    void aWaitThatEndsWithoutAFileSaysSo() {
        Path file = temp.resolve("never.id");
        assertEquals("no NCCL unique id in " + file + " after 20 ms: rank 0 writes it",
                assertThrows(IOException.class, () -> NcclUniqueId.await(file, Duration.ofMillis(20))).getMessage());
    }
}
