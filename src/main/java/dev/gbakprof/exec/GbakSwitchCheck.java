package dev.gbakprof.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks the gbak that will restore whether it accepts a set of switches, before hours of restores start:
 * {@code gbak -c SWITCHES -z} reads and checks every switch and its value, prints its version, then stops
 * with "requires both input and output filenames" without touching any file or server. A switch gbak
 * does not know gives {@code unknown switch "PAR"} (Firebird 3 has no {@code -par}), a bad value
 * {@code expected page buffers, encountered "abc"}. {@code -se} and its value are left out of the check:
 * with them gbak would connect to the services manager. A gbak file, unchanged ({@link FileStamp}), is asked about one
 * set of switches once in a process, as {@link GbakVersion} asks its version once; a check that did not end (no answer
 * in time, a program that cannot be started) is not kept.
 */
public final class GbakSwitchCheck {
    private static final Pattern UNKNOWN = Pattern.compile("unknown switch \"([^\"]*)\"");
    private static final String NO_FILES = "requires both input and output filenames";

    /** The verdicts gbak files gave, by their stamp and the switches checked. */
    private static final Map<List<Object>, Optional<String>> JUDGED = new ConcurrentHashMap<>();

    private GbakSwitchCheck() {}

    /** Why gbak refuses these switches, in one line, or empty when it accepts them. */
    public static Optional<String> problem(Path gbak, List<String> switches) throws IOException, InterruptedException {
        List<String> checked = new ArrayList<>();
        for (int i = 0; i < switches.size(); i++) {
            if (GbakInvocation.isServiceSwitch(switches.get(i))) {
                i++; // and its value: the server is checked when the restore connects
            } else {
                checked.add(switches.get(i));
            }
        }
        if (checked.isEmpty()) {
            return Optional.empty(); // -se alone: nothing for gbak to check
        }
        FileStamp stamp = FileStamp.of(gbak);
        List<Object> key = stamp == null ? null : List.of(stamp, List.copyOf(checked));
        if (key != null && JUDGED.containsKey(key)) {
            return JUDGED.get(key);
        }
        List<String> cmd = new ArrayList<>(List.of(gbak.toString(), "-c"));
        cmd.addAll(checked);
        cmd.add("-z");
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("ISC_PASSWORD"); // nothing is opened: no secret goes to this gbak
        ProcessTree.Output probe = ProcessTree.run(pb, Duration.ofSeconds(20), 256 * 1024, StandardCharsets.UTF_8);
        if (probe.timedOut()) {
            return Optional.of(gbak + " did not answer `gbak -c SWITCHES -z` within 20 s (stopped)");
        }
        Optional<String> verdict = judge(probe.text(), String.join(" ", checked));
        if (key != null) {
            JUDGED.put(key, verdict);
        }
        return verdict;
    }

    /** The verdict on what {@code gbak -c SWITCHES -z} printed. */
    static Optional<String> judge(String output, String switches) {
        String version = null;
        for (String line : output.split("\\R")) {
            int at = line.indexOf("gbak version ");
            if (at >= 0) {
                version = line.substring(at + "gbak version ".length()).strip();
            }
        }
        Matcher unknown = UNKNOWN.matcher(output);
        if (unknown.find()) {
            String sw = "-" + unknown.group(1).toLowerCase(Locale.ROOT);
            String why = sw.equals("-par") || sw.startsWith("-paralle")
                    ? ": parallel restore (-par) needs Firebird 5 or later"
                    : "";
            return Optional.of("gbak does not know the switch " + sw + why + " (gbak's words: unknown switch \""
                    + unknown.group(1) + "\")");
        }
        for (String line : output.split("\\R")) {
            int err = line.indexOf("ERROR:");
            if (err >= 0 && !line.contains(NO_FILES)) {
                return Optional.of("gbak" + (version == null ? "" : " " + version) + " refuses '" + switches + "': "
                        + line.substring(err + "ERROR:".length()).strip());
            }
        }
        if (!output.contains(NO_FILES)) {
            String first = output.strip().lines().findFirst().orElse("(nothing)");
            return Optional.of("gbak did not check the switches '" + switches + "' as expected; it said: " + first);
        }
        return Optional.empty();
    }
}
