package org.holdfast.bridge;

/**
 * The GPU runtime the library was built for and the versions it reports.
 *
 * @param runtimeName "CUDA" or "HIP"
 * @param runtimeVersion 1000 * major + 10 * minor
 * @param driverVersion the same encoding; 0 when no driver is installed
 */
public record RuntimeVersions(String runtimeName, int runtimeVersion, int driverVersion) {
}
