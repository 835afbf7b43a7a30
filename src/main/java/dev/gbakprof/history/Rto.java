package dev.gbakprof.history;

import dev.gbakprof.model.Rounding;
import java.time.Duration;
import java.util.function.DoubleFunction;

/**
 * A recovery time objective and the one rule every command judges a restore's total by ({@code check}, {@code
 * history}, {@code run --jobs}): over it is a total longer than the objective; within 20% of it a total longer than
 * 80% of it (a warning in {@code check}). An unknown total is neither.
 *
 * @param duration the objective ({@code --rto 4h}, a job's {@code rto})
 */
public record Rto(Duration duration) {
    /** Closer than this share of the RTO is a warning. */
    public static final double MARGIN = 0.20;

    public Rto {
        if (duration == null) {
            throw new IllegalArgumentException("an RTO needs a duration");
        }
    }

    /** The objective of {@code duration}, or {@code null} without one. */
    public static Rto of(Duration duration) {
        return duration == null ? null : new Rto(duration);
    }

    /** The objective in seconds. */
    public double seconds() {
        return duration.toMillis() / 1000.0;
    }

    /** The total took longer than the objective ({@code false} when the total is not known). */
    public boolean exceededBy(Double totalSeconds) {
        return totalSeconds != null && totalSeconds > seconds();
    }

    /** The total is within {@link #MARGIN} of the objective or over it ({@code false} when it is not known). */
    public boolean nearlyExceededBy(Double totalSeconds) {
        return totalSeconds != null && totalSeconds > warningSeconds();
    }

    /** The total above which a restore is within {@link #MARGIN} of the objective: 80% of it. */
    public double warningSeconds() {
        return (1 - MARGIN) * duration.toMillis() / 1000.0;
    }

    /**
     * How a total stands against the objective: {@code 62 % of it}, {@code over by 1 min 05 s}; {@code unknown}
     * without a total.
     *
     * @param durations how a number of seconds is written (the report's formatter)
     */
    public String standing(Double totalSeconds, DoubleFunction<String> durations) {
        if (totalSeconds == null) {
            return "unknown";
        }
        double r = seconds();
        double share = 100 * totalSeconds / r;
        if (exceededBy(totalSeconds)) {
            return "over by " + durations.apply(totalSeconds - r);
        }
        // a test restore of seconds against an RTO of hours: not "0 % of it", which reads as no time at all
        return share > 0 && Rounding.whole(share) == 0 ? "under 1 % of it" : Rounding.whole(share) + " % of it";
    }
}
