package org.holdfast.bridge;

/**
 * Host seconds per launch of an empty kernel through cuLaunchKernel, measured in C.
 *
 * @param queuedSeconds launches back to back, one stream sync at the end
 * @param syncedSeconds a stream sync after every launch
 */
public record LaunchOverhead(double queuedSeconds, double syncedSeconds) {
}
