package dev.gbakprof.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real restore of 50 tables (scripts/fixtures/manytables.sql), 25 of them empty, each defined right after one with
 * a row: 25 groups of index definitions whose table the log cannot say. The mapping warning names the first 10 groups
 * and counts the rest, and lists 20 of the 25 empty tables (it named every group and every table: 6.8 MB of the
 * record of bench/parse-throughput's 200 MB log, one warning nobody reads).
 */
@FirebirdTest
class ManyTablesMappingTest {

    @Test
    void theMappingWarningNamesTenGroupsAndCountsTheOthers(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("manytables");
        Path db = dir.resolve("manytables.fdb");
        String out = Firebird.run(List.of(
                Firebird.GBAK.toString(), "-c", "-v", "-st", "tdrw", "-user", "SYSDBA", fbk.toString(), db.toString()));
        Path log = dir.resolve("manytables.log");
        Files.writeString(log, out, StandardCharsets.UTF_8);

        RestoreRun run = LogReader.read(log, null);

        assertThat(run.indexes()).hasSize(50);
        assertThat(run.indexes())
                .allSatisfy(i -> assertThat(i.tableCandidates()).hasSize(2))
                .extracting(IndexBuild::tableSource)
                .containsOnly(IndexMapping.INFERRED);
        String warning = run.warnings().stream()
                .filter(w -> w.is(WarningCode.MAPPING_INFERRED))
                .findFirst()
                .orElseThrow()
                .message();
        assertThat(warning)
                .startsWith("tables with no data line (no rows): E01, E02, ")
                .contains(", E19, E20, ... (25 in all); gbak writes")
                .contains("PK_E25, PK_T25 belong to E25 or T25; ")
                .contains("PK_E16, PK_T16 belong to E16 or T16; and 15 more groups of index definitions like these "
                        + "(the restored database is the authority)")
                .doesNotContain("PK_T15");
        assertThat(warning.split(" belong to ", -1)).hasSize(11); // ten groups named
        assertThat(warning.substring(0, warning.indexOf("; gbak writes"))).doesNotContain("E21");
    }
}
