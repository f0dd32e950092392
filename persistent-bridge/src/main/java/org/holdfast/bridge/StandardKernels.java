package org.holdfast.bridge;

/**
 * Driver-API handles ({@code CUfunction}) of the hand-written standard kernels, for launching
 * them with cuLaunchKernel like the Java-compiled ones: {@code hf_red} and {@code hf_black} take
 * (double* u, const double* f, int n, double h2), {@code hf_empty} takes nothing.
 */
public record StandardKernels(long red, long black, long empty) {
}
