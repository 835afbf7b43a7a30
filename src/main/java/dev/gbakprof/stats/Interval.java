package dev.gbakprof.stats;

/** A confidence interval: {@code low..high} holds the true value with probability {@code level}. */
public record Interval(double low, double high, double level) {

    public boolean contains(double value) {
        return low <= value && value <= high;
    }
}
