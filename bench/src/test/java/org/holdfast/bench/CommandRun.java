package org.holdfast.bench;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** Runs the {@code holdfast} command in-process and keeps what it printed. */
record CommandRun(int status, String out, String err) {

    static CommandRun of(String... args) {
        return in(StandardCharsets.UTF_8, args);
    }

    /** The command printing to streams of {@code charset}, as a console of that locale would take them. */
    static CommandRun in(Charset charset, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream outStream = new PrintStream(out, true, charset);
                PrintStream errStream = new PrintStream(err, true, charset)) {
            status = new Holdfast(outStream, errStream).run(args);
        }
        return new CommandRun(status, out.toString(charset), err.toString(charset));
    }
}
