package org.holdfast.tornado.cuda.nvrtc;

import static org.holdfast.tornado.cuda.nvrtc.raw.nvrtc_h.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import org.holdfast.tornado.cuda.nvrtc.raw.NvrtcLibrary;

/** NVRTC, the CUDA runtime compiler: CUDA C in, a CUBIN for one real architecture out. */
public final class Nvrtc {

    private Nvrtc() {
    }

    /** Why NVRTC cannot be used here, in one line; empty when it can. */
    public static Optional<String> unavailableReason() {
        return isLoaded() ? Optional.empty() : Optional.of(NvrtcLibrary.notFoundReason());
    }

    /** NVRTC's version: {@code 13.0}. */
    public static String version() {
        requireLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment major = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment minor = arena.allocate(ValueLayout.JAVA_INT);
            check(nvrtcVersion(major, minor), "nvrtcVersion", "-", "");
            return major.get(ValueLayout.JAVA_INT, 0) + "." + minor.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /**
     * Compiles {@code source} with {@code options}, which must name a real architecture
     * ({@code --gpu-architecture=sm_90}) so that the result is a CUBIN.
     *
     * @param programName the name compile errors are reported under: {@code RedBlackKernels.cu}
     * @throws NvrtcException with the compile log when NVRTC refuses the program
     */
    public static byte[] compileToCubin(String source, String programName, List<String> options) {
        requireLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment programOut = arena.allocate(ValueLayout.JAVA_LONG);
            check(nvrtcCreateProgram(programOut, arena.allocateFrom(source), arena.allocateFrom(programName), 0,
                    MemorySegment.NULL, MemorySegment.NULL), "nvrtcCreateProgram", programName, "");
            long program = programOut.get(ValueLayout.JAVA_LONG, 0);
            try {
                MemorySegment optionArray = arena.allocate(ValueLayout.ADDRESS, Math.max(1, options.size()));
                for (int i = 0; i < options.size(); i++) {
                    optionArray.setAtIndex(ValueLayout.ADDRESS, i, arena.allocateFrom(options.get(i)));
                }
                int compiled = nvrtcCompileProgram(program, options.size(), optionArray);
                check(compiled, "nvrtcCompileProgram", programName, compiled == NVRTC_SUCCESS ? "" : log(program, arena));
                MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
                check(nvrtcGetCUBINSize(program, size), "nvrtcGetCUBINSize", programName, "");
                long bytes = size.get(ValueLayout.JAVA_LONG, 0);
                if (bytes == 0) {
                    throw new IllegalArgumentException("NVRTC made no CUBIN for " + programName
                            + ": the options name a virtual architecture, not a real one (sm_XY): " + options);
                }
                MemorySegment cubin = arena.allocate(bytes);
                check(nvrtcGetCUBIN(program, cubin), "nvrtcGetCUBIN", programName, "");
                return cubin.toArray(ValueLayout.JAVA_BYTE);
            } finally {
                nvrtcDestroyProgram(programOut);
            }
        }
    }

    private static String log(long program, Arena arena) {
        MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
        if (nvrtcGetProgramLogSize(program, size) != NVRTC_SUCCESS) {
            return "";
        }
        MemorySegment log = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
        return nvrtcGetProgramLog(program, log) == NVRTC_SUCCESS ? log.getString(0) : "";
    }

    private static void check(int result, String call, String programName, String log) {
        if (result != NVRTC_SUCCESS) {
            throw new NvrtcException(call, result, errorName(result), programName, log);
        }
    }

    @SuppressWarnings("restricted")
    private static String errorName(int result) {
        MemorySegment name = nvrtcGetErrorString(result);
        return name.equals(MemorySegment.NULL) ? "nvrtcResult " + result : name.reinterpret(Long.MAX_VALUE).getString(0);
    }

    private static void requireLoaded() {
        if (!isLoaded()) {
            throw new IllegalStateException(NvrtcLibrary.notFoundReason());
        }
    }
}
