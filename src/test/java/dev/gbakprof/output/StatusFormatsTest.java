package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Durations;
import dev.gbakprof.store.LiveRuns;
import dev.gbakprof.store.RunMarker;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status}' text and JSON on a run folder whose gbakprof is gone (a killed run: its marker names a process that
 * does not exist, its log stopped in the metadata), at a fixed time.
 */
class StatusFormatsTest {
    @TempDir
    Path dir;

    @Test
    void aKilledRunIsOneRowAndOneRestoreOfTheJson() throws Exception {
        Path runs = dir.resolve("runs");
        Path folder = Files.createDirectories(runs.resolve("20260101-090000-nightly"));
        // a marker as runs before it named the route and the working folder wrote it: those are unknown
        Files.writeString(
                folder.resolve(RunMarker.FILE),
                "{\"pid\":999999999,\"startedAt\":\"2026-01-01T09:00:00Z\",\"backup\":\"/b/erp.fbk\","
                        + "\"label\":\"nightly\",\"database\":\"/db/erp.fdb\"}");
        // the first lines of a real restore's log (the small fixture): it stopped in the metadata
        List<String> log =
                Files.readAllLines(Path.of("src/test/resources/output/killed-gbak.log"), StandardCharsets.UTF_8);
        Path gbakLog = folder.resolve("gbak.log");
        Files.write(gbakLog, log, StandardCharsets.UTF_8);
        Instant lastLine = Instant.parse("2026-01-01T09:05:00Z");
        Files.setLastModifiedTime(gbakLog, FileTime.from(lastLine));
        Instant now = lastLine.plusSeconds(90);

        LiveRuns.Listing lives = LiveRuns.in(runs, now);
        String nl = System.lineSeparator();
        assertThat(StatusText.of(runs, lives, now, Durations::human))
                .isEqualTo(
                        "STATE   LABEL    PHASE     DONE  ETA  ELAPSED  LAST LINE       PID        BACKUP      DATABASE     ROUTE    WORKING FOLDER"
                                + nl
                                + "killed  nightly  metadata  -     -    -        1 min 30 s ago  999999999  /b/erp.fbk  /db/erp.fdb  unknown  unknown"
                                + nl + "no restore is running in " + runs + nl
                                + "killed: no run.json in " + folder + " (gbakprof process 999999999 is gone)" + nl);
        StringWriter json = new StringWriter();
        Json.write(StatusJson.of(runs, lives, now), json);
        assertThat(json.toString())
                .isEqualTo(String.join(
                                nl,
                                "{",
                                "  \"schema\" : \"gbakprof.status/1\",",
                                "  \"runsDir\" : \"" + runs + "\",",
                                "  \"at\" : \"2026-01-01T09:06:30Z\",",
                                "  \"running\" : 0,",
                                "  \"killed\" : 1,",
                                "  \"restores\" : [ {",
                                "    \"state\" : \"killed\",",
                                "    \"folder\" : \"" + folder + "\",",
                                "    \"label\" : \"nightly\",",
                                "    \"backup\" : \"/b/erp.fbk\",",
                                "    \"database\" : \"/db/erp.fdb\",",
                                "    \"route\" : null,",
                                "    \"workingFolder\" : null,",
                                "    \"pid\" : 999999999,",
                                "    \"startedAt\" : \"2026-01-01T09:00:00Z\",",
                                "    \"elapsedSeconds\" : null,",
                                "    \"phase\" : \"metadata\",",
                                "    \"table\" : null,",
                                "    \"done\" : null,",
                                "    \"etaSeconds\" : null,",
                                "    \"etaLowSeconds\" : null,",
                                "    \"etaHighSeconds\" : null,",
                                "    \"etaAt\" : null,",
                                "    \"log\" : \"" + gbakLog + "\",",
                                "    \"lastLineAt\" : \"2026-01-01T09:05:00Z\",",
                                "    \"sinceLastLineSeconds\" : 90.0,",
                                "    \"why\" : \"no run.json in " + folder + " (gbakprof process 999999999 is gone)\"",
                                "  } ],",
                                "  \"killedEarlier\" : [ ]",
                                "}")
                        + nl);
    }

