package org.holdfast.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NativeLibraryTest {

    @Test
    void aMissingLibraryIsEmptyNotAnError() {
        assertTrue(NativeLibrary.open("libholdfast-no-such-library.so.1").isEmpty());
        assertTrue(NativeLibrary.open("/nonexistent/libnvrtc.so").isEmpty());
    }

    @Test
    void loadingAMissingFileSaysWhy() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> NativeLibrary.load(Path.of("/nonexistent/libholdfast_native.so")));
        assertTrue(missing.getMessage() != null && !missing.getMessage().isBlank());
    }

    @Test
    void aMissingSymbolNamesEveryNameTried() {
        NativeLibrary libc = NativeLibrary.open("libc.so.6").orElseThrow();
        assertTrue(libc.exports("strlen"));
        UnsatisfiedLinkError missing = assertThrows(UnsatisfiedLinkError.class,
                () -> libc.downcall(FunctionDescriptor.of(ValueLayout.JAVA_INT), "cuNoSuch_v2", "cuNoSuch"));
        assertTrue(missing.getMessage().contains("cuNoSuch_v2, cuNoSuch"), missing.getMessage());
    }

    @Test
    void aLinkedFunctionRunsAndItsStringResultReads() throws Throwable {
        NativeLibrary libc = NativeLibrary.open("libc.so.6").orElseThrow();
        MethodHandle strchr = libc.downcall(
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT), "strchr");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocateFrom("holdfast");
            assertEquals("fast", NativeLibrary.string((MemorySegment) strchr.invokeExact(text, (int) 'f')));
            assertNull(NativeLibrary.string((MemorySegment) strchr.invokeExact(text, (int) 'z')));
        }
    }

    @Test
    void propagatePassesUncheckedThrowablesOnAsTheyAre() {
        IllegalStateException state = new IllegalStateException("x");
        assertEquals(state, NativeLibrary.propagate(state));
        UnsatisfiedLinkError error = new UnsatisfiedLinkError("y");
        assertEquals(error, assertThrows(UnsatisfiedLinkError.class, () -> NativeLibrary.propagate(error)));
        assertEquals(IllegalStateException.class, NativeLibrary.propagate(new Exception("z")).getClass());
    }
}
