package dev.gbakprof.report;

/** No installed font can draw the charts; the message says which package to install. */
public class FontsUnavailableException extends RuntimeException {
    public FontsUnavailableException(String message) {
        super(message);
    }
}
