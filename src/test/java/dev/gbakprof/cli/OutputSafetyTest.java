package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outputs that would lose something, on the real file system: {@code -o} onto a character
 * device, a FIFO or a symbolic link is refused; {@code check --prometheus} onto a file an earlier check did not
 * write, or into a run folder, is refused, and so is {@code parse -o} into a run folder; standard output on a full disk ({@code /dev/full}) is an error.
 */
class OutputSafetyTest {
    private static final Path LOG = Path.of("src/test/resources/logs/shop-tdrw.log");

    @FirebirdTest
    @Test
    void parseOutputOntoADeviceAFifoOrALinkIsRefusedAndLeftAsItWas(@TempDir Path dir) throws Exception {
        Firebird.require(); // root: mknod, and the case where a rename would replace a device
        Path device = dir.resolve("null");
        Firebird.run(List.of("mknod", device.toString(), "c", "1", "3")); // /dev/null's own device numbers
        Path fifo = dir.resolve("fifo");
        Firebird.run(List.of("mkfifo", fifo.toString()));
        Path toStdout = Files.createSymbolicLink(dir.resolve("stdout.json"), Path.of("/proc/self/fd/1"));
        Path record = dir.resolve("record.json");
        Files.writeString(record, "");
        Path toRecord = Files.createSymbolicLink(dir.resolve("link.json"), record);
        for (Path out : List.of(device, fifo, toStdout, toRecord)) {
            Cli.Result r = Cli.run("parse", "-o", out.toString(), LOG.toString());
            assertThat(r.code()).as(out + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).startsWith("gbakprof: " + out + ": ").contains("left untouched");
        }
        int type = (Integer) Files.getAttribute(device, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
        assertThat(type).as("still a character device").isEqualTo(0020000);
        assertThat(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.readSymbolicLink(toStdout)).isEqualTo(Path.of("/proc/self/fd/1"));
        assertThat(Files.readSymbolicLink(toRecord)).isEqualTo(record);
        assertThat(record).isEmptyFile();
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            "null", "fifo", "stdout.json", "record.json", "link.json"); // no temporary file left either
        }
        // a regular file (an earlier record) and a new name are written
        assertThat(Cli.run("parse", "-o", record.toString(), LOG.toString()).code())
                .isZero();
        assertThat(Files.readString(record)).startsWith("{");
    }

    @Test
    void checkPrometheusReplacesOnlyTheTextAnEarlierCheckWroteAndNothingInARunFolder(@TempDir Path dir)
            throws Exception {
        Path runs = seven(dir);
        Cli.Result plain = Cli.run("check", "--max-age", "0", runs.toString());
        assertThat(plain.code()).as(plain.out()).isZero();
        Path newest;
        try (Stream<Path> folders = Files.list(runs)) {
            newest = folders.max(Path::compareTo).orElseThrow();
        }
        Path record = newest.resolve("run.json");
        byte[] recorded = Files.readAllBytes(record);
        Path precious = Files.writeString(dir.resolve("precious.txt"), "precious\n");
        for (Path refused : List.of(precious, record, newest.resolve("check.prom"))) {
            Cli.Result r = Cli.run("check", "--max-age", "0", runs.toString(), "--prometheus", refused.toString());
            assertThat(r.code()).as(r.out()).isEqualTo(3); // UNKNOWN, as check's other usage errors
            assertThat(r.out().lines()).hasSize(1);
            assertThat(r.out()).startsWith("UNKNOWN: " + refused + ": ").contains("nothing was written");
        }
        assertThat(Cli.run("check", "--max-age", "0", runs.toString(), "--prometheus", precious.toString())
                        .out())
                .isEqualTo("UNKNOWN: " + precious + ": exists and is not the Prometheus text of a gbakprof check "
                        + "(its first line does not start with \"# HELP gbakprof_\"); it was left untouched, and "
                        + "nothing was written. Choose another --prometheus, or remove the file first\n");
        assertThat(precious).hasContent("precious");
        assertThat(record).hasBinaryContent(recorded);
        assertThat(newest.resolve("check.prom")).doesNotExist();
        try (Stream<Path> s = Files.list(newest)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("run.json", "gbak.log", "SHA256SUMS");
        }
        String verdict = plain.out().substring(0, plain.out().indexOf(" age="));
        assertThat(Cli.run("check", "--max-age", "0", runs.toString()).out())
                .startsWith(verdict + " age="); // the same, a little older

        // its own file, night after night (and an empty one a script made for it)
        Path prom = Files.writeString(dir.resolve("gbakprof-shop.prom"), "");
        for (int night = 1; night <= 2; night++) {
            Cli.Result r = Cli.run("check", "--max-age", "0", runs.toString(), "--prometheus", prom.toString());
            assertThat(r.code()).as(r.out()).isZero();
            assertThat(Files.readString(prom)).startsWith("# HELP gbakprof_check_status ");
        }
    }

    /** A copy of samples/seven (the run folders of a real matrix of seven -bu values) in {@code dir}. */
    private static Path seven(Path dir) throws java.io.IOException {
        Path runs = dir.resolve("seven");
        try (Stream<Path> folders = Files.walk(Path.of("samples/seven"))) {
            for (Path from : folders.toList()) {
                Files.copy(
                        from,
                        runs.resolve(Path.of("samples/seven").relativize(from).toString()));
            }
        }
        return runs;
    }

    /**
     * A run folder is one that {@code run} made (its name, its SHA256SUMS, its marker), not any folder that holds a log:
     * a DBA's own folder of logs ({@code gbak -b -v > backup.log}, a copied {@code gbak.log}, a {@code run.json} that
     * {@code parse -o} wrote) takes check's Prometheus file; a run folder renamed after its run is still refused.
     */
    @Test
    void aFolderOfTheUsersOwnTakesThePrometheusFileWhateverItHoldsButARenamedRunFolderDoesNot(@TempDir Path dir)
            throws Exception {
        Path runs = seven(dir);
        Path own = Files.createDirectories(dir.resolve("logs"));
        Files.copy(Path.of("src/test/resources/backup-logs/shop-backup-tdrw.log"), own.resolve("backup.log"));
        Files.copy(Path.of("samples/shop-tdrw.log"), own.resolve("gbak.log"));
        assertThat(Cli.run(
                                "parse",
                                "-o",
                                own.resolve("run.json").toString(),
                                own.resolve("gbak.log").toString())
                        .code())
                .isZero();
        Path prom = own.resolve("new.prom");
        Cli.Result r = Cli.run("check", "--max-age", "0", runs.toString(), "--prometheus", prom.toString());
        assertThat(r.code()).as(r.out()).isZero();
        assertThat(Files.readString(prom)).startsWith("# HELP gbakprof_check_status ");

        Path newest;
        try (Stream<Path> folders = Files.list(runs)) {
            newest = folders.max(Path::compareTo).orElseThrow();
        }
        Path renamed = Files.move(newest, dir.resolve("good-night")); // SHA256SUMS says run made it
        Path refused = renamed.resolve("check.prom");
        r = Cli.run("check", "--max-age", "0", runs.toString(), "--prometheus", refused.toString());
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.out()).startsWith("UNKNOWN: " + refused + ": in the run folder " + renamed + ", ");
        assertThat(refused).doesNotExist();
    }

    /**
     * A run's record holds what only {@code run} measured (the machine, the CPU samples, the backup's hash) and is
     * listed in the folder's SHA256SUMS: {@code parse -o} of its own log into it would lose that and make the folder
     * read as tampered with.
     */
    @Test
    void parseOutputIntoARunFolderIsRefusedAndTheRecordLeftAsItWas(@TempDir Path dir) throws Exception {
        Path from = Path.of("samples/seven");
        Path newest;
        try (Stream<Path> folders = Files.list(from)) {
            newest = folders.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
        Path folder = Files.createDirectories(dir.resolve("runs").resolve(newest.getFileName()));
        try (Stream<Path> files = Files.list(newest)) {
            for (Path f : files.toList()) {
                Files.copy(f, folder.resolve(f.getFileName()));
            }
        }
        byte[] recorded = Files.readAllBytes(folder.resolve("run.json"));
        for (Path out : List.of(folder.resolve("run.json"), folder.resolve("again.json"))) {
            Cli.Result r = Cli.run(
                    "parse", "-o", out.toString(), folder.resolve("gbak.log").toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err())
                    .isEqualTo(
                            "gbakprof: " + out + ": in the run folder " + folder + ", which holds one restore's record;"
                                    + " nothing was written. Choose another -o FILE, outside the run folders\n");
        }
        assertThat(folder.resolve("run.json")).hasBinaryContent(recorded);
        assertThat(folder.resolve("again.json")).doesNotExist();
        assertThat(Cli.run(
                                "parse",
                                "-o",
                                dir.resolve("again.json").toString(),
                                folder.resolve("gbak.log").toString())
                        .code())
                .isZero();
    }

    @Test
    void standardOutputOnAFullDiskIsAnErrorNotATruncatedFile(@TempDir Path dir) throws Exception {
        for (List<String> args :
                List.of(List.of("parse", "--json", LOG.toString()), List.of("parse", LOG.toString()))) {
            File err = dir.resolve("err.txt").toFile();
            Process p = Jvm.start(new File("/dev/full"), err, args.toArray(String[]::new));
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String text = Files.readString(err.toPath());
            assertThat(p.exitValue()).as(args + ": " + text).isEqualTo(2);
            assertThat(text)
                    .isEqualTo("gbakprof: cannot write to standard output (No space left on device); what it "
                            + "printed is incomplete\n");
        }
    }
}
