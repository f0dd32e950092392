package org.holdfast.bench;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bench.report.ResultRow;

/** {@code --help}: what Holdfast does, every option with its default, and the exit statuses. */
final class Help {

    private static final int WIDTH = 100;

    private static final String ABOUT = """
            Measures, on a real GPU, standard kernel launches against persistent (co-resident) kernels for a
            red-black Gauss-Seidel Poisson solver whose kernels are written in Java. Every mode solves the same
            problem from the same array; a short run from a random interior and every timed repeat are checked
            over the full array against a plain reference, and a row that does not match has no time. With no
            options it runs config/default: the CPU modes everywhere, the GPU modes where there is a GPU.
            """;

    private static final String EXAMPLES = """

            Examples:
              holdfast                                  run config/default
              holdfast -m cpu,cpu-parallel -n 101 -i 500
              holdfast -c small -k java,native          the small sweep, Java and hand-written kernels
              holdfast --devices                        what this machine can run

            Output: results.csv (a line per row as soon as it is measured), then results.json and the plots,
            in results/<config name> or -o DIR; the last line on stderr says where. A run owns its folder: a
            second run into it stops at once, and the files of the run before are replaced, never mixed.
            What every column means: docs/columns.md (in the source tree and the bundle).
            Modes that cannot run here are named, with the reason, when the run starts. A row whose
            repeats spread more than %s says ok (spread > %<s): correct, but roughly timed.
            Before a run that takes at least %s (a lower bound from its sizes, iterations, repeats and
            the speed of each mode's device: this CPU's, measured, or the fastest GPU's), a warning says
            so; Ctrl-C stops a run and keeps the rows measured so far.

            Exit status: 0 every row ran and matched the reference; 1 a mode failed or did not match;
            2 bad input (options, config, sizes that do not fit, an output folder that cannot be written
            or is in use by another run); 3 cannot run here: a mode asked for by name (no GPU, driver or
            native library), or a variant refused by its planner at a size (its row says refused: and
            why), while the rest ran; 130 (Ctrl-C) or 143 (SIGTERM) stopped, the rows measured
            so far kept and results.json marked interrupted.
            """;

    private Help() {
    }

    static void print(PrintStream out, Options options) {
        HelpFormatter formatter = HelpFormatter.builder().get();
        formatter.setOptionComparator(null); // the order the options were added in
        PrintWriter writer = new PrintWriter(out);
        formatter.printUsage(writer, WIDTH, "holdfast", options);
        writer.println();
        writer.print(ABOUT);
        writer.println();
        formatter.printOptions(writer, WIDTH, options, 2, 3);
        writer.print(EXAMPLES.formatted(Math.round(ResultRow.WIDE_SPREAD_PERCENT) + "%",
                Progress.duration(RunEstimate.WARN_SECONDS)));
        writer.flush();
    }
}
