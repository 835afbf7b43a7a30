package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.store.RunStore;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job refused night after night (its backup path mistyped) does not fill every later command's notes with one line a
 * night: the refusals but the newest two are said in one line. Three nights of real gbak logs, then six refusals.
 */
class RefusedNotesTest {

    @Test
    void refusalsNightAfterNightAreOneNoteButTheNewestTwo(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        String[] logs = {"shop-tdrw.log", "shop-t.log", "shop-td.log"}; // three restores of one backup
        for (int h = 1; h <= 3; h++) {
            Restores.night(runs, "src/test/resources/logs/" + logs[h - 1], h);
        }
        RunStore store = new RunStore(runs);
        List<Path> refused = new ArrayList<>();
        LocalDateTime first = LocalDateTime.now();
        for (int night = 0; night < 6; night++) {
            refused.add(store.refused(
                    "nightly",
                    "/backups/erp.fbk",
                    null,
                    "/backups/erp.fbk: no such backup file",
                    first.plusDays(night)));
        }
        String earlier = "note: 4 earlier refused runs left out (" + refused.get(0) + " to " + refused.get(3) + ")";
        String history = Cli.run("history", runs.toString()).out();
        assertThat(history.lines().filter(l -> l.startsWith("note: ")))
                .containsExactly(
                        earlier,
                        "note: " + refused.get(4) + ": the restore was refused: /backups/erp.fbk: no such backup file;"
                                + " left out",
                        "note: " + refused.get(5) + ": the restore was refused: /backups/erp.fbk: no such backup file;"
                                + " left out");
        Cli.Result report = Cli.run(
                "report", runs.toString(), "--out", dir.resolve("report").toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(report.err().lines().filter(l -> l.startsWith("gbakprof: note: ")))
                .hasSize(3)
                .first()
                .isEqualTo("gbakprof: " + earlier);
        // three refusals are still named one by one
        Path few = dir.resolve("few");
        for (int h = 1; h <= 3; h++) {
            Restores.night(few, "samples/small-tdrw.log", h);
        }
        RunStore three = new RunStore(few);
        for (int night = 0; night < 3; night++) {
            three.refused(
                    "nightly",
                    "/backups/erp.fbk",
                    null,
                    "/backups/erp.fbk: no such backup file",
                    first.plusDays(night));
        }
        assertThat(Cli.run("history", few.toString()).out().lines().filter(l -> l.startsWith("note: ")))
                .hasSize(3)
                .allMatch(
                        l -> l.endsWith(": the restore was refused: /backups/erp.fbk: no such backup file; left out"));
    }
}
