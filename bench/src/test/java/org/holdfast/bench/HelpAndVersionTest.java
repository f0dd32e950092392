package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.cli.Option;
import org.holdfast.bench.cli.HoldfastOptions;
import org.junit.jupiter.api.Test;

class HelpAndVersionTest {

    @Test
    void helpExitsZeroAndListsEveryOptionWithItsPlaceholder() {
        CommandRun run = CommandRun.of("--help");
        assertEquals(ExitCode.OK, run.status());
        assertEquals("", run.err());
        for (Option option : HoldfastOptions.create().getOptions()) {
            assertTrue(run.out().contains("--" + option.getLongOpt()), "help mentions --" + option.getLongOpt());
            if (option.hasArg()) {
                assertTrue(run.out().contains("--" + option.getLongOpt() + " <" + option.getArgName() + ">"),
                        "help shows the placeholder of --" + option.getLongOpt());
            }
        }
        assertEquals(ExitCode.OK, CommandRun.of("-h").status());
    }

    @Test
    void everyValueIsNamedForWhatItIs() {
        String help = CommandRun.of("--help").out();
        for (String shown : java.util.List.of("-n,--sizes <N,...>", "-r,--repeats <count>", "-t,--threads <threads>",
                "--sweeps-per-launch <k,...>", "--sweeps-per-exchange <k,...>", "--barrier <barrier,...>", "--poll <poll>",
                "--watchdog <seconds>", "--seed <seed>", "-c,--config <name|file>")) {
            assertTrue(help.contains(shown), "help shows " + shown);
        }
        for (Option option : HoldfastOptions.create().getOptions()) {
            if (option.hasArg()) {
                assertTrue(option.getArgName().equals(option.getArgName().toLowerCase(java.util.Locale.ROOT))
                        || option.getArgName().startsWith("N,"), "--" + option.getLongOpt() + " <" + option.getArgName() + ">");
            }
        }
    }

    @Test
    void everyOptionSaysItsDefault() {
        for (Option option : HoldfastOptions.create().getOptions()) {
            assertTrue(option.getDescription().contains("(default: "), "--" + option.getLongOpt() + " says its default");
        }
    }

    @Test
    void versionExitsZero() {
        CommandRun run = CommandRun.of("--version");
        assertEquals(ExitCode.OK, run.status());
        assertTrue(run.out().matches("holdfast \\d+\\.\\d+\\.\\d+ \\(Java 25.*\\)\n"), run.out());
        assertEquals(ExitCode.OK, CommandRun.of("-V").status());
    }

    @Test
    void devicesListsBothCpuDevices() {
        CommandRun run = CommandRun.of("--devices");
        assertEquals(ExitCode.OK, run.status());
        assertTrue(run.out().contains("cpu: the Java kernels on one thread"), run.out());
        assertTrue(run.out().contains("cpu-parallel: the Java kernels on all cores"), run.out());
    }
}
