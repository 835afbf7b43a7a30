package dev.gbakprof.report;

import dev.gbakprof.output.Texts;

/** The unit a chart axis shows times in, picked from the largest time on the chart. */
enum TimeScale {
    SECONDS(1, "dur.s"),
    MINUTES(60, "dur.min"),
    HOURS(3600, "dur.h");

    private final double seconds;
    private final String unitKey;

    TimeScale(double seconds, String unitKey) {
        this.seconds = seconds;
        this.unitKey = unitKey;
    }

    /** Seconds up to 3 minutes, minutes up to 3 hours, hours beyond. */
    static TimeScale forMax(double maxSeconds) {
        return maxSeconds < 180 ? SECONDS : maxSeconds < 3 * 3600 ? MINUTES : HOURS;
    }

    double of(double secondsValue) {
        return secondsValue / seconds;
    }

    Double of(Double secondsValue) {
        return secondsValue == null ? null : secondsValue / seconds;
    }

    String unit(Texts texts) {
        return texts.get(unitKey);
    }
}
