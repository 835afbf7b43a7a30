package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What monitoring systems read of {@code check}, read back as they read it, on run folders of real restores: the
 * perfdata after {@code |} by the Nagios plugin guidelines' grammar, the Prometheus textfile by Debian's
 * python3-prometheus-client parser (and a strict reading of the format's grammar), {@code --json} and
 * {@code --discovery} by a JSON parser.
 */
@FirebirdTest
class CheckMonitoringTest {

    /** A label that needs every escape of the Prometheus text format. */
    private static final String LABEL = "night\"ly\\erp";

    /** {@code 'label'=value[UOM];[warn];[crit];[min];[max]} (Nagios Plugin Development Guidelines). */
    private static final Pattern PERF =
            Pattern.compile("('[^'=]+'|[^ '=]+)=(-?[0-9]+(?:\\.[0-9]+)?)(us|ms|s|%|B|KB|MB|TB|c)?"
                    + "(?:;(-?[0-9.]*))?(?:;(-?[0-9.]*))?(?:;(-?[0-9.]*))?(?:;(-?[0-9.]*))?");

    @TempDir
    Path dir;

    private Path runs;

    private void nights(int n, Path backup) throws IOException {
        Path erp = dir.resolve("erp.fbk");
        Files.copy(backup, erp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        for (int i = 0; i < n; i++) {
            Path db = dir.resolve("erp-test.fdb");
            Cli.Result r = Restores.run(erp, db, runs, "--label", LABEL);
            assertThat(r.code()).as(r.err()).isIn(0, 1);
            Files.deleteIfExists(db);
        }
    }

    /** {@code gbakprof check ARGS} in a JVM of its own, in a German locale (a decimal comma, were it used). */
    private static Cli.Result german(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(Jvm.command(args));
        cmd.addAll(1, List.of("-Duser.language=de", "-Duser.country=DE"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "de_DE.UTF-8");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Cli.Result(p.exitValue(), out, "");
    }

    /** The perfdata of a check line: label → [value, unit, warn, crit, min, max]. */
    private static Map<String, String[]> perfdata(String line) {
        String[] parts = line.strip().split(" \\| ", -1);
        assertThat(parts).as(line).hasSize(2);
        assertThat(parts[0]).matches("(OK|WARNING|CRITICAL|UNKNOWN): [^|]+");
        Map<String, String[]> m = new HashMap<>();
        for (String item : parts[1].split(" ")) {
            Matcher x = PERF.matcher(item);
            assertThat(x.matches()).as("perfdata item %s of %s", item, line).isTrue();
            m.put(x.group(1), new String[] {x.group(2), x.group(3), x.group(4), x.group(5), x.group(6), x.group(7)});
        }
        return m;
    }

    private List<RestoreRun> records() throws IOException {
        List<RestoreRun> out = new ArrayList<>();
        for (Path d : Restores.runDirs(runs)) {
            out.addAll(RunJson.read(d.resolve("run.json")));
        }
        return out;
    }

    @Test
    void perfdataJsonPrometheusAndDiscoveryReadBackAsTheirConsumersReadThem() throws Exception {
        runs = dir.resolve("runs");
        nights(4, Firebird.backup("small"));
        RestoreRun newest = records().get(3);

        Cli.Result c = german("check", runs.toString(), "--rto", "4h", "--max-age", "26h", "--slower", "100000");
        assertThat(c.code()).as(c.out()).isZero();
        Map<String, String[]> perf = perfdata(c.out());
        assertThat(Double.parseDouble(perf.get("total")[0])).isCloseTo(newest.totalSeconds(), within(0.0005));
        assertThat(perf.get("total")[1]).isEqualTo("s");
        assertThat(perf.get("total")[3]).isEqualTo("14400"); // crit: the RTO
        assertThat(perf.get("total")[4]).isEqualTo("0");
        assertThat(perf.get("age")[3]).isEqualTo("93600"); // crit: --max-age 26h
        for (String phase : List.of("setup_phase", "metadata_phase", "data_phase", "index_phase", "finish_phase")) {
            assertThat(perf).containsKey(phase);
            assertThat(perf.get(phase)[1]).isEqualTo("s");
        }

        Cli.Result json = Cli.run("check", runs.toString(), "--json", "--rto", "4h");
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.path("schema").asText()).isEqualTo("gbakprof.check/1");
        assertThat(j.path("code").asInt()).isEqualTo(json.code());
        assertThat(j.path("status").asText()).isIn("OK", "WARNING");
        assertThat(j.path("label").asText()).isEqualTo(LABEL);
        assertThat(j.path("run").path("totalSeconds").asDouble()).isEqualTo(newest.totalSeconds());
        assertThat(j.path("band").path("runs").asInt()).isEqualTo(3);
        assertThat(j.path("thresholds").path("criticalSeconds").asDouble()).isEqualTo(14400.0);
        // warn: the band's upper edge, which is under 80% of the RTO here
        assertThat(j.path("thresholds").path("warningSeconds").asDouble())
                .isEqualTo(j.path("band").path("high").asDouble());
        Cli.Result plain = Cli.run("check", runs.toString(), "--rto", "4h");
        assertThat(perfdata(plain.out()).get("total")[2])
                .isEqualTo(new java.math.BigDecimal(j.path("band").path("high").asText())
                        .stripTrailingZeros()
                        .toPlainString());

        // Prometheus: an earlier check's file replaced whole, read by the real parser
        Path textfiles = Files.createDirectories(dir.resolve("textfile"));
        Path prom = textfiles.resolve("gbakprof-erp.prom");
        Files.writeString(prom, "# HELP gbakprof_check_status an older file\n");
        Cli.Result p = Cli.run("check", runs.toString(), "--rto", "4h", "--prometheus", prom.toString());
        assertThat(p.code()).isEqualTo(json.code());
        try (Stream<Path> s = Files.list(textfiles)) {
            assertThat(s.toList()).containsExactly(prom); // no temporary file left beside it
        }
        String text = Files.readString(prom);
        strictTextFormat(text);
        Map<String, Double> samples = parsed(text);
        String labels = "backup=erp.fbk,label=" + LABEL;
        assertThat(samples.get("gbakprof_restore_last_seconds{" + labels + "}")).isEqualTo(newest.totalSeconds());
        assertThat(samples.get("gbakprof_restore_success{" + labels + "}")).isEqualTo(1.0);
        assertThat(samples.get("gbakprof_check_status{" + labels + "}")).isEqualTo((double) json.code());
        assertThat(samples.get("gbakprof_restore_rto_seconds{" + labels + "}")).isEqualTo(14400.0);
        assertThat(samples.get("gbakprof_restore_phase_seconds{" + labels + ",phase=indexes}"))
                .isEqualTo(newest.phaseSeconds(dev.gbakprof.model.Phase.INDEXES));
        assertThat(samples.get("gbakprof_restore_last_start_timestamp_seconds{" + labels + "}"))
                .isEqualTo(java.time.Instant.parse(newest.startedAt()).toEpochMilli() / 1000.0);

        // a failed night: its total and phases are unknown, left out, never 0
        byte[] full = Files.readAllBytes(Firebird.backup("small"));
        Path cut = Files.write(dir.resolve("cut.fbk"), Arrays.copyOf(full, full.length / 2));
        nights(1, cut);
        Cli.Result failed = Cli.run("check", runs.toString(), "--rto", "4h", "--prometheus", prom.toString());
        assertThat(failed.code()).as(failed.out()).isEqualTo(2);
        Map<String, String[]> failedPerf = perfdata(failed.out());
        assertThat(failedPerf).containsOnlyKeys("age");
        Map<String, Double> failedSamples = parsed(Files.readString(prom));
        assertThat(failedSamples.get("gbakprof_restore_success{" + labels + "}"))
                .isEqualTo(0.0);
        assertThat(failedSamples.keySet())
                .noneMatch(k -> k.startsWith("gbakprof_restore_last_seconds")
                        || k.startsWith("gbakprof_restore_phase_seconds"));

        // a monitoring system that was told nothing knows nothing: UNKNOWN, not the CRITICAL it did not see
        Process devFull = new ProcessBuilder(Jvm.command("check", runs.toString()))
                .redirectOutput(new java.io.File("/dev/full"))
                .redirectError(dir.resolve("full.err").toFile())
                .start();
        assertThat(devFull.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(devFull.exitValue()).isEqualTo(3);
        assertThat(Files.readString(dir.resolve("full.err"))).contains("cannot write to standard output");

        // Zabbix low-level discovery: every backup of the runs folder
        Cli.Result lld = Cli.run("check", runs.toString(), "--discovery");
        assertThat(lld.code()).isZero();
        JsonNode data = new ObjectMapper().readTree(lld.out()).path("data");
        assertThat(data.size()).isEqualTo(1);
        assertThat(data.get(0).path("{#BACKUP}").asText()).isEqualTo("erp.fbk");
        assertThat(data.get(0).path("{#LABEL}").asText()).isEqualTo(LABEL);
        assertThat(data.get(0).path("{#RUNS_DIR}").asText()).isEqualTo(runs.toString());
    }

    /**
     * The text format's grammar, strictly: each family's {@code # HELP} then {@code # TYPE gauge} once, before its
     * samples, which follow it together; each sample {@code name{l="v",…} value}, with its value a C-locale number.
     */
    private static void strictTextFormat(String text) {
        assertThat(text).endsWith("\n");
        Pattern help = Pattern.compile("# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) [^\\n]*");
        Pattern type = Pattern.compile("# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) gauge");
        Pattern sample = Pattern.compile(
                "([a-zA-Z_:][a-zA-Z0-9_:]*)\\{([a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\""
                        + "(?:,[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\")*)\\} (-?[0-9]+(?:\\.[0-9]+)?(?:e-?[0-9]+)?)");
        List<String> seen = new ArrayList<>();
        String family = null;
        String typed = null;
        for (String line : text.split("\n")) {
            Matcher h = help.matcher(line);
            Matcher t = type.matcher(line);
            Matcher s = sample.matcher(line);
            if (h.matches()) {
                assertThat(seen).as("one HELP per family").doesNotContain(h.group(1));
                seen.add(h.group(1));
                family = h.group(1);
                typed = null;
            } else if (t.matches()) {
                assertThat(t.group(1)).isEqualTo(family);
                typed = family;
            } else {
                assertThat(s.matches()).as("a sample line: %s", line).isTrue();
                assertThat(s.group(1)).isEqualTo(typed);
            }
        }
    }

    /** The samples as Debian's python3-prometheus-client reads them: {@code name{l=v,…}} → value. */
    private static Map<String, Double> parsed(String text) throws Exception {
        Path python = Path.of("/usr/bin/python3");
        String script = String.join(
                "\n",
                "import sys",
                "from prometheus_client.parser import text_string_to_metric_families",
                "for f in text_string_to_metric_families(sys.stdin.read()):",
                "    assert f.type == 'gauge', f.type",
                "    for s in f.samples:",
                "        labels = ','.join(k + '=' + v for k, v in sorted(s.labels.items()))",
                "        print(s.name + '{' + labels + '}\\t' + repr(s.value))");
        Process p = new ProcessBuilder(python.toString(), "-c", script).start();
        p.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        Map<String, Double> m = new HashMap<>();
        for (String line : out.split("\n")) {
            if (!line.isEmpty()) {
                int tab = line.lastIndexOf('\t');
                m.put(line.substring(0, tab), Double.parseDouble(line.substring(tab + 1)));
            }
        }
        return m;
    }
}
