package org.holdfast.tornado.cuda.nvrtc;

/**
 * A GPU's compute capability, which names the real architecture NVRTC compiles for.
 *
 * @param major compute capability major version (9 on the H200)
 * @param minor compute capability minor version (0 on the H200)
 */
public record GpuArchitecture(int major, int minor) {

    public GpuArchitecture {
        if (major < 1 || minor < 0 || minor > 9) {
            throw new IllegalArgumentException("not a compute capability: " + major + "." + minor);
        }
    }

    /** The real architecture: {@code sm_90}. */
    public String smName() {
        return "sm_" + major + minor;
    }

    @Override
    public String toString() {
        return smName();
    }
}
