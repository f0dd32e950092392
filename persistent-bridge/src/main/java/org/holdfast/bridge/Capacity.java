package org.holdfast.bridge;

/**
 * Occupancy of one persistent kernel at a block size and dynamic shared memory ({@code hf_capacity}).
 *
 * @param blocksPerSm blocks of this kernel one multiprocessor holds at once
 * @param smCount multiprocessors of the device
 * @param cooperativeLaunch whether the device supports cooperative launch
 * @param device the device queried
 */
public record Capacity(int blocksPerSm, int smCount, boolean cooperativeLaunch, int device) {

    /** The largest grid that is co-resident: blocks per SM times SMs. */
    public int maxCoResident() {
        return blocksPerSm * smCount;
    }
}
