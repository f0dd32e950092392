package org.holdfast.tornado.cuda.nvrtc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelCacheTest {

    private static final GpuArchitecture SM_90 = new GpuArchitecture(9, 0);
    private static final List<String> OPTIONS = KernelCompiler.options(SM_90);
    private static final byte[] IMAGE = {0x7f, 'E', 'L', 'F', 1, 2, 3, 4, 5, 6, 7, 8};

    @TempDir
    Path folder;

    @Test
    void keyIsTheSameForTheSameInputsAndDiffersWhenAnyChanges() {
        String key = KernelCache.key("src", OPTIONS, SM_90, "nvrtc 13.0");
        assertTrue(key.matches("[0-9a-f]{64}"), key);
        assertEquals(key, KernelCache.key("src", List.copyOf(OPTIONS), new GpuArchitecture(9, 0), "nvrtc 13.0"));
        assertNotEquals(key, KernelCache.key("src ", OPTIONS, SM_90, "nvrtc 13.0"));
        assertNotEquals(key, KernelCache.key("src", OPTIONS.subList(1, OPTIONS.size()), SM_90, "nvrtc 13.0"));
        assertNotEquals(key, KernelCache.key("src", OPTIONS, new GpuArchitecture(8, 0), "nvrtc 13.0"));
        assertNotEquals(key, KernelCache.key("src", OPTIONS, SM_90, "nvrtc 13.1"));
    }

    @Test
    void keyFieldsCannotRunIntoEachOther() {
        assertNotEquals(KernelCache.key("ab", List.of("c"), SM_90, "v"), KernelCache.key("a", List.of("bc"), SM_90, "v"));
        assertNotEquals(KernelCache.key("a", List.of("b", "c"), SM_90, "v"), KernelCache.key("a", List.of("bc"), SM_90, "v"));
        assertNotEquals(KernelCache.key("a", List.of("x", "y"), SM_90, "v"), KernelCache.key("a", List.of("y", "x"), SM_90, "v"));
    }

    @Test
    void defaultFolderFollowsPropertyThenXdgThenHome() {
        assertEquals(Path.of("/custom"), KernelCache.defaultDirectory("/custom", "/xdg", "/home/u"));
        assertEquals(Path.of("/xdg/holdfast/kernels"), KernelCache.defaultDirectory(null, "/xdg", "/home/u"));
        assertEquals(Path.of("/home/u/.cache/holdfast/kernels"), KernelCache.defaultDirectory(null, null, "/home/u"));
        assertEquals(Path.of("/home/u/.cache/holdfast/kernels"), KernelCache.defaultDirectory(" ", "relative/xdg", "/home/u"));
    }

    @Test
    void writtenEntriesReadBackAndLeaveNoTemporaryFiles() throws IOException {
        KernelCache cache = new KernelCache(folder.resolve("nested/kernels"));
        String key = KernelCache.key("src", OPTIONS, SM_90, "v");
        assertTrue(cache.read(key).isEmpty());
        assertTrue(cache.write(key, IMAGE));
        assertArrayEquals(IMAGE, cache.read(key).orElseThrow());
        byte[] newer = {9, 9, 9};
        assertTrue(cache.write(key, newer));
        assertArrayEquals(newer, cache.read(key).orElseThrow());
        try (Stream<Path> files = Files.list(cache.directory())) {
            assertEquals(List.of(cache.entry(key)), files.toList());
        }
    }

    @Test
    void damagedEntriesReadAsMissingAndAreDeleted() throws IOException {
        KernelCache cache = new KernelCache(folder);
        String key = KernelCache.key("src", OPTIONS, SM_90, "v");
        Path entry = cache.entry(key);
        byte[] good = KernelCache.pack(IMAGE);

        byte[] flipped = good.clone();
        flipped[flipped.length - 1] ^= 1;
        byte[] truncated = java.util.Arrays.copyOf(good, good.length - 3);
        byte[] headerOnly = java.util.Arrays.copyOf(good, 48);
        byte[] wrongMagic = good.clone();
        wrongMagic[0] = 'X';
        for (byte[] damaged : List.of(flipped, truncated, headerOnly, wrongMagic, new byte[0], "garbage".getBytes())) {
            Files.write(entry, damaged);
            assertTrue(cache.read(key).isEmpty());
            assertFalse(Files.exists(entry), "a damaged entry is deleted");
        }
        Files.write(entry, good);
        assertArrayEquals(IMAGE, cache.read(key).orElseThrow());
    }

    @Test
    void anUnwritableCacheReportsFalseInsteadOfThrowing() throws IOException {
        Path notAFolder = Files.writeString(folder.resolve("file"), "x");
        KernelCache cache = new KernelCache(notAFolder.resolve("kernels"));
        String key = KernelCache.key("src", OPTIONS, SM_90, "v");
        assertFalse(cache.write(key, IMAGE));
        assertTrue(cache.read(key).isEmpty());
        cache.evict(key);
    }

    @Test
    void keysAreHexDigestsOnly() {
        KernelCache cache = new KernelCache(folder);
        assertThrows(IllegalArgumentException.class, () -> cache.entry("../escape"));
        assertThrows(IllegalArgumentException.class, () -> cache.read("abc"));
    }
}
