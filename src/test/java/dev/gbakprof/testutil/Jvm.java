package dev.gbakprof.testutil;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** gbakprof in a JVM of its own, as a DBA starts it: for what needs a real process (a second run, stdout on a file). */
public final class Jvm {
    private Jvm() {}

    /** Starts {@code gbakprof ARGS} with stdout to {@code out} and stderr to {@code err}. */
    public static Process start(File out, File err, String... args) throws IOException {
        return new ProcessBuilder(command(args))
                .redirectOutput(out)
                .redirectError(err)
                .start();
    }

    /** The command line of {@code gbakprof ARGS} in a JVM of its own, with the tests' class path. */
    public static List<String> command(String... args) {
        return commandOf("dev.gbakprof.cli.Main", args);
    }

    /** The command line of the class {@code main}'s {@code main(ARGS)} in a JVM of its own, with the tests' class path. */
    public static List<String> commandOf(String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                main));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * {@code cmd} started with SIGINT back at its default: a test that sends a real SIGINT must reach gbakprof's Ctrl-C
     * handling also when the test itself was started with SIGINT ignored (a background job of a non-interactive shell
     * is; the JVM then installs no handler, and its children inherit the ignore). {@code env --default-signal}
     * (coreutils 8.31 and later) execs the command: its pid is the JVM's.
     */
    public static List<String> interruptible(List<String> cmd) {
        List<String> out = new ArrayList<>(List.of("env", "--default-signal=INT"));
        out.addAll(cmd);
        return out;
    }
}
