package dev.gbakprof.exec;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a program given as gbak says of itself when asked {@code gbak -z}: its version ({@code LI-V4.0.5.3140 Firebird
 * 4.0}, from its first line {@code gbak:gbak version …}), or why it is no gbak that works here. The one check of
 * {@code run --gbak} and {@code matrix --gbak}, {@code --vary 'gbak:…'}: a program that cannot start (Firebird 4.0's
 * gbak binary without its libraries: exit code 127 and the loader's line) or another Firebird tool ({@code isql-fb -z}
 * says {@code ISQL Version: …}) is refused before anything is restored, instead of a failed restore being recorded.
 *
 * <p>A command asks each gbak once: its answer is kept by the file's {@link FileStamp} (path, size, modification time)
 * for the rest of the process, so {@code run}'s checks, its restore and its record, {@code matrix}'s arms and each of
 * its restores, {@code run --jobs}'s jobs take the version asked first. A file that changed since is asked again. What
 * is no answer (a program that does not start, that is no gbak or did not answer in time) is never kept: asking again
 * says it again, or finds it mended.
 *
 * @param version what gbak said it is, {@code null} when it said no version
 * @param problem why it is no gbak that works here, in a few words ({@code does not start: error while loading shared
 *                libraries: …}); {@code null} when it answered with its version
 */
public record GbakVersion(String version, String problem) {
    /** How long {@code gbak -z} may take to answer. */
    static final Duration LIMIT = Duration.ofSeconds(10);

    private static final String PREFIX = "gbak version ";

    /** The versions gbak files answered, by their stamp. */
    private static final Map<FileStamp, GbakVersion> ANSWERED = new ConcurrentHashMap<>();

    /**
     * Asks {@code gbak -z} (nothing is opened; its input is empty, so a program that reads it ends too), unless this
     * file, unchanged, answered before.
     */
    public static GbakVersion ask(Path gbak) {
        FileStamp stamp = FileStamp.of(gbak);
        GbakVersion known = stamp == null ? null : ANSWERED.get(stamp);
        if (known != null) {
            return known;
        }
        GbakVersion asked = askNow(gbak);
        if (stamp != null && asked.answers()) {
            ANSWERED.put(stamp, asked);
        }
        return asked;
    }

    private static GbakVersion askNow(Path gbak) {
        ProcessTree.Output out;
        try {
            out = ProcessTree.run(
                    new ProcessBuilder(gbak.toString(), "-z"), LIMIT, 64 * 1024, Charset.defaultCharset());
        } catch (IOException ex) {
            return new GbakVersion(null, "cannot be started (" + ex.getMessage() + ")");
        }
        if (out.timedOut()) {
            return new GbakVersion(null, "did not answer gbak -z within " + LIMIT.toSeconds() + " s (stopped)");
        }
        return judge(gbak, out.text(), out.exitCode());
    }

    /** The verdict on what {@code gbak -z} printed and its exit code. */
    static GbakVersion judge(Path gbak, String output, Integer exitCode) {
        for (String line : output.split("\\R")) {
            int at = line.indexOf(PREFIX);
            if (at >= 0) {
                return new GbakVersion(line.substring(at + PREFIX.length()).strip(), null);
            }
        }
        String first = output.strip().lines().findFirst().orElse("").strip();
        // the loader's or the shell's line names the program first: "/…/bin/gbak: error while loading shared…"
        String said = first.startsWith(gbak + ":")
                ? first.substring(gbak.toString().length() + 1).strip()
                : first;
        boolean unstartable = exitCode != null && (exitCode == 126 || exitCode == 127)
                || said.toLowerCase(Locale.ROOT).contains("error while loading shared libraries");
        if (unstartable) {
            return new GbakVersion(
                    null,
                    "does not start"
                            + (said.isEmpty() ? " (exit code " + exitCode + ")" : ": " + said)
                            + (said.contains("shared librar")
                                    ? " (run it as its installation does, with its libraries on the library path)"
                                    : ""));
        }
        return new GbakVersion(
                null,
                said.isEmpty()
                        ? "not gbak (its -z printed nothing" + (exitCode == null ? "" : ", exit code " + exitCode) + ")"
                        : "not gbak (its -z says " + said + ")");
    }

    /** It answered with its version. */
    public boolean answers() {
        return version != null;
    }

    /**
     * The one line a command refuses it with: {@code --gbak /usr/bin/isql-fb: not gbak (its -z says ISQL Version: …);
     * expected the gbak program (nothing was restored)}.
     *
     * @param option the option that named it ({@code --gbak}, {@code --vary:})
     */
    public String refusal(String option, Path gbak) {
        return option + " " + gbak + ": " + problem + "; expected the gbak program (nothing was restored)";
    }
}
