package dev.gbakprof.forecast;

/** Input a forecast cannot be made from (no usable calibration run, a table the calibration never saw, negative rows); exits 2. */
public class ForecastException extends RuntimeException {
    public ForecastException(String message) {
        super(message);
    }
}
