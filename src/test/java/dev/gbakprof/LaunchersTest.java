package dev.gbakprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.WineTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two launchers, {@code gbakprof} (bash) and {@code gbakprof.cmd} (cmd.exe, run by Wine's cmd), with a
 * stand-in {@code java} that prints the arguments it was given: the JVM flags each reads from
 * {@code gbakprof.jvm-options}, the jar it picks (beside it in a release, target/ in a checkout), the rebuild
 * when sources are newer, paths with spaces, quoting and exit codes. The real jar runs from an unzipped
 * release in {@code ReleaseZipIT}.
 */
class LaunchersTest {

    private static final Path REPO = Path.of("").toAbsolutePath();

    /** A JVM flags file with a comment, a CRLF line and lines for two commands. */
    private static final String OPTIONS = """
            # comment line: -XX:ShouldNotAppear
            *        -Da=1 -XX:+UseSerialGC
            parse    -Xmn16m\r
            parse    -XX:CompileCommand=dontinline,a.b.C::d
            report   -XX:TieredStopAtLevel=1
            """;

    @TempDir
    Path tmp;

    // ---- bash ----

    @Test
    void bashLauncherPassesTheFlagsOfStarAndOfTheCommandThenTheJarBesideItAndTheArguments() throws Exception {
        Path rel = release("rel dir");
        Path bin = stubJava();
        Run r = bash(rel, bin + ":/usr/bin:/bin", "--debug", "parse", "a b.log", "x&y");
        assertThat(r.code).as(r.all()).isZero();
        assertThat(r.out.strip())
                .isEqualTo("[-Da=1][-XX:+UseSerialGC][-Xmn16m][-XX:CompileCommand=dontinline,a.b.C::d][-jar]["
                        + rel.resolve("gbakprof.jar") + "][--debug][parse][a b.log][x&y]");
        assertThat(bash(rel, bin + ":/usr/bin:/bin", "report").out.strip())
                .isEqualTo("[-Da=1][-XX:+UseSerialGC][-XX:TieredStopAtLevel=1][-jar][" + rel.resolve("gbakprof.jar")
                        + "][report]");
        assertThat(bash(rel, bin + ":/usr/bin:/bin", "--version").out.strip())
                .isEqualTo("[-Da=1][-XX:+UseSerialGC][-jar][" + rel.resolve("gbakprof.jar") + "][--version]");
    }

    @Test
    void bashLauncherPassesJavasExitCode() throws Exception {
        Path rel = release("rel");
        Run r = bash(rel, stubJava() + ":/usr/bin:/bin", Map.of("STUB_EXIT", "7"), "report");
        assertThat(r.code).isEqualTo(7);
    }

    @Test
    void bashLauncherWithoutJavaSaysSoAndExits2() throws Exception {
        Path rel = release("rel");
        Run r = bash(rel, tools("dirname", "readlink").toString(), "--version");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).contains("no 'java' on PATH").contains("Java 17");
    }

    @Test
    void bashLauncherOfAReleaseWithoutItsJarNamesTheJar() throws Exception {
        Path rel = release("rel");
        Files.delete(rel.resolve("gbakprof.jar"));
        Run r = bash(rel, stubJava() + ":/usr/bin:/bin", "--version");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).contains(rel.resolve("gbakprof.jar") + " not found");
    }

    @Test
    void bashLauncherInACheckoutBuildsWhenASourceIsNewerAndPrintsNoColourCodes() throws Exception {
        Path co = checkout("checkout", "gbakprof");
        Path x = co.resolve("src/main/java/X.java");
        Path bin = stubJava();
        // Debian's Maven 3.8.7 writes colour resets even with -B: a stand-in that does the same
        Path mvn = bin.resolve("mvn");
        Files.writeString(
                mvn,
                "#!/bin/bash\nprintf '\\e[0m\\e[0mmvn %s\\e[m\\n' \"$*\"\nmkdir -p target && : > target/gbakprof.jar\n");
        mvn.toFile().setExecutable(true);

        Run first = bash(co, bin + ":/usr/bin:/bin", "--version");
        assertThat(first.code).as(first.all()).isZero();
        assertThat(first.err)
                .contains("building")
                .contains("mvn -q -B -Dstyle.color=never -DskipTests package")
                .doesNotContain("\u001b");
        assertThat(first.out).contains("[-jar][" + co.resolve("target/gbakprof.jar") + "]");
        assertThat(bash(co, bin + ":/usr/bin:/bin", "--version").err).doesNotContain("mvn");
        Files.setLastModifiedTime(x, FileTime.from(Instant.now().plusSeconds(60)));
        assertThat(bash(co, bin + ":/usr/bin:/bin", "--version").err).contains("mvn -q");
    }

    @Test
    void bashLauncherMakesTheClassDataArchiveOnceAndAgainWhenTheJdksOwnArchiveIsMadeAgain() throws Exception {
        Path rel = release("rel");
        // a JDK whose java makes the archive it is asked for (and notes it), else prints its arguments
        Path jdk = tmp.resolve("jdk");
        Files.createDirectories(jdk.resolve("bin"));
        Files.createDirectories(jdk.resolve("lib/server"));
        Path base = Files.writeString(jdk.resolve("lib/server/classes.jsa"), "the JDK's own archive");
        Files.setLastModifiedTime(base, FileTime.from(Instant.now().minusSeconds(3600)));
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, """
                #!/bin/bash
                for a in "$@"; do
                  if [[ $a == -XX:ArchiveClassesAtExit=* ]]; then
                    echo made >> "${0%/bin/java}/made"; echo archive > "${a#*=}"; exit 0
                  fi
                done
                printf '[%s]' "$@"; echo
                """);
        java.toFile().setExecutable(true);
        String path = jdk.resolve("bin") + ":/usr/bin:/bin";
        Path made = jdk.resolve("made");

        Run first = bash(rel, path, "--version");
        assertThat(first.code).as(first.all()).isZero();
        assertThat(first.out).contains("[-XX:SharedArchiveFile=" + rel.resolve("gbakprof.jsa") + "]");
        assertThat(Files.readAllLines(made)).hasSize(1);
        assertThat(bash(rel, path, "--version").code).isZero();
        assertThat(Files.readAllLines(made)).as("made once").hasSize(1);

        // the JDK's own archive made again (java -Xshare:dump): the JVM would refuse gbakprof's on top of it
        Files.setLastModifiedTime(base, FileTime.from(Instant.now().plusSeconds(60)));
        Run after = bash(rel, path, "--version");
        assertThat(after.out).contains("[-XX:SharedArchiveFile=" + rel.resolve("gbakprof.jsa") + "]");
        assertThat(Files.readAllLines(made)).as("made again").hasSize(2);
    }

    @Test
    void theRepositorysOptionsFileGivesEveryCommandTheSerialCollector() throws Exception {
        Path rel = tmp.resolve("real");
        Files.createDirectories(rel);
        Files.copy(REPO.resolve("gbakprof"), rel.resolve("gbakprof"));
        Files.copy(REPO.resolve("gbakprof.jvm-options"), rel.resolve("gbakprof.jvm-options"));
        Files.writeString(rel.resolve("gbakprof.jar"), "");
        Path bin = stubJava();
        for (String command : List.of("parse", "run", "report", "compare", "demo", "matrix", "plan", "inspect")) {
            assertThat(bash(rel, bin + ":/usr/bin:/bin", command).out)
                    .as(command)
                    .startsWith("[-Djava.awt.headless=true][-XX:+UseSerialGC]");
        }
        assertThat(bash(rel, bin + ":/usr/bin:/bin", "parse").out)
                .isEqualTo(bash(rel, bin + ":/usr/bin:/bin", "report").out.replace("[report]", "[parse]"));
    }

    // ---- cmd.exe (Wine) ----

    @WineTest
    @Test
    void cmdLauncherOfAReleaseInAFolderWithSpacesAndParentheses() throws Exception {
        Wine wine = wine();
        Path rel = release("Program Files (x86)/gbakprof 0.1");
        Run r = wine.cmd(rel, Map.of(), "--debug parse \"x&y\" \"a b.log\" \"\\\\server\\share\\b.fbk\"");
        assertThat(r.code).as(r.all()).isZero();
        assertThat(r.args())
                .containsExactly(
                        "-Da=1",
                        "-XX:+UseSerialGC",
                        "-Xmn16m",
                        "-XX:CompileCommand=dontinline,a.b.C::d", // its comma and colons not taken for separators
                        "-jar",
                        wine.windowsPath(rel.resolve("gbakprof.jar")),
                        "--debug",
                        "parse",
                        "x&y",
                        "a b.log",
                        "\\\\server\\share\\b.fbk");
        assertThat(wine.cmd(rel, Map.of(), "report").args())
                .containsExactly(
                        "-Da=1",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-jar",
                        wine.windowsPath(rel.resolve("gbakprof.jar")),
                        "report");
    }

    @WineTest
    @Test
    void cmdLauncherRunsTheJavaItFoundOnPathNotOneInTheCurrentFolder() throws Exception {
        // cmd.exe looks for a bare "java" in the current folder first, and as java.bat or java.cmd too
        Wine wine = wine();
        Path rel = release("rel");
        Files.writeString(rel.resolve("java.bat"), "@echo off\r\necho not the java on PATH\r\nexit /b 9\r\n");
        Run r = wine.cmd(rel, Map.of(), "--version");
        assertThat(r.code).as(r.all()).isZero();
        assertThat(r.out).doesNotContain("not the java on PATH");
        assertThat(r.args()).contains("--version");
    }

    @WineTest
    @Test
    void cmdLauncherPassesJavasExitCode() throws Exception {
        Wine wine = wine();
        Path rel = release("rel");
        assertThat(wine.cmd(rel, Map.of("STUB_EXIT", "7"), "report").code).isEqualTo(7);
        assertThat(wine.cmd(rel, Map.of("STUB_EXIT", "130"), "run").code).isEqualTo(130);
    }

    @WineTest
    @Test
    void cmdLauncherWithoutJavaOrWithoutItsJarSaysSoAndExits2() throws Exception {
        Wine wine = wine();
        Path rel = release("rel");
        Run noJava = wine.cmd(rel, Map.of("PATH", "C:\\windows\\system32;C:\\windows"), "--version");
        assertThat(noJava.code).isEqualTo(2);
        assertThat(noJava.err)
                .contains("no java.exe on PATH")
                .contains("winget install EclipseAdoptium.Temurin.17.JRE");
        Files.delete(rel.resolve("gbakprof.jar"));
        Run noJar = wine.cmd(rel, Map.of(), "--version");
        assertThat(noJar.code).isEqualTo(2);
        assertThat(noJar.err).contains("gbakprof.jar\" not found");
    }

    @WineTest
    @Test
    void cmdLauncherInACheckoutBuildsWhenTheJarIsMissingOrASourceOrPomIsNewer() throws Exception {
        Wine wine = wine();
        Path co = checkout("my checkout", "gbakprof.cmd");
        Path x = co.resolve("src/main/java/X.java");
        Instant t = Instant.now().minusSeconds(3600);
        for (Path p : List.of(co.resolve("pom.xml"), x)) {
            Files.setLastModifiedTime(p, FileTime.from(t));
        }

        Run first = wine.cmd(co, Map.of(), "--version");
        assertThat(first.err)
                .as(first.all())
                .contains("building")
                .contains("mvn -q -B -Dstyle.color=never -DskipTests package");
        assertThat(first.args()).contains(wine.windowsPath(co.resolve("target/gbakprof.jar")), "--version");
        assertThat(wine.cmd(co, Map.of(), "--version").err).doesNotContain("building");

        Files.setLastModifiedTime(x, FileTime.from(t.plusSeconds(60)));
        assertThat(wine.cmd(co, Map.of(), "--version").err)
                .as("a changed source")
                .contains("mvn -q");
        assertThat(wine.cmd(co, Map.of(), "--version").err).doesNotContain("mvn -q");

        Files.writeString(co.resolve("src/main/java/Y.java"), "class Y {}");
        Files.setLastModifiedTime(co.resolve("src/main/java/Y.java"), FileTime.from(t));
        assertThat(wine.cmd(co, Map.of(), "--version").err)
                .as("a new source, even an old one")
                .contains("mvn -q");

        Files.setLastModifiedTime(co.resolve("pom.xml"), FileTime.from(t.plusSeconds(120)));
        assertThat(wine.cmd(co, Map.of(), "--version").err)
                .as("a newer pom.xml")
                .contains("mvn -q");
        assertThat(wine.cmd(co, Map.of(), "--version").err).doesNotContain("mvn -q");

        Files.setLastModifiedTime(x, FileTime.from(t.plusSeconds(180)));
        Run failed = wine.cmd(co, Map.of("MVN_FAIL", "1"), "--version");
        assertThat(failed.code).isEqualTo(2);
        assertThat(failed.err).contains("build failed");
        assertThat(failed.out).doesNotContain("cmdline=");
    }

    // ---- helpers ----

    /** A source checkout: the launcher, pom.xml and one source file, src/main/java/X.java. */
    private Path checkout(String name, String launcher) throws IOException {
        Path co = tmp.resolve(name);
        Files.createDirectories(co.resolve("src/main/java"));
        Files.copy(REPO.resolve(launcher), co.resolve(launcher));
        Files.writeString(co.resolve("gbakprof.jvm-options"), OPTIONS);
        Files.writeString(co.resolve("pom.xml"), "<project/>");
        Files.writeString(co.resolve("src/main/java/X.java"), "class X {}");
        return co;
    }

    private Path release(String name) throws IOException {
        Path rel = tmp.resolve(name);
        Files.createDirectories(rel);
        Files.copy(REPO.resolve("gbakprof"), rel.resolve("gbakprof"));
        Files.copy(REPO.resolve("gbakprof.cmd"), rel.resolve("gbakprof.cmd"));
        Files.writeString(rel.resolve("gbakprof.jvm-options"), OPTIONS);
        Files.writeString(rel.resolve("gbakprof.jar"), "");
        return rel;
    }

    /** A folder with a {@code java} that prints each argument in brackets and exits with $STUB_EXIT. */
    private Path stubJava() throws IOException {
        Path bin = tmp.resolve("stub-bin");
        Files.createDirectories(bin);
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/bash\nprintf '[%s]' \"$@\"; echo\nexit ${STUB_EXIT:-0}\n");
        java.toFile().setExecutable(true);
        return bin;
    }

    /** A folder with copies of only the named programs (so neither java nor mvn is on PATH). */
    private Path tools(String... names) throws Exception {
        Path bin = tmp.resolve("tools-bin");
        Files.createDirectories(bin);
        for (String n : names) {
            Path target = bin.resolve(n);
            Files.copy(
                    Path.of(exec(tmp, Map.of(), "bash", "-c", "command -v " + n)
                            .out
                            .strip()),
                    target);
            target.toFile().setExecutable(true);
        }
        return bin;
    }

    private Run bash(Path dir, String path, String... args) throws Exception {
        return bash(dir, path, Map.of(), args);
    }

    private Run bash(Path dir, String path, Map<String, String> env, String... args) throws Exception {
        List<String> cmd =
                new ArrayList<>(List.of("/bin/bash", dir.resolve("gbakprof").toString()));
        cmd.addAll(List.of(args));
        Map<String, String> e = new java.util.HashMap<>(env);
        e.put("PATH", path);
        return exec(tmp, e, cmd.toArray(String[]::new));
    }

    private record Run(int code, String out, String err) {
        String all() {
            return "exit " + code + "\n" + out + "\n" + err;
        }

        /** The arguments the stand-in java.exe printed. */
        List<String> args() {
            return out.lines()
                    .filter(l -> l.startsWith("arg["))
                    .map(l -> l.substring(l.indexOf("]=<") + 3, l.length() - 1))
                    .toList();
        }
    }

    private static Run exec(Path dir, Map<String, String> env, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().putAll(env);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        pb.redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", cmd));
        }
        Run r = new Run(
                p.exitValue(),
                Files.readString(out, StandardCharsets.ISO_8859_1),
                Files.readString(err, StandardCharsets.ISO_8859_1));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    // Wine 8's cmd differs from Windows' in two ways these tests avoid: after 'call other.bat' the caller sees
    // errorlevel 1 whatever 'exit /b N' the other gave (so a driver batch file hands over to the launcher
    // without call), and it expands %* a second time ("100%" is not tried).
    private Wine wine() throws Exception {
        boolean present = onPath("wine") && onPath("x86_64-w64-mingw32-gcc");
        if (!present && "true".equalsIgnoreCase(System.getenv("CI"))) {
            // in CI a skip would be silent: scripts/test installs them there, as it installs Firebird
            Assertions.fail("Wine and MinGW are missing in CI: scripts/test must install wine, wine64 and "
                    + "gcc-mingw-w64-x86-64");
        }
        Assumptions.assumeTrue(
                present, "gbakprof.cmd is tested with Wine's cmd: apt-get install wine gcc-mingw-w64-x86-64");
        Path bin = REPO.resolve("target/wine-bin"); // kept between runs, as the prefix below
        Files.createDirectories(bin);
        Path src = REPO.resolve("src/test/resources/launchers/args-stub.c");
        Path exe = bin.resolve("java.exe");
        if (!Files.exists(exe) || Files.getLastModifiedTime(exe).compareTo(Files.getLastModifiedTime(src)) < 0) {
            Run cc = exec(bin, Map.of(), "x86_64-w64-mingw32-gcc", "-O1", "-o", exe.toString(), src.toString());
            assertThat(cc.code).as(cc.all()).isZero();
        }
        // a stand-in Maven: says how it was called, fails when MVN_FAIL is set, else "builds" target\gbakprof.jar
        Files.writeString(
                bin.resolve("mvn.cmd"),
                String.join(
                        "\r\n",
                        "@echo off",
                        "echo mvn %* 1>&2",
                        "if defined MVN_FAIL exit /b 1",
                        "if not exist target mkdir target",
                        "echo jar> target\\gbakprof.jar",
                        ""));
        Files.createDirectories(PREFIX.getParent()); // the prefix is kept between runs: making one takes ~15 s
        startWineServer();
        return new Wine(PREFIX, bin);
    }

    private static final Path PREFIX = REPO.resolve("target/wine-prefix");
    private static boolean wineServer;

    /**
     * One wineserver for the prefix, for all of this class's Wine calls. Without it each call's wine session ends
     * with its wineserver, which exits 3 s after its last process, saving the registry: a wine started meanwhile
     * waits for that exit, 5.5 s at most (its retries in server_connect), and under load (12 on 2 CPUs) the exit
     * took longer and that wine failed to start. Measured here: a call 3.1 s after the previous one took 6-7 s (the
     * retries) instead of 1-2 s. The persistent server (-p60) stays between the calls; whatever server this prefix
     * had before (an earlier run's, maybe exiting) is ended first and waited for. A new prefix is made first by a
     * wine session of its own (a server started before the prefix exists leaves wine without its system folder).
     */
    private static synchronized void startWineServer() throws Exception {
        if (wineServer) {
            return;
        }
        Map<String, String> env = Map.of("WINEPREFIX", PREFIX.toString(), "WINEDEBUG", "-all");
        Path dir = PREFIX.getParent();
        if (!Files.exists(PREFIX.resolve("system.reg"))) {
            Run made = exec(dir, env, "wine", "cmd", "/c", "exit");
            assertThat(made.code).as(made.all()).isZero();
            exec(dir, env, "wineserver", "-w"); // that session's server, saving the new registry
        }
        exec(dir, env, "wineserver", "-k"); // exit 1: none ran
        exec(dir, env, "wineserver", "-w");
        Run started = exec(dir, env, "wineserver", "-p60");
        assertThat(started.code).as(started.all()).isZero();
        wineServer = true;
    }

    @AfterAll
    static void stopWineServer() throws Exception {
        if (wineServer) {
            Map<String, String> env = Map.of("WINEPREFIX", PREFIX.toString());
            exec(PREFIX.getParent(), env, "wineserver", "-k");
            exec(PREFIX.getParent(), env, "wineserver", "-w");
            wineServer = false;
        }
    }

    private static boolean onPath(String program) throws Exception {
        return exec(Path.of("/"), Map.of(), "bash", "-c", "command -v " + program).code == 0;
    }

    private final class Wine {
        final Path prefix;
        final Path bin;

        Wine(Path prefix, Path bin) {
            this.prefix = prefix;
            this.bin = bin;
        }

        /** Z: is / in Wine. */
        String windowsPath(Path p) {
            return "Z:" + p.toAbsolutePath().toString().replace('/', '\\');
        }

        /** Runs {@code gbakprof.cmd ARGS} in {@code dir} as typed at a prompt: a batch file that hands over to it. */
        Run cmd(Path dir, Map<String, String> env, String args) throws Exception {
            Path driver = dir.resolve("driver.bat");
            Files.writeString(driver, "@echo off\r\ngbakprof.cmd " + args + "\r\n");
            Map<String, String> e = new java.util.HashMap<>(
                    Map.of("WINEPREFIX", prefix.toString(), "WINEDEBUG", "-all", "WINEPATH", windowsPath(bin)));
            e.putAll(env);
            if (env.containsKey("PATH")) { // a Windows PATH: set inside the driver, the Linux PATH stays for wine
                e.put("PATH", System.getenv("PATH"));
                e.remove("WINEPATH");
                Files.writeString(
                        driver, "@echo off\r\nset \"PATH=" + env.get("PATH") + "\"\r\ngbakprof.cmd " + args + "\r\n");
            }
            try {
                return exec(dir, e, "wine", "cmd", "/c", "driver.bat");
            } finally {
                Files.delete(driver);
            }
        }
    }
}