    /**
     * A killed run followed by a later night of its label (a repeat's folder, {@code emb-r2}, whose real record says
     * {@code emb}) is history: one line, not a row; a later run of another label whose name starts alike does not
     * hide it.
     */
    @Test
    void aKilledRunWhoseLabelHasRunSinceIsOneLineNotARow() throws Exception {
        Path runs = dir.resolve("runs");
        Path old = killed(runs.resolve("20261206-041500-emb"), "emb");
        Path stillKilled = killed(runs.resolve("20261206-041600-emb-prod"), "emb-prod");
        Path later = Files.createDirectories(runs.resolve("20261207-064416-emb-r2"));
        Files.copy(
                Path.of("src/test/resources/anonymize/through-server/20261207-064416-emb-r2/run.json"),
                later.resolve("run.json"));
        Instant now = Instant.parse("2026-12-07T07:00:00Z");

        LiveRuns.Listing listing = LiveRuns.in(runs, now);
        assertThat(listing.lives()).extracting(LiveRuns.Live::folder).containsExactly(stillKilled);
        assertThat(listing.killedEarlier()).containsExactly(old);
        String nl = System.lineSeparator();
        assertThat(StatusText.of(runs, listing, now, Durations::human))
                .startsWith("STATE   LABEL     PHASE    DONE")
                .contains(nl + "killed  emb-prod  unknown  -")
                .endsWith(nl + "no restore is running in " + runs + nl
                        + "killed: no run.json in " + stillKilled + " (gbakprof process 999999999 is gone)" + nl
                        + "not listed: 1 killed run whose label has run since (" + old + ")" + nl);
        StringWriter json = new StringWriter();
        Json.write(StatusJson.of(runs, listing, now), json);
        assertThat(json.toString()).contains("\"killed\" : 1,").contains("\"killedEarlier\" : [ \"" + old + "\" ]");

        // the later night itself killed too: the earlier stays out, the later one is listed
        Files.delete(later.resolve("run.json"));
        Files.delete(later);
        Path laterKilled = killed(runs.resolve("20261207-064416-emb-r2"), "emb");
        assertThat(LiveRuns.in(runs, now).lives())
                .extracting(LiveRuns.Live::folder)
                .containsExactly(stillKilled, laterKilled);
        assertThat(LiveRuns.in(runs, now).killedEarlier()).containsExactly(old);
    }

    /**
     * A restore whose gbak has printed nothing yet (its log empty: connecting, waiting for a lock) is running with its
     * phase unknown and says so, not "empty file; expected the output of gbak".
     */
    @Test
    void aRunningRestoreWithAnEmptyLogHasPrintedNothingYet() throws Exception {
        Path runs = dir.resolve("runs");
        Path folder = Files.createDirectories(runs.resolve("20261207-030000-nightly"));
        Path log = Files.createFile(folder.resolve("gbak.log"));
        RunMarker marker = RunMarker.open(folder, "/b/erp.fbk", "nightly"); // held by this living process
        try {
            Instant now = Instant.now();
            LiveRuns.Listing listing = LiveRuns.in(runs, now);
            assertThat(listing.lives()).hasSize(1);
            LiveRuns.Live live = listing.lives().get(0);
            assertThat(live.state()).isEqualTo(LiveRuns.State.RUNNING);
            assertThat(live.phase()).isNull();
            assertThat(live.lastLineAt()).isNull();
            assertThat(live.why()).isEqualTo(log + ": gbak has printed nothing yet");
            assertThat(StatusText.of(runs, listing, now, Durations::human))
                    .contains("running  nightly  unknown")
                    .contains("running: " + log + ": gbak has printed nothing yet")
                    .doesNotContain("empty file");
        } finally {
            marker.close();
        }
    }

    /** A run folder whose marker names a gbakprof that is gone, with an empty gbak.log. */
    private static Path killed(Path folder, String label) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(
                folder.resolve(RunMarker.FILE),
                "{\"pid\":999999999,\"startedAt\":\"2026-12-06T04:15:00Z\",\"backup\":\"/b/erp.fbk\"," + "\"label\":\""
                        + label + "\",\"database\":\"/db/erp.fdb\"}");
        return folder;
    }
}
