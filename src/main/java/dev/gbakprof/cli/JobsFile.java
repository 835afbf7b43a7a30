package dev.gbakprof.cli;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.OneLine;
import dev.gbakprof.output.Json;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A jobs file: the restores of one nightly over many databases, run in order by {@code run --jobs FILE} and judged
 * by {@code check --jobs FILE}. A JSON array of objects (docs/guide/jobs.schema.json, docs/guide/nightly.md "Many
 * databases: a jobs file"); never a password.
 */
final class JobsFile {
    /** The keys a job may have, in the order the messages list them. */
    static final List<String> KEYS =
            List.of("label", "backup", "backupDir", "pattern", "settle", "database", "via", "host", "rto", "validate");

    /** The routes of a job's {@code via}. */
    static final List<String> VIAS = List.of("embedded", "server", "service");

    private JobsFile() {}

    /**
     * One job.
     *
     * @param index     its place in the file, from 1
     * @param line      the line its object starts on
     * @param backup    the backup file to restore, or {@code null} with {@code backupDir}
     * @param backupDir the folder whose newest complete backup is restored, or {@code null}
     * @param pattern   with {@code backupDir}: the backup files' names, or {@code null} (run's default)
     * @param settle    with {@code backupDir}: how long a backup must be unchanged, or {@code null} (run's default)
     * @param via       {@code embedded}, {@code server} (gbak through the server at {@code host}) or {@code service}
     * @param host      the server, or {@code null} (localhost)
     * @param rto       the recovery time objective as written, or {@code null}
     */
    record Job(
            int index,
            long line,
            String label,
            String backup,
            String backupDir,
            String pattern,
            String settle,
            String database,
            String via,
            String host,
            String rto,
            boolean validate) {

        /** The RTO, or {@code null}. */
        Duration rtoDuration() {
            return rto == null ? null : Durations.parse("rto", rto);
        }

        /** {@code gbakprof run}'s options for this job, before the options given on the command line for all. */
        List<String> runArgs() {
            List<String> a = new ArrayList<>(List.of("run", "--label", label));
            if (backup != null) {
                a.addAll(List.of("--backup", backup));
            } else {
                a.addAll(List.of("--backup-dir", backupDir));
                if (pattern != null) {
                    a.addAll(List.of("--pattern", pattern));
                }
                if (settle != null) {
                    a.addAll(List.of("--settle", settle));
                }
            }
            a.addAll(List.of("--database", database));
            if (via.equals("service")) {
                a.addAll(List.of("--via", "service"));
            }
            if (host != null || via.equals("server")) {
                a.addAll(List.of("--host", host != null ? host : "localhost"));
            }
            if (validate) {
                a.add("--validate");
            }
            return a;
        }
    }

    /**
     * The jobs of {@code file}, in its order.
     *
     * @throws UsageException          one line naming the file (the line and the job) and what was expected
     * @throws Durations.NotADuration a {@code "settle"} or {@code "rto"} that is no duration, the same way: the file,
     *                                the line and the job, and what was expected
     */
    static List<Job> read(Path file) {
        String expected =
                "expected a JSON array of jobs, each {\"label\", \"backup\" or \"backupDir\", \"database\", …}"
                        + " (docs/guide/jobs.schema.json)";
        List<Job> jobs = new ArrayList<>();
        ObjectReader json = Json.reader();
        try (JsonParser p = json.createParser(Files.newInputStream(file))) {
            p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new UsageException(file + ": " + expected);
            }
            Map<String, Integer> labels = new HashMap<>();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t == null) {
                    throw new UsageException(file + ": the array of jobs is not closed; " + expected);
                }
                int index = jobs.size() + 1;
                long line = p.currentTokenLocation().getLineNr();
                if (t != JsonToken.START_OBJECT) {
                    throw new UsageException(file + " line " + line + ": job " + index
                            + ": expected an object {\"label\": …, \"database\": …}");
                }
                // each key's line: a message about a key names the line it is on, one about the job its first line
                ObjectNode n = JsonNodeFactory.instance.objectNode();
                Map<String, Long> keyLines = new HashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    keyLines.put(key, (long) p.currentTokenLocation().getLineNr());
                    p.nextToken();
                    n.set(key, json.readTree(p));
                }
                Function<String, String> at =
                        key -> file + " line " + keyLines.getOrDefault(key, line) + ": job " + index;
                Job job = job(at, index, line, n);
                Integer same = labels.putIfAbsent(job.label(), index);
                if (same != null) {
                    throw new UsageException(at.apply("label") + ": label \"" + job.label() + "\" is job " + same
                            + "'s too; expected one label per job (check --jobs judges each label's newest run)");
                }
                jobs.add(job);
            }
            if (p.nextToken() != null) {
                throw new UsageException(file + " line "
                        + p.currentTokenLocation().getLineNr() + ": more after the array of jobs; " + expected);
            }
        } catch (NoSuchFileException ex) {
            throw new UsageException(file + ": no such jobs file");
        } catch (AccessDeniedException ex) {
            throw new UsageException(file + ": jobs file not readable (permission denied)");
        } catch (JsonParseException ex) {
            throw new UsageException(file + " line " + ex.getLocation().getLineNr() + ": not JSON ("
                    + ex.getOriginalMessage().lines().findFirst().orElse("") + "); " + expected);
        } catch (JsonProcessingException ex) {
            throw new UsageException(file + ": not JSON (" + ex.getOriginalMessage() + "); " + expected);
        } catch (IOException ex) {
            throw new UsageException(file + ": cannot read (" + ex.getMessage() + ")");
        }
        if (jobs.isEmpty()) {
            throw new UsageException(file + ": no job; " + expected);
        }
        return jobs;
    }

    private static Job job(Function<String, String> at, int index, long line, JsonNode n) {
        for (Iterator<String> names = n.fieldNames(); names.hasNext(); ) {
            String key = names.next();
            if (key.equalsIgnoreCase("password") || key.equalsIgnoreCase("isc_password")) {
                throw new UsageException(
                        at.apply(key) + ": \"" + key + "\": a password never goes into a jobs file; give"
                                + " --password-file F or the ISC_PASSWORD variable");
            }
            if (!KEYS.contains(key)) {
                throw new UsageException(
                        at.apply(key) + ": unknown key \"" + key + "\"; expected " + String.join(", ", KEYS));
            }
        }
        String label = text(at, n, "label", true);
        String control = OneLine.firstControl(label);
        if (control != null) {
            throw new UsageException(at.apply("label") + ": label \"" + OneLine.of(label) + "\" has " + control + "; "
                    + LabelOption.EXPECTED);
        }
        String backup = text(at, n, "backup", false);
        String backupDir = text(at, n, "backupDir", false);
        if ((backup == null) == (backupDir == null)) {
            throw new UsageException(
                    at.apply(null) + ": expected one of \"backup\" (a backup file) and \"backupDir\" (the folder"
                            + " whose newest complete backup is restored)");
        }
        String pattern = text(at, n, "pattern", false);
        String settle = text(at, n, "settle", false);
        if (backupDir == null && (pattern != null || settle != null)) {
            throw new UsageException(
                    at.apply(pattern != null ? "pattern" : "settle") + ": \"" + (pattern != null ? "pattern" : "settle")
                            + "\" chooses a file of \"backupDir\"; expected it only with \"backupDir\"");
        }
        if (settle != null) {
            Durations.parse(at.apply("settle") + ": \"settle\"", settle);
        }
        String database = text(at, n, "database", true);
        String via = text(at, n, "via", false);
        via = via == null ? "embedded" : via;
        if (!VIAS.contains(via)) {
            throw new UsageException(
                    at.apply("via") + ": \"via\" is \"" + via + "\"; expected " + String.join(", ", VIAS));
        }
        String host = text(at, n, "host", false);
        if (host != null && via.equals("embedded")) {
            throw new UsageException(
                    at.apply("host") + ": \"host\" names a server, and \"via\" is embedded; expected \"via\":"
                            + " \"server\" or \"service\" with it");
        }
        String rto = text(at, n, "rto", false);
        if (rto != null) {
            Durations.parse(at.apply("rto") + ": \"rto\"", rto);
        }
        boolean validate = false;
        if (n.has("validate")) {
            if (!n.get("validate").isBoolean()) {
                throw new UsageException(
                        at.apply("validate") + ": \"validate\" is " + n.get("validate") + "; expected true or false");
            }
            validate = n.get("validate").asBoolean();
        }
        return new Job(index, line, label, backup, backupDir, pattern, settle, database, via, host, rto, validate);
    }

    private static String text(Function<String, String> at, JsonNode n, String key, boolean required) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                throw new UsageException(at.apply(null) + ": no \"" + key + "\"; expected it, a text");
            }
            return null;
        }
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new UsageException(
                    at.apply(key) + ": \"" + key + "\" is " + v + "; expected a text that is not empty");
        }
        return v.asText();
    }

    /** The options of {@code run} that a job gives, refused beside {@code --jobs}. */
    static final Set<String> PER_JOB_OPTIONS = Set.of(
            "--backup",
            "--backup-dir",
            "--pattern",
            "--settle",
            "--database",
            "--label",
            "--via",
            "--host",
            "--validate",
            "--backup-from",
            "--repeat",
            "--warmup",
            "--cooldown",
            "--baseline");
}
