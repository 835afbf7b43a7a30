package dev.gbakprof.forecast;

import dev.gbakprof.model.GbakprofException;

/** Input a forecast cannot be made from (no usable calibration run, a table the calibration never saw, negative rows); exits 2. */
class ForecastException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    public ForecastException(String message) {
        super(message);
    }
}
