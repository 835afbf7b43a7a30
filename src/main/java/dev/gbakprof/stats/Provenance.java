package dev.gbakprof.stats;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where and when the runs were made, as far as their records know (a parsed log knows little): nothing is
 * filled in that a record does not say. Each field lists the distinct values of all runs, sorted: numbers (page
 * sizes) by their value, 4096 before 16384, other values as text.
 *
 * @param firstStart   the earliest start (ISO-8601), {@code null} when no record has one
 * @param lastStart    the latest start
 * @param gbPerHour    restore throughput: backup bytes ÷ restore seconds of the completed runs that know both,
 *                     as decimal GB per hour (median over those runs), {@code null} when none does
 * @param runs         the runs it is of
 * @param partly       of the fields {@code hosts}, {@code systems}, {@code firebird}, {@code powerPlans}, {@code
 *                     routes} and {@code pageSizes}, those some runs' records give and others do not, with how many
 *                     runs give it (a parsed log without a page size beside ones with it): unknown stays unknown per
 *                     run, not taken for the others' value
 */
public record Provenance(
        String firstStart,
        String lastStart,
        List<String> hosts,
        List<String> systems,
        List<String> firebird,
        List<String> powerPlans,
        List<String> routes,
        List<String> pageSizes,
        List<Long> backupBytes,
        Double gbPerHour,
        int runs,
        Map<String, Integer> partly) {

    public Provenance {
        partly = Collections.unmodifiableMap(new LinkedHashMap<>(partly));
    }

    static Provenance of(List<RestoreRun> runs) {
        TreeSet<String> starts = new TreeSet<>(runs.stream()
                .map(RestoreRun::startedAt)
                .filter(Objects::nonNull)
                .toList());
        List<Double> rates = runs.stream()
                .filter(r -> r.backupBytes() != null && r.restoreSeconds() != null && r.restoreSeconds() > 0)
                .map(r -> r.backupBytes() / 1e9 / (r.restoreSeconds() / 3600))
                .toList();
        Spread rate = Spread.of(rates);
        Map<String, Integer> partly = new LinkedHashMap<>();
        return new Provenance(
                starts.isEmpty() ? null : starts.first(),
                starts.isEmpty() ? null : starts.last(),
                distinct(runs, "hosts", r -> env(r, Environment::host), partly),
                distinct(runs, "systems", r -> env(r, Environment::os), partly),
                distinct(
                        runs,
                        "firebird",
                        r -> Confounder.GBAK_VERSION.of(r) != null
                                ? Confounder.GBAK_VERSION.of(r)
                                : Confounder.ENGINE_VERSION.of(r),
                        partly),
                distinct(runs, "powerPlans", Confounder.POWER_PLAN::of, partly),
                distinct(runs, "routes", Confounder.ROUTE::of, partly),
                distinct(runs, "pageSizes", Confounder.PAGE_SIZE::of, partly),
                runs.stream()
                        .map(RestoreRun::backupBytes)
                        .filter(Objects::nonNull)
                        .distinct()
                        .sorted()
                        .toList(),
                rate.median(),
                runs.size(),
                partly);
    }

    /** Whether any record says anything of where or when it ran. */
    public boolean known() {
        return firstStart != null
                || !hosts.isEmpty()
                || !systems.isEmpty()
                || !firebird.isEmpty()
                || !powerPlans.isEmpty()
                || !routes.isEmpty()
                || !pageSizes.isEmpty()
                || !backupBytes.isEmpty();
    }

    /** The distinct values of {@code field}; in {@code partly} how many runs give it, when some do and others not. */
    private static List<String> distinct(
            List<RestoreRun> runs, String field, Function<RestoreRun, String> f, Map<String, Integer> partly) {
        TreeSet<String> values = new TreeSet<>(Provenance::byValue);
        List<String> given = runs.stream().map(f).filter(Objects::nonNull).toList();
        values.addAll(given);
        if (!given.isEmpty() && given.size() < runs.size()) {
            partly.put(field, given.size());
        }
        return List.copyOf(values);
    }

    /** Whole numbers by their value (4096 before 16384), before any other value; other values as text. */
    static int byValue(String a, String b) {
        boolean na = NUMBER.matcher(a).matches();
        boolean nb = NUMBER.matcher(b).matches();
        if (na && nb) {
            String x = a.replaceFirst("^0+(?=\\d)", "");
            String y = b.replaceFirst("^0+(?=\\d)", "");
            int byNumber = x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
            return byNumber != 0 ? byNumber : a.compareTo(b);
        }
        return na != nb ? (na ? -1 : 1) : a.compareTo(b);
    }

    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private static String env(RestoreRun r, Function<Environment, String> f) {
        return r.environment() == null ? null : f.apply(r.environment());
    }
}
