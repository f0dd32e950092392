package org.holdfast.bench;

/** Entry point of the {@code holdfast} command. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        int status = new Holdfast(System.out, System.err).run(args);
        System.out.flush();
        System.exit(status);
    }
}
