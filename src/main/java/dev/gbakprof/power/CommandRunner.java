package dev.gbakprof.power;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Runs the few system tools the power probes need ({@code powercfg}, {@code powerprofilesctl},
 * {@code tuned-adm}). Tests feed recorded outputs through their own implementation and record the calls.
 */
interface CommandRunner {

    /**
     * Runs {@code command} and waits for it.
     *
     * @throws IOException when the program cannot be started (not installed, not on the PATH)
     */
    Result run(List<String> command) throws IOException;

    /** What a finished command printed. */
    record Result(int exitCode, String stdout, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** The first non-blank line of stderr, else of stdout: what to tell the user when it failed. */
        public String firstMessageLine() {
            for (String text : List.of(stderr, stdout)) {
                for (String line : text.split("\\R")) {
                    if (!line.isBlank()) {
                        return line.strip();
                    }
                }
            }
            return "";
        }
    }

    /** Runs real processes; a command that does not finish within 30 seconds is killed. */
    static CommandRunner system() {
        return new ProcessCommandRunner(Duration.ofSeconds(30));
    }
}
