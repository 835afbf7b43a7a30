package dev.gbakprof.log;

/**
 * One line of gbak output split into its parts: the optional {@code gbak:} prefix, the statistics
 * columns (absent ones are {@code -1}) and the message text with its leading blanks removed.
 *
 * @param lineNumber 1-based line number in the log
 * @param prefixed   the line started with {@code gbak:}
 * @param hasStats   the line carries the statistics block announced by the header
 * @param timeMs     T column in milliseconds, or -1
 * @param deltaMs    D column in milliseconds, or -1
 * @param reads      R column, or -1 (also when gbak printed a wrapped-around negative counter)
 * @param writes     W column, or -1
 *                   <p>A column the header announced but whose token on this line is not a number of its kind
 *                   (a damaged log: {@code 47B}) is {@link #UNREADABLE}, so that it is not taken for absent.
 * @param text       the message, e.g. {@code activating and creating deferred index PK_ORDERS}
 */
public record StatLine(
        long lineNumber,
        boolean prefixed,
        boolean hasStats,
        long timeMs,
        long deltaMs,
        long reads,
        long writes,
        String text) {

    /** The value of a column whose token cannot be read ({@code 47B}, {@code 0.5Z3}): not a number, not absent. */
    public static final long UNREADABLE = -2;

    /** Some column of this line is {@link #UNREADABLE}. */
    public boolean damaged() {
        return timeMs == UNREADABLE || deltaMs == UNREADABLE || reads == UNREADABLE || writes == UNREADABLE;
    }
}
