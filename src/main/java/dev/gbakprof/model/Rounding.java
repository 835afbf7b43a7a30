package dev.gbakprof.model;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The one rounding rule of every figure gbakprof writes (summary.md, the console, the CSV files, report.png and
 * report.html, whose script rounds the same way): half to even, on the double's exact value, as Java's number
 * formats round. A median of two millisecond times (0.5485, stored as 0.54849999…) is 0.548 in every file.
 */
public final class Rounding {
    private Rounding() {}

    /** {@code value} rounded to {@code decimals} places. */
    public static BigDecimal halfEven(double value, int decimals) {
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN);
    }

    /**
     * A share ({@code 0.125}) as a percentage with {@code decimals} places, {@link #halfEven}: 12 % (the printf
     * formats round half up, 13 %); a {@code %.0f} of it prints it as it is.
     */
    public static BigDecimal percent(double share, int decimals) {
        return halfEven(share * 100, decimals);
    }

    /** {@code value} rounded to a whole number (a rate: rows or keys per second, whole seconds of a duration). */
    public static long whole(double value) {
        return halfEven(value, 0).longValue();
    }
}
