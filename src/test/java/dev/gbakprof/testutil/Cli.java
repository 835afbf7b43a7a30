package dev.gbakprof.testutil;

import dev.gbakprof.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the gbakprof CLI in-process, as {@code main} would, with its output captured. */
public final class Cli {
    private Cli() {}

    /** Exit code and what the command printed on each stream. */
    public record Result(int code, String out, String err) {}

    public static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }
}
