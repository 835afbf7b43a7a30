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

        List<LiveRuns.Live> lives = LiveRuns.in(runs, now);
        String nl = System.lineSeparator();
        assertThat(StatusText.of(runs, lives, now, Durations::human))
                .isEqualTo(
                        "STATE   LABEL    PHASE     DONE  ETA  ELAPSED  LAST LINE       PID        BACKUP      DATABASE"
                                + nl
                                + "killed  nightly  metadata  -     -    -        1 min 30 s ago  999999999  /b/erp.fbk  /db/erp.fdb"
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
                                "  } ]",
                                "}")
                        + nl);
    }
}
