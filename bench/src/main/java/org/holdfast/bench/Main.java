package org.holdfast.bench;

/** Entry point of the {@code holdfast} command. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        int status;
        try {
            status = new Holdfast(System.out, System.err).run(args);
        } catch (RuntimeException | Error e) {
            // A failure nothing else caught (a full disk, a driver gone): one line, the trace on request.
            System.err.println("holdfast: failed: " + (e.getMessage() == null ? e.getClass().getName() : e.getMessage())
                    + (System.getenv("HOLDFAST_DEBUG") == null ? " (HOLDFAST_DEBUG=1 shows where)" : ""));
            if (System.getenv("HOLDFAST_DEBUG") != null) {
                e.printStackTrace();
            }
            status = ExitCode.FAILED;
        }
        System.out.flush();
        System.exit(status);
    }
}
