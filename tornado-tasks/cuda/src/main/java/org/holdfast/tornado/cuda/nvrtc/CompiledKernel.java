package org.holdfast.tornado.cuda.nvrtc;

/**
 * A CUBIN from {@link KernelCompiler}.
 *
 * @param cubin the image to load with {@code cuModuleLoadData}
 * @param cacheKey the key it is cached under
 * @param fromCache whether it came from the disk cache rather than from NVRTC
 */
public record CompiledKernel(byte[] cubin, String cacheKey, boolean fromCache) {
}
