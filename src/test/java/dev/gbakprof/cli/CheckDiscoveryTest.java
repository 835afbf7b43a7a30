package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Jvm;
import dev.gbakprof.testutil.Restores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zabbix low-level discovery, end to end, as the guide (docs/guide/monitoring.md) sets it up: its two
 * {@code UserParameter} lines run by {@code /bin/sh} as the agent runs them, the discovery's macros put into the
 * guide's item prototype key, its parameters read by the item key grammar and passed to the command as {@code $1} and
 * {@code $2}. Run folders of real gbak logs ({@link Restores#night}) and the marker a killed run leaves
 * ({@link Restores#killed}), of several jobs whose backups share a file name.
 */
class CheckDiscoveryTest {

    @TempDir
    Path dir;

    private static final Path GUIDE = Path.of("docs/guide/monitoring.md");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Where the guide's agent lines have gbakprof and the runs folder. */
    private static final String GUIDE_GBAKPROF = "/opt/gbakprof/gbakprof";

    private static final String GUIDE_RUNS = "/var/lib/gbakprof/runs";

    /** What the agent refuses in a parameter unless UnsafeUserParameters=1 (Zabbix agent configuration). */
    private static final String UNSAFE = "\\'\"`*?[]{}~$!&;()<>|#@\n";

    /** Four nights of {@code label}'s {@code backup}, a day apart, the newest 2 hours ago: the last of {@code tonight}. */
    private static void nights(Path runs, String label, String backup, String tonight, int minutes) throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(minutes));
        for (int day = 3; day >= 0; day--) {
            Instant at = now.minus(Duration.ofHours(2 + 24L * day));
            Restores.night(runs, day == 0 ? tonight : "samples/small-tdrw.log", at, label, backup);
        }
    }

    /** The guide's {@code UserParameter=KEY,COMMAND} line of {@code key}: its command. */
    private static String userParameter(String guide, String key) {
        Matcher m = Pattern.compile("(?m)^UserParameter=" + Pattern.quote(key) + ",(.+)$")
                .matcher(guide);
        assertThat(m.find()).as("UserParameter=%s in %s", key, GUIDE).isTrue();
        return m.group(1);
    }

    /**
     * The parameters of an item key ({@code key[p1,p2]}, Zabbix's item key format): each a quoted string (any
     * character, {@code \"} for a quote) or an unquoted one (no comma, no {@code ]}), possibly empty.
     */
    private static List<String> keyParameters(String key) {
        int open = key.indexOf('[');
        assertThat(key).endsWith("]");
        String s = key.substring(open + 1, key.length() - 1);
        List<String> params = new ArrayList<>();
        int i = 0;
        while (true) {
            StringBuilder p = new StringBuilder();
            while (i < s.length() && s.charAt(i) == ' ') {
                i++;
            }
            if (i < s.length() && s.charAt(i) == '"') {
                for (i++; s.charAt(i) != '"'; i++) {
                    if (s.charAt(i) == '\\' && s.charAt(i + 1) == '"') {
                        i++;
                    }
                    p.append(s.charAt(i));
                }
                i++;
                while (i < s.length() && s.charAt(i) == ' ') {
                    i++;
                }
            } else {
                while (i < s.length() && s.charAt(i) != ',') {
                    assertThat(s.charAt(i))
                            .as("an unquoted parameter of %s", key)
                            .isNotEqualTo(']');
                    p.append(s.charAt(i++));
                }
            }
            params.add(p.toString());
            if (i >= s.length()) {
                return params;
            }
            assertThat(s.charAt(i)).as("after a parameter of %s", key).isEqualTo(',');
            i++;
        }
    }

    /** The item prototype key of the guide that {@code UserParameter=gbakprof.check[*]} answers. */
    private static String itemPrototype(String guide) {
        Matcher m = Pattern.compile("item prototype `(gbakprof\\.check\\[[^`]*\\])`")
                .matcher(guide);
        assertThat(m.find()).as("the item prototype in %s", GUIDE).isTrue();
        return m.group(1);
    }

    /** An agent's run of {@code command} with {@code $1}… replaced by {@code params}: {@code /bin/sh -c}. */
    private Cli.Result agent(String command, List<String> params, Path runs) throws Exception {
        Path gbakprof = dir.resolve("gbakprof");
        if (!Files.exists(gbakprof)) {
            String java = Jvm.command().stream().map(a -> "'" + a + "'").collect(Collectors.joining(" "));
            Files.writeString(gbakprof, "#!/bin/sh\nexec " + java + " \"$@\"\n");
            assertThat(gbakprof.toFile().setExecutable(true)).isTrue();
        }
        String line = command.replace(GUIDE_GBAKPROF, gbakprof.toString()).replace(GUIDE_RUNS, runs.toString());
        for (int i = 0; i < params.size(); i++) {
            for (char c : params.get(i).toCharArray()) {
                assertThat(UNSAFE.indexOf(c))
                        .as("%s needs UnsafeUserParameters=1", params.get(i))
                        .isNegative();
            }
            line = line.replace("$" + (i + 1), params.get(i));
        }
        Process p = new ProcessBuilder("/bin/sh", "-c", line).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Cli.Result(p.exitValue(), out, err);
    }

    /** What each discovered job's item gets: its macros → the check's JSON; its exit code as {@code code}. */
    private Map<List<String>, JsonNode> items(Path runs) throws Exception {
        String guide = Files.readString(GUIDE);
        Cli.Result discovery = agent(userParameter(guide, "gbakprof.discovery"), List.of(), runs);
        assertThat(discovery.code()).as(discovery.err()).isZero();
        Map<List<String>, JsonNode> items = new LinkedHashMap<>();
        for (JsonNode e : JSON.readTree(discovery.out()).path("data")) {
            assertThat(e.path("{#RUNS_DIR}").asText()).isEqualTo(runs.toString());
            String backup = e.path("{#BACKUP}").asText();
            String label = e.path("{#LABEL}").asText();
            String key = itemPrototype(guide).replace("{#BACKUP}", backup).replace("{#LABEL}", label);
            Cli.Result c = agent(userParameter(guide, "gbakprof.check[*]"), keyParameters(key), runs);
            JsonNode j = JSON.readTree(c.out());
            assertThat(j.path("code").asInt()).as(c.out()).isEqualTo(c.code());
            items.put(List.of(backup, label), j);
        }
        return items;
    }

    @Test
    void eachJobOfASharedBackupFileNameIsOneItemJudgedAlone() throws Exception {
        Path runs = dir.resolve("runs");
        nights(runs, "erp-nightly", "/a/db.fbk", "samples/small-tdrw.log", 0);
        nights(runs, "crm-nightly", "/b/db.fbk", "samples/dupfail-tdrw.log", 10); // tonight's failed
        nights(runs, null, "/c/db.fbk", "samples/shop-tdrw.log", 20); // tonight's 17 s, above its band
        Restores.killed(runs, "db.fbk, embedded", "/d/db.fbk"); // its only run, killed

        // the defect the items avoid: by file name alone, the jobs are UNKNOWN
        Cli.Result byName = Cli.run("check", runs.toString(), "--backup", "db.fbk");
        assertThat(byName.code()).as(byName.out()).isEqualTo(3);
        assertThat(byName.out()).startsWith("UNKNOWN: db.fbk is the file name of the backups at 3 paths");

        Map<List<String>, JsonNode> items = items(runs);
        assertThat(items.keySet())
                .containsExactly(
                        List.of("db.fbk", ""),
                        List.of("db.fbk", "crm-nightly"),
                        List.of("db.fbk", "db.fbk, embedded"),
                        List.of("db.fbk", "erp-nightly"));
        JsonNode unlabelled = items.get(List.of("db.fbk", ""));
        assertThat(unlabelled.path("status").asText()).as(unlabelled.toString()).isEqualTo("WARNING");
        assertThat(unlabelled.path("text").asText()).startsWith("WARNING: db restored in 17.2 s");
        assertThat(unlabelled.path("label").isNull()).isTrue();
        JsonNode crm = items.get(List.of("db.fbk", "crm-nightly"));
        assertThat(crm.path("status").asText()).as(crm.toString()).isEqualTo("CRITICAL");
        assertThat(crm.path("text").asText()).startsWith("CRITICAL: crm-nightly restore failed on ");
        assertThat(crm.path("label").asText()).isEqualTo("crm-nightly");
        JsonNode killed = items.get(List.of("db.fbk", "db.fbk, embedded"));
        assertThat(killed.path("status").asText()).as(killed.toString()).isEqualTo("CRITICAL");
        assertThat(killed.path("text").asText())
                .startsWith("CRITICAL: db.fbk, embedded: tonight's restore left no record (killed or crashed?)");
        JsonNode erp = items.get(List.of("db.fbk", "erp-nightly"));
        assertThat(erp.path("status").asText()).as(erp.toString()).isEqualTo("OK");
        assertThat(erp.path("text").asText()).startsWith("OK: erp-nightly restored in 0.2 s");
        for (JsonNode j : items.values()) {
            assertThat(j.path("backup").asText()).isEqualTo("db.fbk");
        }
        // each job's band is its own: erp's of its 3 nights before tonight, not of the other jobs' 9
        assertThat(erp.path("band").path("runs").asInt()).isEqualTo(3);

        // each job's Prometheus file (one per job): its series labelled with the job's backup and label ("" for none)
        for (String[] job : new String[][] {{"crm-nightly", "2"}, {"", "1"}}) {
            Path prom = dir.resolve("db-" + job[0] + ".prom");
            Cli.Result p = Cli.run(
                    "check", runs.toString(), "--backup", "db.fbk", "--label", job[0], "--prometheus", prom.toString());
            assertThat(p.code()).as(p.out()).isEqualTo(Integer.parseInt(job[1]));
            assertThat(Files.readString(prom))
                    .contains("gbakprof_check_status{backup=\"db.fbk\",label=\"" + job[0] + "\"} " + job[1] + "\n");
        }

        // --label '' alone: the runs without a label (of one backup here); history of one job
        assertThat(Cli.run("check", runs.toString(), "--label", "").code()).isEqualTo(1);
        Cli.Result history = Cli.run("history", runs.toString(), "--backup", "db", "--label", "crm-nightly");
        assertThat(history.code()).as(history.err()).isZero();
        assertThat(history.out()).startsWith("db.fbk: 4 runs: 3 completed, 1 failed");

        Cli.Result none = Cli.run("check", runs.toString(), "--backup", "db.fbk", "--label", "weekly");
        assertThat(none.code()).isEqualTo(3);
        assertThat(none.out())
                .isEqualTo("UNKNOWN: no run of db.fbk labelled \"weekly\" under [" + runs + "] (jobs there: db.fbk"
                        + " without a label; db.fbk labelled \"crm-nightly\"; db.fbk labelled \"db.fbk, embedded\";"
                        + " db.fbk labelled \"erp-nightly\")"
                        + System.lineSeparator());
    }

    @Test
    void oneJobIsOneItem() throws Exception {
        Path runs = dir.resolve("runs");
        nights(runs, "erp-nightly", "/a/db.fbk", "samples/small-tdrw.log", 0);
        Map<List<String>, JsonNode> items = items(runs);
        assertThat(items.keySet()).containsExactly(List.of("db.fbk", "erp-nightly"));
        JsonNode erp = items.get(List.of("db.fbk", "erp-nightly"));
        assertThat(erp.path("status").asText()).as(erp.toString()).isEqualTo("OK");
        assertThat(Cli.run("check", runs.toString(), "--backup", "db").out()).startsWith("OK: db restored in 0.2 s");
    }

    /**
     * A run folder whose record cannot be read and that has no marker (its run ended, then its {@code run.json} was
     * damaged) names no backup nor label: it is the night of the job whose label its name has, not the other's.
     */
    @Test
    void aFolderThatNamesNoJobIsTheNightOfTheLabelItsNameHas() throws Exception {
        Path runs = dir.resolve("runs");
        nights(runs, "erp-nightly", "/a/db.fbk", "samples/small-tdrw.log", 30);
        nights(runs, "crm-nightly", "/b/db.fbk", "samples/small-tdrw.log", 20);
        String name = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(Instant.now().minus(Duration.ofMinutes(60)));
        Path damaged = Files.createDirectories(runs.resolve(name + "-erp-nightly"));
        Files.writeString(damaged.resolve("run.json"), "{\"schema\" : \"gbakprof.run/1\", \"label\" : ");
        Map<List<String>, JsonNode> items = items(runs);
        assertThat(items.keySet()).containsExactly(List.of("db.fbk", "crm-nightly"), List.of("db.fbk", "erp-nightly"));
        JsonNode erp = items.get(List.of("db.fbk", "erp-nightly"));
        assertThat(erp.path("text").asText())
                .as(erp.toString())
                .startsWith("UNKNOWN: erp-nightly: the newest restore's record cannot be judged");
        assertThat(erp.path("run").path("folder").asText()).isEqualTo(damaged.toString());
        assertThat(items.get(List.of("db.fbk", "crm-nightly")).path("status").asText())
                .isEqualTo("OK");
    }
}
