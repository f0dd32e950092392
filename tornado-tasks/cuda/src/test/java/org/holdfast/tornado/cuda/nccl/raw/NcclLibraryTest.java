package org.holdfast.tornado.cuda.nccl.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where NCCL is looked for, and the one line that says what to install when it is nowhere. */
class NcclLibraryTest {

    @Test
    void thePropertyAloneWhenSet() {
        assertEquals(List.of("/opt/nccl/libnccl.so.2"), NcclLibrary.candidates("/opt/nccl/libnccl.so.2", Map.of("NCCL_HOME", "/x")));
    }

    @Test
    void ncclHomeThenTheLoaderPathThenTheSystemPackage() {
        assertEquals(List.of("/x/lib/libnccl.so.2", "libnccl.so.2", "/usr/lib/x86_64-linux-gnu/libnccl.so.2"),
                NcclLibrary.candidates(null, Map.of("NCCL_HOME", "/x")));
        assertEquals(List.of("libnccl.so.2", "/usr/lib/x86_64-linux-gnu/libnccl.so.2"), NcclLibrary.candidates(" ", Map.of()));
    }

    @Test
    void theMissingLibrarySaysWhatToInstall() {
        assertEquals("NCCL not found: no libnccl.so.2 in $NCCL_HOME/lib, on the loader path or in /usr/lib/x86_64-linux-gnu;"
                + " install NCCL 2.28 or newer"
                + " (pip install nvidia-nccl-cu13, whose nvidia/nccl/lib holds it, or the libnccl2 package) and set"
                + " -Dholdfast.nccl.library=/path/to/libnccl.so.2 or put its folder on LD_LIBRARY_PATH",
                NcclLibrary.notFoundReason(null));
        assertEquals("NCCL not found: cannot load /nope/libnccl.so.2 (-Dholdfast.nccl.library)",
                NcclLibrary.notFoundReason("/nope/libnccl.so.2"));
    }
}
