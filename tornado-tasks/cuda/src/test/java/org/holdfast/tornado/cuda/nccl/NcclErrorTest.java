package org.holdfast.tornado.cuda.nccl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The {@code ncclResult_t} codes by name, and the message of a failed call. */
class NcclErrorTest {

    @Test
    void everyCodeOfTheHeaderHasItsName() {
        String[] names = {"ncclSuccess", "ncclUnhandledCudaError", "ncclSystemError", "ncclInternalError", "ncclInvalidArgument",
            "ncclInvalidUsage", "ncclRemoteError", "ncclInProgress", "ncclTimeout"};
        for (int code = 0; code < names.length; code++) {
            assertEquals(names[code], NcclError.of(code).headerName());
            assertEquals(code, NcclError.of(code).code());
        }
        assertEquals(NcclError.UNKNOWN, NcclError.of(9));
        assertEquals(NcclError.UNKNOWN, NcclError.of(-1));
    }

    @Test
    void theMessageNamesTheCallTheErrorAndNcclsWords() {
        assertEquals("ncclSend failed: ncclInvalidArgument (invalid argument): peer 5 is out of range",
                NcclException.message("ncclSend", 4, "invalid argument", "peer 5 is out of range\n"));
        assertEquals("ncclGroupEnd failed: ncclResult_t 42", NcclException.message("ncclGroupEnd", 42, null, ""));
        NcclException exception = new NcclException("ncclRecv", 8, "timeout", null);
        assertEquals(NcclError.TIMEOUT, exception.error());
        assertEquals("ncclRecv", exception.call());
        assertEquals(8, exception.code());
    }
}
