package dev.gbakprof.power;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@link CommandRunner} that answers from recorded outputs and records every call. A command it has no
 * answer for behaves like a program that is not installed.
 */
public final class RecordedRunner implements CommandRunner {
    private final Map<String, Function<List<String>, Result>> answers = new HashMap<>();
    private final List<List<String>> calls = new ArrayList<>();

    /** Answers {@code command} (words joined by one space) with {@code stdout} and exit code 0. */
    public RecordedRunner ok(String command, String stdout) {
        return answer(command, c -> new Result(0, stdout, ""));
    }

    public RecordedRunner fails(String command, int exitCode, String stderr) {
        return answer(command, c -> new Result(exitCode, "", stderr));
    }

    public RecordedRunner answer(String command, Function<List<String>, Result> answer) {
        answers.put(command, answer);
        return this;
    }

    @Override
    public Result run(List<String> command) throws IOException {
        calls.add(List.copyOf(command));
        Function<List<String>, Result> answer = answers.get(String.join(" ", command));
        if (answer == null) {
            throw new IOException("Cannot run program \"" + command.get(0) + "\": error=2, No such file or directory");
        }
        return answer.apply(command);
    }

    public List<List<String>> calls() {
        return calls;
    }

    /** A recorded powercfg output from {@code src/test/resources/powercfg/}. */
    public static String powercfg(String file) {
        try (var in = RecordedRunner.class.getResourceAsStream("/powercfg/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no recorded output " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
