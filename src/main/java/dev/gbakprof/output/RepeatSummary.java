package dev.gbakprof.output;

import dev.gbakprof.model.Durations;
import dev.gbakprof.model.RestoreRun;
import java.util.List;
import java.util.Locale;

/** Per-run totals of repeated restores, with min, median and max of the completed ones. */
public final class RepeatSummary {
    private RepeatSummary() {}

    public static String of(List<RestoreRun> runs) {
        StringBuilder sb = new StringBuilder("repeated restores\n");
        for (int i = 0; i < runs.size(); i++) {
            RestoreRun r = runs.get(i);
            sb.append(String.format(
                    Locale.ROOT,
                    "  run %d  %-10s %12s  (wall %s)%n",
                    i + 1,
                    r.status(),
                    Durations.seconds(r.restoreSeconds()),
                    Durations.seconds(r.wallSeconds())));
        }
        double[] totals = runs.stream()
                .map(RestoreRun::restoreSeconds)
                .filter(s -> s != null)
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        if (totals.length == 0) {
            sb.append("  no restore completed: no statistics\n");
            return sb.toString();
        }
        int n = totals.length;
        double median = n % 2 == 1 ? totals[n / 2] : (totals[n / 2 - 1] + totals[n / 2]) / 2;
        sb.append(String.format(
                Locale.ROOT,
                "  total over %d restore%s: min %s  median %s  max %s%n",
                n,
                n == 1 ? "" : "s",
                Durations.seconds(totals[0]),
                Durations.seconds(median),
                Durations.seconds(totals[n - 1])));
        return sb.toString();
    }
}
