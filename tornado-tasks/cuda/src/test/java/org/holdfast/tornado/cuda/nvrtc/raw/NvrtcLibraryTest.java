package org.holdfast.tornado.cuda.nvrtc.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NvrtcLibraryTest {

    @Test
    void thePropertyAloneIsTriedWhenSet() {
        assertEquals(List.of("/opt/nvrtc/libnvrtc.so.13"),
                NvrtcLibrary.candidates("/opt/nvrtc/libnvrtc.so.13", Map.of("CUDA_HOME", "/h"), List.of()));
    }

    @Test
    void toolkitFoldersComeFirstThenTheLoaderPath() {
        List<String> candidates = NvrtcLibrary.candidates(null, Map.of("CUDA_HOME", "/h", "CUDA_PATH", "/p"),
                List.of(Path.of("/usr/local/cuda-12.8"), Path.of("/usr/local/cuda-13.0")));
        assertEquals(List.of(
                "/h/lib64/libnvrtc.so", "/h/lib64/libnvrtc.so.13", "/h/lib64/libnvrtc.so.12",
                "/p/lib64/libnvrtc.so", "/p/lib64/libnvrtc.so.13", "/p/lib64/libnvrtc.so.12",
                "/usr/local/cuda/lib64/libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so.13", "/usr/local/cuda/lib64/libnvrtc.so.12",
                "/usr/local/cuda-13.0/lib64/libnvrtc.so", "/usr/local/cuda-13.0/lib64/libnvrtc.so.13",
                "/usr/local/cuda-13.0/lib64/libnvrtc.so.12",
                "/usr/local/cuda-12.8/lib64/libnvrtc.so", "/usr/local/cuda-12.8/lib64/libnvrtc.so.13",
                "/usr/local/cuda-12.8/lib64/libnvrtc.so.12",
                "libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"), candidates);
    }

    @Test
    void aFolderNamedTwiceIsTriedOnce() {
        List<String> candidates = NvrtcLibrary.candidates(null, Map.of("CUDA_HOME", "/usr/local/cuda"), List.of());
        assertEquals(candidates.stream().distinct().toList(), candidates);
        assertEquals("/usr/local/cuda/lib64/libnvrtc.so", candidates.getFirst());
    }

    @Test
    void versionedInstallsAreNewestFirstByNumber() {
        assertEquals(List.of(Path.of("/usr/local/cuda-13.0"), Path.of("/usr/local/cuda-12.10"), Path.of("/usr/local/cuda-12.8"),
                Path.of("/usr/local/cuda-12")),
                NvrtcLibrary.newestFirst(List.of(Path.of("/usr/local/cuda-12.8"), Path.of("/usr/local/cuda-12"),
                        Path.of("/usr/local/cuda-13.0"), Path.of("/usr/local/cuda-12.10"))));
    }

    @Test
    void theReasonSaysWhereItLookedAndHowToPointAtIt() {
        String reason = NvrtcLibrary.notFoundReason(null);
        assertFalse(reason.contains("\n"));
        assertTrue(reason.contains("-Dholdfast.nvrtc.library="), reason);
        assertTrue(reason.contains("/usr/local/cuda-*/lib64"), reason);
        assertEquals("NVRTC not found: cannot load /opt/x/libnvrtc.so (-Dholdfast.nvrtc.library)",
                NvrtcLibrary.notFoundReason("/opt/x/libnvrtc.so"));
    }
}
