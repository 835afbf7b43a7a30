package dev.gbakprof.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code target/gbakprof-<version>.zip} (mvn verify, after package): unzipped into a folder with a space in its
 * name, with no sources beside it and no Maven on PATH, only a Java runtime, its launcher runs --version and demo.
 */
class ReleaseZipIT {
    private static final Path ZIP = Path.of(System.getProperty("gbakprof.zip", "target/gbakprof-0.1.0.zip"));
    private static final String VERSION = System.getProperty("gbakprof.version", "0.1.0");

    @TempDir
    Path tmp;

    @Test
    void theZipHoldsTheJarTheLaunchersReadmeLicencesAndSamples() throws IOException {
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            List<String> names = zip.stream().map(ZipEntry::getName).toList();
            String top = "gbakprof-" + VERSION + "/";
            assertThat(names)
                    .contains(
                            top + "gbakprof.jar",
                            top + "gbakprof",
                            top + "gbakprof.cmd",
                            top + "gbakprof.jvm-options",
                            top + "README.md",
                            top + "docs/guide/time-a-restore.md",
                            top + "docs/dev/ARCHITECTURE.md",
                            top + "licenses/THIRD-PARTY.md",
                            top + "licenses/Apache-2.0.txt",
                            top + "licenses/LGPL-2.1.txt",
                            top + "licenses/commons-exec/META-INF/NOTICE.txt",
                            top + "licenses/jackson-core/META-INF/NOTICE",
                            top + "samples/shop-tdrw.log",
                            top + "samples/ab/full-cpu/run1.log",
                            top + "docs/man/gbakprof-run.1",
                            top + "docs/man/gbakprof-run.adoc",
                            top + "docs/guide/jobs.schema.json");
            assertThat(names).allMatch(n -> n.startsWith(top));
            assertThat(names).noneMatch(n -> n.contains("/src/") || n.endsWith("pom.xml"));
            String cmd = new String(
                    zip.getInputStream(zip.getEntry(top + "gbakprof.cmd")).readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(cmd.split("\n", -1))
                    .as("gbakprof.cmd: CRLF on every line")
                    .allMatch(line -> line.isEmpty() || line.endsWith("\r"));
            String sh = new String(
                    zip.getInputStream(zip.getEntry(top + "gbakprof")).readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(sh).startsWith("#!/usr/bin/env bash\n").doesNotContain("\r");
            // every library in the jar has its licence named: a new dependency needs a line in THIRD-PARTY.md
            String thirdParty = new String(
                    zip.getInputStream(zip.getEntry(top + "licenses/THIRD-PARTY.md"))
                            .readAllBytes(),
                    StandardCharsets.UTF_8);
            try (ZipFile jar = new ZipFile(unzipJar(zip, top).toFile())) {
                List<String> bundled = jar.stream()
                        .map(ZipEntry::getName)
                        .filter(n -> n.startsWith("META-INF/maven/") && n.endsWith("/pom.properties"))
                        .map(n -> n.split("/"))
                        .map(p -> p[2] + ":" + p[3])
                        .filter(ga -> !ga.startsWith("dev.gbakprof:"))
                        .toList();
                assertThat(bundled).isNotEmpty();
                for (String ga : bundled) {
                    assertThat(thirdParty).as(ga).contains("`" + ga + "`");
                }
            }
        }
    }

    /**
     * A DBA who installs the zip reads its Markdown there: every relative link of README and the docs resolves inside
     * the zip, but those into {@code charts/}, which {@code ./gbakprof demo} makes in the unzipped folder.
     */
    @Test
    void everyLinkOfTheZippedDocsResolvesInTheZip() throws IOException {
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            Set<String> names = new HashSet<>();
            zip.stream().map(ZipEntry::getName).forEach(n -> {
                names.add(n);
                for (int i = n.indexOf('/'); i >= 0; i = n.indexOf('/', i + 1)) {
                    names.add(n.substring(0, i + 1)); // its folders, which a link may name
                }
            });
            Pattern link = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)]*)?\\)");
            List<String> dead = new ArrayList<>();
            for (String md :
                    names.stream().filter(n -> n.endsWith(".md")).sorted().toList()) {
                String text = new String(zip.getInputStream(zip.getEntry(md)).readAllBytes(), StandardCharsets.UTF_8);
                Matcher m = link.matcher(text);
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("[a-z]+:.*")) {
                        continue; // https:, mailto:
                    }
                    String resolved =
                            Path.of(md).resolveSibling(target).normalize().toString()
                                    + (target.endsWith("/") ? "/" : "");
                    if (!resolved.contains("/charts/")
                            && !names.contains(resolved)
                            && !names.contains(resolved + "/")) {
                        dead.add(md + " -> " + target);
                    }
                }
            }
            assertThat(dead).isEmpty();
        }
    }

    private Path unzipJar(ZipFile zip, String top) throws IOException {
        Path jar = tmp.resolve("inner.jar");
        Files.copy(zip.getInputStream(zip.getEntry(top + "gbakprof.jar")), jar);
        return jar;
    }

    @Test
    void unzippedWithoutSourcesOrMavenItRunsVersionAndDemoWithOnlyAJavaRuntime() throws Exception {
        Path home = tmp.resolve("Program Files").resolve("gbakprof");
        Files.createDirectories(home);
        Result unzip = exec(home, Map.of(), "unzip", "-q", ZIP.toAbsolutePath().toString());
        assertThat(unzip.code).as(unzip.err).isZero();
        Path dir = home.resolve("gbakprof-" + VERSION);
        assertThat(dir.resolve("src")).doesNotExist();
        assertThat(dir.resolve("pom.xml")).doesNotExist();
        assertThat(Files.getPosixFilePermissions(dir.resolve("gbakprof"))).contains(PosixFilePermission.OWNER_EXECUTE);

        // PATH: java and the few programs the launcher uses; no mvn
        Path bin = tmp.resolve("bin");
        Files.createDirectories(bin);
        wrapper(bin, "java", Path.of(System.getProperty("java.home"), "bin", "java"));
        for (String tool : List.of("bash", "dirname", "readlink", "stat", "cat", "rm", "mv", "env")) {
            for (String d : List.of("/usr/bin", "/bin")) {
                if (Files.isExecutable(Path.of(d, tool)) && !Files.exists(bin.resolve(tool))) {
                    wrapper(bin, tool, Path.of(d, tool));
                }
            }
        }
        Map<String, String> env = Map.of("PATH", bin.toString());
        assertThat(exec(dir, env, bin.resolve("bash").toString(), "-c", "command -v mvn").code)
                .as("no mvn on PATH")
                .isNotZero();

        Result version = exec(dir, env, dir.resolve("gbakprof").toString(), "--version");
        assertThat(version.code).as(version.err).isZero();
        assertThat(version.out).startsWith("gbakprof " + VERSION);
        assertThat(version.err).doesNotContain("building");
        assertThat(dir.resolve("gbakprof.jsa"))
                .as("the class data sharing archive, beside the jar")
                .exists();
        // made from ClassDataTraining: a report, as the launcher runs it, loads its classes from the archive. Unzipped
        // again where no folder's name has a space: under one, JDK 17 maps the archive but loads gbakprof's own
        // classes from the jar (the launcher before ClassDataTraining too; docs/dev/BENCHMARKS.md)
        Path opt = tmp.resolve("opt");
        Files.createDirectories(opt);
        assertThat(exec(opt, Map.of(), "unzip", "-q", ZIP.toAbsolutePath().toString()).code)
                .isZero();
        Path plain = opt.resolve("gbakprof-" + VERSION);
        assertThat(exec(plain, env, plain.resolve("gbakprof").toString(), "--version").code)
                .isZero();
        Path classes = tmp.resolve("classes.txt");
        Map<String, String> logged =
                Map.of("PATH", bin.toString(), "JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + classes);
        Result reported = exec(
                plain,
                logged,
                plain.resolve("gbakprof").toString(),
                "report",
                "samples/shop-tdrw.log",
                "--out",
                tmp.resolve("report").toString());
        assertThat(reported.code).as(reported.out + reported.err).isZero();
        assertArchived(
                classes,
                "dev.gbakprof.report.HtmlReport",
                "org.knowm.xchart.CategoryChart",
                "com.fasterxml.jackson.databind.ObjectMapper");

        // and what run does around gbak (its process started and followed, its lines read, the run folder written):
        // here a "gbak" that prints the sample's lines
        Path gbak = tmp.resolve("gbak-prints-the-sample");
        Files.writeString(
                gbak,
                "#!/bin/sh\n[ \"$1\" = -z ] && { echo 'gbak version LI-V3.0.11.33703 Firebird 3.0'; exit 0; }\nexec cat "
                        + plain.resolve("samples/shop-tdrw.log") + "\n");
        // a file that starts as gbak's backups do (run refuses a text file as --backup before gbak starts)
        Path backup = Files.write(tmp.resolve("shop.fbk"), new byte[] {0, 2, 4, 10, 0, 0, 0});
        assertThat(gbak.toFile().setExecutable(true)).isTrue();
        Files.delete(classes);
        Result ran = exec(
                plain,
                logged,
                plain.resolve("gbakprof").toString(),
                "run",
                "--gbak",
                gbak.toString(),
                "--backup",
                backup.toString(),
                "--database",
                tmp.resolve("never-made.fdb").toString(),
                "--runs-dir",
                tmp.resolve("runs").toString());
        assertThat(ran.code).as(ran.out + ran.err).isZero();
        assertArchived(
                classes,
                "dev.gbakprof.run.RestoreSession",
                "dev.gbakprof.exec.GbakRunner",
                "org.apache.commons.exec.DefaultExecutor",
                "dev.gbakprof.store.RunMarker",
                "dev.gbakprof.monitor.FileKind", // the checks before gbak starts: the training got past them
                "dev.gbakprof.exec.GbakVersion");

        Path charts = tmp.resolve("demo charts");
        Result demo = exec(dir, env, dir.resolve("gbakprof").toString(), "demo", "--out", charts.toString());
        assertThat(demo.code).as(demo.out + demo.err).isZero();
        try (Stream<Path> s = Files.list(charts)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList()).contains("ab", "article", "shop-tdrw");
        }
        BufferedImage report = ImageIO.read(charts.resolve("ab/report.png").toFile());
        assertThat(report).isNotNull();
        assertThat(report.getWidth()).isGreaterThan(500);
    }

    /** Each class of {@code names} was mapped from the class-data archive, as the JVM's class+load log says. */
    private static void assertArchived(Path log, String... names) throws IOException {
        String loaded = Files.readString(log);
        for (String cls : names) {
            assertThat(loaded)
                    .containsPattern(
                            "(?m)^\\[.*\\] " + cls.replace(".", "\\.") + " source: shared objects file \\(top\\)$");
        }
    }

    /** {@code bin/name}: a script that runs {@code program} (not a link, which @TempDir warns about deleting). */
    private static void wrapper(Path bin, String name, Path program) throws IOException {
        Path w = bin.resolve(name);
        Files.writeString(w, "#!/bin/sh\nexec " + program + " \"$@\"\n");
        assertThat(w.toFile().setExecutable(true)).isTrue();
    }

    private record Result(int code, String out, String err) {}

    private static Result exec(Path dir, Map<String, String> env, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        File out = File.createTempFile("out", ".txt");
        File err = File.createTempFile("err", ".txt");
        pb.redirectOutput(out).redirectError(err).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", cmd));
        }
        Result r = new Result(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
        out.delete();
        err.delete();
        return r;
    }
}
