package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.testutil.Logs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property: whatever happens to the lines of a real log (deleted, duplicated, truncated, garbled, a BOM in the
 * middle, a damaged column, an absurd time, a cut line or a failed run appended), reading it gives either run
 * records that keep their invariants or the documented {@link LogFormatException}. The invariants: the phases
 * add up to the total, no span is negative, an index's time is the time difference to the next line whose time
 * can be read, or unknown; and, for the damage kinds alone on an intact log, the status and total are the log's.
 */
class MutatedLogsTest {
    private static final String[] LOGS = {
        "shop-tdrw.log",
        "small-tdrw.log",
        "dupfail-tdrw.log",
        "shop-cut.log",
        "shop-services-fbsvcmgr.log",
        "shop-td.log"
    };

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> 0x5EED0000L + i);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void mutatedRealLogGivesARunOrTheDocumentedError(long seed, @TempDir Path dir) throws Exception {
        Random rnd = new Random(seed);
        String name = LOGS[rnd.nextInt(LOGS.length)];
        List<String> lines = linesOf(name);
        int mutations = 1 + rnd.nextInt(12);
        boolean cutTail = false;
        for (int m = 0; m < mutations && !lines.isEmpty(); m++) {
            int i = rnd.nextInt(lines.size());
            int kind = rnd.nextInt(12);
            if (kind >= 6) {
                cutTail |= damage(lines, kind - 6, i, rnd);
                continue;
            }
            switch (kind) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, lines.get(i));
                case 2 ->
                    lines.set(
                            i,
                            lines.get(i).substring(0, rnd.nextInt(lines.get(i).length() + 1)));
                case 3 -> lines.set(i, garble(lines.get(i), rnd));
                case 4 -> lines.subList(i, lines.size()).clear(); // cut off
                default -> {
                    int j = rnd.nextInt(lines.size());
                    String t = lines.get(i);
                    lines.set(i, lines.get(j));
                    lines.set(j, t);
                }
            }
        }
        Path f = write(dir.resolve(name), lines, cutTail);
        try {
            for (RestoreRun run : LogReader.readAll(f, null)) {
                assertInvariants(run, lines);
            }
        } catch (LogFormatException ex) {
            assertThat(ex.oneLine()).startsWith(f.toString()).doesNotContain("\n");
        }
    }

    private static final String[] INTACT = {
        "shop-tdrw.log",
        "small-tdrw.log",
        "dupfail-tdrw.log",
        "shop-cut.log",
        "shop-services-fbsvcmgr.log",
        "shop-td.log",
        "shop-t.log"
    };

    /** The six damage kinds, one at a time on an intact real log: the record keeps the log's status and total. */
    @ParameterizedTest
    @MethodSource("seeds")
    void oneDamageOnAnIntactLogKeepsItsStatusAndTotal(long seed, @TempDir Path dir) throws Exception {
        Random rnd = new Random(seed);
        String name = INTACT[rnd.nextInt(INTACT.length)];
        RestoreRun intact = Logs.read(name);
        List<String> lines = linesOf(name);
        int kind = rnd.nextInt(6);
        int i = 2 + rnd.nextInt(lastStatsLine(lines) - 2); // after the first timed line, before the last one
        boolean cutTail = damage(lines, kind, i, rnd);
        Path f = write(dir.resolve(name), lines, cutTail);

        List<RestoreRun> runs = LogReader.readAll(f, null);

        runs.forEach(r -> assertInvariants(r, lines));
        RestoreRun run = runs.get(0);
        assertThat(run.status()).as("kind %d at line %d", kind, i + 1).isEqualTo(intact.status());
        assertThat(run.totalSeconds()).as("kind %d at line %d", kind, i + 1).isEqualTo(intact.totalSeconds());
        if (kind >= 4) { // a failed run appended: a record of its own, failed, as alone
            assertThat(runs).hasSize(2);
            assertThat(runs.get(1).status()).isEqualTo(RunStatus.FAILED);
        } else {
            assertThat(runs).hasSize(1);
        }
        if (kind == 0) { // a BOM in the middle is a blank
            assertThat(run.toBuilder().source("x").warnings(List.of()).build())
                    .isEqualTo(
                            intact.toBuilder().source("x").warnings(List.of()).build());
        }
    }

    /**
     * One of the damage kinds at line i: 0 a UTF-8 BOM before it, 1 one digit of its statistics damaged, 2 its
     * time absurd, 3 a cut line appended to the log (returns true: the file ends without a line end), 4 a failed
     * restore without -st appended (real gbak output), 5 another gbak call's errors appended, refused at its start
     * (real gbak output: an unknown switch, a database that exists, a wrong password, through gbak or fbsvcmgr).
     */
    private static boolean damage(List<String> lines, int kind, int i, Random rnd) throws Exception {
        String l = lines.get(i);
        Matcher m = TIME.matcher(l);
        switch (kind) {
            case 0 -> lines.set(i, "\uFEFF" + l);
            case 1 -> {
                int colon = l.indexOf("gbak:");
                List<Integer> digits = new ArrayList<>();
                for (int k = colon + 5; colon >= 0 && k < Math.min(l.length(), colon + 40); k++) {
                    if (Character.isDigit(l.charAt(k))) {
                        digits.add(k);
                    }
                }
                if (!digits.isEmpty()) {
                    int k = digits.get(rnd.nextInt(digits.size()));
                    lines.set(i, l.substring(0, k) + "BZ".charAt(rnd.nextInt(2)) + l.substring(k + 1));
                }
            }
            case 2 -> {
                if (m.find()) {
                    lines.set(i, l.substring(0, m.start(1)) + "999999999999.999" + l.substring(m.end(1)));
                }
            }
            case 3 -> {
                lines.add("gbak:" + " ".repeat(1 + rnd.nextInt(4)) + rnd.nextInt(100) + "." + (100 + rnd.nextInt(900))
                        + " ");
                return true;
            }
            case 4 ->
                lines.addAll(Files.readAllLines(
                        Path.of(MutatedLogsTest.class
                                .getResource("/more-logs/small-nost-exists.log")
                                .toURI()),
                        StandardCharsets.UTF_8));
            default -> {
                String[] refused = {
                    "small-y-then-exists.log",
                    "small-then-unknown-switch.log",
                    "small-then-wrong-password.log",
                    "svc-then-exists.log"
                };
                List<String> log = Files.readAllLines(
                        Path.of(MutatedLogsTest.class
                                .getResource("/more-logs/" + refused[rnd.nextInt(refused.length)])
                                .toURI()),
                        StandardCharsets.UTF_8);
                lines.addAll(log.subList(127, log.size())); // each file's completed restore is its lines 1-127
            }
        }
        return false;
    }

    private static List<String> linesOf(String log) throws Exception {
        return new ArrayList<>(Files.readAllLines(Logs.log(log), StandardCharsets.UTF_8));
    }

    private static Path write(Path f, List<String> lines, boolean cutTail) throws Exception {
        String text = String.join("\n", lines) + (cutTail ? "" : "\n");
        return Files.writeString(f, text, StandardCharsets.UTF_8);
    }

    /** gbak's time column as a reader sees it: the first number after {@code gbak:}, a decimal point and 1-3 decimals. */
    private static final Pattern TIME = Pattern.compile("^\\s*\uFEFF?\\s*gbak:\\s+(\\d+\\.\\d{1,3})(\\s|$)");

    private static int lastStatsLine(List<String> lines) {
        int last = 0;
        for (int k = 0; k < lines.size(); k++) {
            if (TIME.matcher(lines.get(k)).find()) {
                last = k;
            }
        }
        return last;
    }

    private static void assertInvariants(RestoreRun run, List<String> lines) {
        assertThat(run.status()).isNotNull();
        // a phase is unknown (an excerpt's, before its first line) or has a time, never a negative one
        assertThat(run.phases()).allSatisfy(p -> {
            if (p.seconds() != null) {
                assertThat(p.seconds()).isGreaterThanOrEqualTo(0);
            }
        });
        run.tables().forEach(t -> {
            if (t.seconds() != null) {
                assertThat(t.seconds()).as(t.name()).isGreaterThanOrEqualTo(0);
            }
        });
        run.indexes().forEach(ix -> {
            if (ix.seconds() != null) {
                assertThat(ix.seconds()).as(ix.name()).isGreaterThanOrEqualTo(0);
                assertThat(timedByItsNextReadableLine(ix, lines))
                        .as("%s: %s s from %s s", ix.name(), ix.seconds(), ix.startSeconds())
                        .isTrue();
            }
        });
        if (run.totalSeconds() != null) {
            assertThat(run.phases()).allSatisfy(p -> assertThat(p.seconds()).isNotNull());
            double sum = run.phases().stream().mapToDouble(PhaseTime::seconds).sum();
            assertThat(sum).isCloseTo(run.totalSeconds(), org.assertj.core.api.Assertions.within(0.001));
        }
        assertThat(RunJson.toJson(run)).contains("gbakprof.run/1");
    }

    /** Some line that starts the index's build at its start time is followed, at the next readable time, by its end. */
    private static boolean timedByItsNextReadableLine(IndexBuild ix, List<String> lines) {
        for (int k = 0; k < lines.size(); k++) {
            String l = lines.get(k);
            Matcher m = TIME.matcher(l);
            if (!l.contains("activating and creating deferred index " + ix.name())
                    || !m.find()
                    || ix.startSeconds() == null
                    || Math.abs(Double.parseDouble(m.group(1)) - ix.startSeconds()) > 0.0005) {
                continue;
            }
            for (int j = k + 1; j < lines.size(); j++) {
                Matcher next = TIME.matcher(lines.get(j));
                if (next.find()) {
                    if (Math.abs(Double.parseDouble(next.group(1)) - ix.startSeconds() - ix.seconds()) <= 0.0005) {
                        return true;
                    }
                    break;
                }
            }
        }
        return false;
    }

    private static String garble(String s, Random rnd) {
        char[] c = s.toCharArray();
        for (int k = 0; k < 1 + rnd.nextInt(5) && c.length > 0; k++) {
            c[rnd.nextInt(c.length)] =
                    (char) (rnd.nextInt(3) == 0 ? rnd.nextInt(0x250) : " 0123456789.:gbakx".charAt(rnd.nextInt(18)));
        }
        return new String(c);
    }
}
