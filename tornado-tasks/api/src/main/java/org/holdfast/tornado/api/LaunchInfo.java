package org.holdfast.tornado.api;

import java.util.Arrays;

/**
 * How one task is launched, for {@code --thread-info}.
 *
 * @param task the task key, {@code graph.task}
 * @param kernel the kernel's name in the generated code
 * @param grid groups (blocks) per dimension
 * @param block threads per group per dimension
 * @param sharedBytes dynamic shared memory per block
 * @param device where it runs
 */
public record LaunchInfo(String task, String kernel, int[] grid, int[] block, int sharedBytes, String device) {

    @Override
    public String toString() {
        return String.format("task %s (kernel %s) on %s: grid %s, block %s, %d shared bytes, %d threads", task, kernel,
                device, Arrays.toString(grid), Arrays.toString(block), sharedBytes,
                (long) grid[0] * grid[1] * grid[2] * block[0] * block[1] * block[2]);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LaunchInfo o && task.equals(o.task) && kernel.equals(o.kernel)
                && Arrays.equals(grid, o.grid) && Arrays.equals(block, o.block) && sharedBytes == o.sharedBytes
                && device.equals(o.device);
    }

    @Override
    public int hashCode() {
        return task.hashCode() * 31 + Arrays.hashCode(grid);
    }
}
