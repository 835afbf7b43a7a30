package dev.gbakprof.testutil;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.LogReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Real gbak logs from src/test/resources/logs and samples/, and a deliberately naive reading of them. */
public final class Logs {
    private Logs() {}

    /**
     * A real log of src/test/resources/logs (Firebird 3.0), or with the prefix {@code fb4/} of
     * src/test/resources/logs-fb4 (Firebird 4.0's gbak, scripts/make-fixtures-fb4.sh).
     */
    public static Path log(String name) {
        return name.startsWith(FB4) ? resource("/logs-fb4/", name.substring(FB4.length())) : resource("/logs/", name);
    }

    /** The prefix of a Firebird 4.0 log's name in {@link #log}. */
    public static final String FB4 = "fb4/";

    /**
     * The calibration of three sizes restored three times each, on gbak's CPU clock (src/test/resources/forecast:
     * accuracy-25000-1 to accuracy-100000-3), as command-line arguments.
     */
    public static java.util.List<String> accuracyCalibration() {
        java.util.List<String> paths = new java.util.ArrayList<>();
        for (String n : java.util.List.of("25000", "50000", "100000")) {
            for (int i = 1; i <= 3; i++) {
                paths.add("src/test/resources/forecast/accuracy-" + n + "-" + i + ".cpu.log");
            }
        }
        return paths;
    }

    /** A real backup log ({@code gbak -b}) of src/test/resources/backup-logs (scripts/make-fixtures.sh --backups). */
    public static Path backupLog(String name) {
        return resource("/backup-logs/", name);
    }

    /**
     * {@code log} (timed by {@code -st t d}, a header line first) as gbak prints the same run without {@code -st}:
     * no header, no columns; written to {@code to}.
     */
    public static Path withoutStatistics(Path log, Path to) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        StringBuilder plain = new StringBuilder();
        for (String l : lines.subList(1, lines.size())) {
            plain.append("gbak:")
                    .append(l.substring(5).replaceFirst("^ +[0-9.]+ +[0-9.]+ ", ""))
                    .append('\n');
        }
        return Files.writeString(to, plain);
    }

    private static Path resource(String folder, String name) {
        URL url = Logs.class.getResource(folder + name);
        if (url == null) {
            throw new IllegalArgumentException("no test log " + folder + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Every file of src/test/resources and samples/ whose name ends with one of {@code endings}, sorted: the
     * tests that hold a property for every log and record there.
     */
    public static List<Path> everyFile(String... endings) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : List.of(Path.of("src/test/resources"), Path.of("samples"))) {
            try (java.util.stream.Stream<Path> walk = Files.walk(dir)) {
                walk.filter(Files::isRegularFile)
                        .filter(f -> java.util.Arrays.stream(endings).anyMatch(f.toString()::endsWith))
                        .sorted()
                        .forEach(files::add);
            }
        }
        return files;
    }

    /**
     * The real-shape restore log (samples/real-shape-tdrw.log.gz: 2,000 tables, 6,000 indexes, restored by the real
     * gbak; scripts/fixtures/real-shape made it), unzipped into {@code dir}.
     */
    public static Path realShape(Path dir) throws IOException {
        Path log = dir.resolve("real-shape-tdrw.log");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("samples", "real-shape-tdrw.log.gz")))) {
            Files.copy(in, log);
        }
        return log;
    }

    public static Path sample(String name) {
        return Path.of("samples", name);
    }

    public static RestoreRun read(String name) {
        return LogReader.read(log(name), null);
    }

    /** The text of a real log of src/test/resources/logs. */
    public static String text(String name) throws IOException {
        return Files.readString(log(name), StandardCharsets.UTF_8);
    }

    /** A log of src/test/resources/more-logs (more-logs/README.md says how each was made). */
    public static Path more(String name) {
        return resource("/more-logs/", name);
    }

    /** Writes {@code text} as the UTF-8 file {@code name} of {@code dir}. */
    public static Path write(Path dir, String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    /** The index of the first of {@code lines} that contains {@code text}. */
    public static int indexOfFirst(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no line with " + text);
    }

    /** The record without what says where it came from: label, source and warnings. */
    public static RestoreRun bare(RestoreRun r) {
        return r.toBuilder().label("x").source("x").warnings(List.of()).build();
    }

    /**
     * One statistics line as a test oracle reads it: naive whitespace split, no shared code with the parser.
     * Values are in milliseconds (time, delta) or pages; -1 when the column is absent.
     */
    public record Row(int lineNumber, long time, long delta, long reads, long writes, String text) {}

    /** The statistics lines of a UTF-8 log with a header, read naively. */
    public static List<Row> rows(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Column> cols = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (!l.startsWith("gbak:")) {
                continue;
            }
            String rest = l.substring(5).strip();
            String[] tok = rest.split("\\s+");
            if (cols.isEmpty()
                    && tok.length > 0
                    && List.of("time", "delta", "reads", "writes").contains(tok[0])) {
                for (String t : tok) {
                    cols.add(Column.valueOf(t.toUpperCase()));
                }
                continue;
            }
            if (cols.isEmpty()
                    || !l.startsWith("gbak: ")
                    || tok.length <= cols.size()
                    || !tok[0].matches("\\d+(\\.\\d+)?")) {
                continue;
            }
            long time = -1, delta = -1, reads = -1, writes = -1;
            for (int c = 0; c < cols.size(); c++) {
                switch (cols.get(c)) {
                    case TIME -> time = Math.round(Double.parseDouble(tok[c]) * 1000);
                    case DELTA -> delta = Math.round(Double.parseDouble(tok[c]) * 1000);
                    case READS -> reads = Long.parseLong(tok[c]);
                    case WRITES -> writes = Long.parseLong(tok[c]);
                }
            }
            String text = String.join(" ", java.util.Arrays.copyOfRange(tok, cols.size(), tok.length));
            rows.add(new Row(i + 1, time, delta, reads, writes, text));
        }
        return rows;
    }
}
