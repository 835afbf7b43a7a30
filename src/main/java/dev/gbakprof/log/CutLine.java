package dev.gbakprof.log;

/**
 * A line gbak did not finish: the file ends in it (no line end, or NUL bytes after it), or the next run's
 * output was appended right after it. gbak writes {@code gbak:}, each column and the message as separate
 * pieces (docs/dev/GBAK-FORMAT.md §5), so a kill or a crash can stop it anywhere: {@link StatLineParser} keeps only
 * the columns gbak completed and no message it cannot be sure of.
 */
final class CutLine implements CharSequence {
    private final String text;

    CutLine(CharSequence text) {
        this.text = text.toString();
    }

    String text() {
        return text;
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public char charAt(int index) {
        return text.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        return text;
    }
}
