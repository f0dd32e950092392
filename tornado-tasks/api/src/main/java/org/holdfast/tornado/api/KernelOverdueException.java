package org.holdfast.tornado.api;

/**
 * An execution whose kernels did not finish within the plan's deadline (twice its watchdog plus a
 * second): a kernel still runs on the device, perhaps forever (a hardware barrier no watchdog
 * bounds). The plan refuses further executes and leaves its device memory allocated, as freeing
 * it would wait for the kernel; the device should not be measured on until the process ends.
 */
public final class KernelOverdueException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KernelOverdueException(String message) {
        super(message);
    }
}
