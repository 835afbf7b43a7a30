package dev.gbakprof.stats;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import java.util.List;
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
        Double gbPerHour) {

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
        return new Provenance(
                starts.isEmpty() ? null : starts.first(),
                starts.isEmpty() ? null : starts.last(),
                distinct(runs, r -> env(r, Environment::host)),
                distinct(runs, r -> env(r, Environment::os)),
                distinct(
                        runs,
                        r -> Confounder.GBAK_VERSION.of(r) != null
                                ? Confounder.GBAK_VERSION.of(r)
                                : Confounder.ENGINE_VERSION.of(r)),
                distinct(runs, Confounder.POWER_PLAN::of),
                distinct(runs, Confounder.ROUTE::of),
                distinct(runs, Confounder.PAGE_SIZE::of),
                runs.stream()
                        .map(RestoreRun::backupBytes)
                        .filter(Objects::nonNull)
                        .distinct()
                        .sorted()
                        .toList(),
                rate.median());
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

    private static List<String> distinct(List<RestoreRun> runs, Function<RestoreRun, String> f) {
        TreeSet<String> values = new TreeSet<>(Provenance::byValue);
        runs.stream().map(f).filter(Objects::nonNull).forEach(values::add);
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
