package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.log.LogDecoder;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LogReaderTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "small-tdrw.utf16le.log",
                "small-tdrw.utf16be.log",
                "small-tdrw.utf8bom.log",
                "small-tdrw.crlf.log"
            })
    void everyEncodingGivesTheSameRun(String name) {
        RestoreRun plain = Logs.read("small-tdrw.log");
        RestoreRun other = LogReader.read(Logs.log(name), "small-tdrw");
        assertThat(other.toBuilder().source(plain.source()).build()).isEqualTo(plain);
    }

    @Test
    void utf16WithoutBomIsRecognised(@TempDir Path dir) throws Exception {
        String text = Files.readString(Logs.log("small-tdrw.log"));
        Path f = dir.resolve("nobom.log");
        Files.write(f, text.getBytes(StandardCharsets.UTF_16LE));
        RestoreRun run = LogReader.read(f, "small-tdrw");
        assertThat(run.toBuilder().source(null).build())
                .isEqualTo(Logs.read("small-tdrw.log").toBuilder().source(null).build());
    }

    @Test
    void oldMacLineEndsAndTrailingBlanksAreReadToo(@TempDir Path dir) throws Exception {
        String text = Files.readString(Logs.log("small-tdrw.log"));
        Path f = dir.resolve("cr.log");
        Files.writeString(f, text.replace("\n", " \t\r"));
        assertThat(LogReader.read(f, "small-tdrw").toBuilder().source(null).build())
                .isEqualTo(Logs.read("small-tdrw.log").toBuilder().source(null).build());
    }

    @Test
    void writesOnlyLogCreditsWritesToIndexesButCannotBeTimed() throws Exception {
        RestoreTimeline tl = new RestoreTimeline();
        LinePipeline p = new LinePipeline(tl);
        List<Logs.Row> rows = Logs.rows(Logs.log("shop-w.log"));
        try (BufferedReader r = LogDecoder.open(Logs.log("shop-w.log")).reader()) {
            r.lines().forEach(p::push);
        }
        RestoreRun run = tl.toRun("w", "shop-w.log");
        assertThat(run.columns()).containsExactly(Column.WRITES);
        assertThat(run.phases()).isEmpty();
        assertThat(run.indexes())
                .isNotEmpty()
                .allSatisfy(i -> assertThat(i.seconds()).isNull());
        for (int i = 0; i < rows.size() - 1; i++) {
            if (rows.get(i).text().startsWith("activating and creating deferred index ")) {
                String name = rows.get(i).text().substring(39);
                long expected = rows.get(i + 1).writes();
                assertThat(run.indexes())
                        .filteredOn(b -> b.name().equals(name))
                        .extracting(IndexBuild::writes)
                        .containsExactly(expected);
            }
        }
        // read for what it shows, its times unknown
        RestoreRun read = LogReader.read(Logs.log("shop-w.log"), null);
        assertThat(read.totalSeconds()).isNull();
        assertThat(read.warnings()).anyMatch(w -> w.code() == dev.gbakprof.model.WarningCode.UNTIMED);
    }

    @Test
    void deltaOnlyLogIsTimedBySummingDeltas() throws Exception {
        // the shop -st td log with its time column removed: durations become the next line's delta
        Path td = Logs.log("shop-td.log");
        List<Logs.Row> rows = Logs.rows(td);
        RestoreTimeline tl = new RestoreTimeline();
        LinePipeline p = new LinePipeline(tl);
        for (String line : Files.readAllLines(td)) {
            p.push(line.replaceFirst("^gbak: time     delta  $", "gbak: delta  ")
                    .replaceFirst("^gbak: +\\d+\\.\\d{3} ", "gbak: "));
        }
        RestoreRun run = tl.toRun("d", "shop-d");
        assertThat(run.columns()).containsExactly(Column.DELTA);
        assertThat(run.warningMessages()).anyMatch(w -> w.contains("sums of the delta column"));
        int k = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).text().startsWith("activating and creating deferred index ")) {
                IndexBuild b = run.indexes().get(k++);
                assertThat(b.seconds()).isCloseTo(rows.get(i + 1).delta() / 1000.0, within(1e-9));
            }
        }
        long sumDelta = rows.stream().mapToLong(Logs.Row::delta).sum();
        assertThat(run.totalSeconds()).isCloseTo(sumDelta / 1000.0, within(1e-9));
    }

    @Test
    void articleExcerptsKnowFourDurationsAndSayWhyTheFifthIsUnknown() {
        RestoreRun bal = LogReader.read(Logs.sample("article-balanced.log"), null);
        RestoreRun hp = LogReader.read(Logs.sample("article-high-performance.log"), null);
        assertThat(bal.label()).isEqualTo("article-balanced");
        assertThat(bal.indexes())
                .extracting(IndexBuild::seconds)
                .containsExactly(1258.271, 1036.719, 746.683, 733.322, null);
        assertThat(hp.indexes())
                .extracting(IndexBuild::seconds)
                .containsExactly(622.882, 645.148, 616.507, 708.018, null);
        assertThat(bal.phaseSeconds(dev.gbakprof.model.Phase.INDEXES)).isCloseTo(3774.995, within(1e-6));
        assertThat(hp.phaseSeconds(dev.gbakprof.model.Phase.INDEXES)).isCloseTo(2592.555, within(1e-6));
        assertThat(bal.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(bal.totalSeconds()).isNull();
        assertThat(bal.warningMessages())
                .anyMatch(w -> w.contains("PKMNF2_DOC_DOWNTIME") && w.contains("no later line"));
        assertThat(bal.warningMessages()).anyMatch(w -> w.contains("no header line"));
        // the writes printed on the next line belong to the index before it
        assertThat(bal.indexes().get(0).writes()).isEqualTo(233_365);
    }

    @Test
    void backupLogIsARecordOfKindBackup() {
        RestoreRun run = Logs.read("small-backup.log");

        assertThat(run.kind()).isEqualTo(dev.gbakprof.model.RunKind.BACKUP);
        assertThat(run.status()).isEqualTo(dev.gbakprof.model.RunStatus.COMPLETED);
        assertThat(run.totalSeconds()).isEqualTo(0.047);
        assertThat(run.backupBytes()).isEqualTo(26_112L);
    }

    @Test
    void restoreLogWithoutStatisticsThatDidNothingIsRefused(@TempDir Path dir) throws Exception {
        // gbak -c -v without -st, its first six lines: the backup opened and the database created, nothing restored
        String setup =
                String.join("\n", Logs.text("shop-nost.log").lines().limit(6).toList()) + "\n";
        assertThatThrownBy(() -> LogReader.read(Logs.write(dir, "setup.log", setup), null))
                .isInstanceOf(LogFormatException.class)
                .hasMessageContaining("no statistics columns")
                .hasMessageContaining("-st tdrw");
    }

    @Test
    void existingDatabaseErrorIsAFailedRestore() {
        RestoreRun run = Logs.read("small-exists.log");
        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.errors()).anyMatch(e -> e.contains("already exists"));
    }
}
