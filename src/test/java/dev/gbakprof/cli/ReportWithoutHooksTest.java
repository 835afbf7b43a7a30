package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Jvm;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing a report registers no shutdown hook: not ImageIO's (its file cache closes each cached stream from a hook it
 * registers), not a {@code File.deleteOnExit}. Proved where a registration fails: in a JVM that is shutting down, which
 * throws {@code IllegalStateException: Shutdown in progress} at the first one (what a matrix stopped by Ctrl-C printed
 * instead of its report when it wrote the report during the shutdown).
 */
class ReportWithoutHooksTest {

    /** {@code gbakprof ARGS} run from a shutdown hook: its exit code, its output and error, then the JVM ends. */
    public static final class FromShutdownHook {
        private FromShutdownHook() {}

        public static void main(String[] args) {
            System.setProperty("java.awt.headless", "true");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
                System.out.println(out);
                System.out.println(err);
                System.out.println("exit " + code);
                System.out.flush();
            }));
            System.exit(0);
        }
    }

    @Test
    void aWholeReportIsWrittenInAJvmThatIsShuttingDown(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("report");
        List<String> args = new ArrayList<>(
                List.of("compare", "--debug", "--label-from", "dir", "--out", out.toString(), "--size", "800x450"));
        for (String config : List.of("full-cpu", "cpu-quota-50")) {
            for (int i = 1; i <= 3; i++) {
                args.add("src/test/resources/report/ab/" + config + "/run" + i + ".log");
            }
        }
        Path console = dir.resolve("console.txt");
        Process jvm = new ProcessBuilder(Jvm.commandOf(FromShutdownHook.class.getName(), args.toArray(String[]::new)))
                .redirectErrorStream(true)
                .redirectOutput(console.toFile())
                .start();
        assertThat(jvm.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String said = Files.readString(console);
        assertThat(said).as(said).doesNotContain("Shutdown in progress").contains("exit 0");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as(said)
                    .contains("report.png", "report.html", "total.png", "summary.md", "runs.csv");
        }
        assertThat(ImageIO.read(out.resolve("total.png").toFile()).getWidth()).isEqualTo(800);
    }
}
