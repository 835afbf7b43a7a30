package dev.gbakprof.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.Firebird4;
import dev.gbakprof.testutil.Firebird4Test;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the first bytes of real files say they are: backups and databases the real gbak made (Firebird 3.0 and 4.0),
 * and what is surely no backup. A backup must never be taken for anything else: it would be refused, not restored.
 */
class FileKindTest {

    @FirebirdTest
    @Test
    void firebird3BackupsOfEveryFormAreBackupsAndItsDatabaseIsADatabase(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("small.fdb");
        Firebird.restore(Firebird.backup("small"), db.toString());
        String gbak = Firebird.GBAK.toString();
        for (String form : List.of("-nt", "-g")) { // not transportable; no garbage collection
            Firebird.run(List.of(
                    gbak,
                    "-b",
                    "-user",
                    "SYSDBA",
                    form,
                    db.toString(),
                    dir.resolve(form.substring(1) + ".fbk").toString()));
        }
        // a backup in volumes of 10000 bytes: each volume starts with gbak's text header, then its records
        Firebird.run(List.of(
                gbak,
                "-b",
                "-user",
                "SYSDBA",
                db.toString(),
                dir.resolve("v1.fbk").toString(),
                "10000",
                dir.resolve("v2.fbk").toString(),
                "10000",
                dir.resolve("v3.fbk").toString()));
        for (Path backup : List.of(
                Firebird.backup("small"),
                dir.resolve("nt.fbk"),
                dir.resolve("g.fbk"),
                dir.resolve("v1.fbk"),
                dir.resolve("v2.fbk"),
                dir.resolve("v3.fbk"))) {
            assertThat(FileKind.of(backup)).as(backup.toString()).isEqualTo(FileKind.BACKUP);
        }
        assertThat(Files.readString(dir.resolve("v2.fbk"), java.nio.charset.StandardCharsets.ISO_8859_1))
                .startsWith("InterBase/gbak,");
        assertThat(FileKind.of(db)).isEqualTo(FileKind.DATABASE);
    }

    @Firebird4Test
    @Test
    void firebird4BackupsAlsoCompressedAreBackupsAndItsDatabaseIsADatabase(@TempDir Path dir) throws Exception {
        String gbak = Firebird4.gbak().toString();
        Path db = dir.resolve("small4.fdb");
        Firebird.run(List.of(gbak, "-c", Firebird.backup("small").toString(), db.toString()));
        Firebird.run(List.of(gbak, "-b", db.toString(), dir.resolve("plain.fbk").toString()));
        Firebird.run(List.of(
                gbak, "-b", "-zip", db.toString(), dir.resolve("zip.fbk").toString()));
        assertThat(FileKind.of(dir.resolve("plain.fbk"))).isEqualTo(FileKind.BACKUP);
        assertThat(FileKind.of(dir.resolve("zip.fbk"))).isEqualTo(FileKind.BACKUP);
        assertThat(FileKind.of(db)).isEqualTo(FileKind.DATABASE); // ODS 13
    }

    @Test
    void whatIsSurelyNoBackupAndWhatIsLeftToGbak(@TempDir Path dir) throws Exception {
        assertThat(FileKind.of(Files.createFile(dir.resolve("empty")))).isEqualTo(FileKind.EMPTY);
        try (Stream<Path> s = Files.list(Path.of("docs/guide/img"))) {
            Path png = s.filter(p -> p.toString().endsWith(".png")).findFirst().orElseThrow();
            assertThat(FileKind.of(png)).isEqualTo(FileKind.PNG);
        }
        for (String log : List.of(
                "shop-tdrw.log",
                "small-backup.log",
                "small-tdrw.crlf.log",
                "small-tdrw.utf16le.log",
                "small-tdrw.utf16be.log",
                "small-tdrw.utf8bom.log")) {
            assertThat(FileKind.of(Logs.log(log))).as(log).isEqualTo(FileKind.TEXT);
        }
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        noise[0] = 1; // a page type 1 with no page size Firebird writes: no header page
        assertThat(FileKind.of(Files.write(dir.resolve("noise"), noise))).isEqualTo(FileKind.OTHER);
        assertThat(FileKind.OTHER.surelyNoBackup()).isFalse();
        assertThat(FileKind.BACKUP.surelyNoBackup()).isFalse();
        assertThat(List.of(FileKind.EMPTY, FileKind.DATABASE, FileKind.PNG, FileKind.TEXT))
                .allMatch(FileKind::surelyNoBackup);
    }
}
