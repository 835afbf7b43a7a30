package dev.gbakprof.cli;

import dev.gbakprof.model.OneLine;

/**
 * {@code --label L} of {@code run} and {@code parse}: the name of a run's configuration, never empty, one line of
 * printable characters. An empty label named no configuration on a chart (the report failed on it) and an empty line
 * in advice; a record from elsewhere that carries one is read as unlabelled ({@link InputRuns}). A line feed in a label
 * would split the first line of {@code check}, which a monitoring system reads alone.
 */
final class LabelOption {
    private LabelOption() {}

    /**
     * Refuses an empty or blank {@code --label}, and one with a line feed, a carriage return, a tab or another control
     * character.
     *
     * @param label      the value given, {@code null} when none
     * @param unlabelled what names a run without {@code --label}, for the refusal
     */
    static void refuse(String label, String unlabelled) {
        if (label != null && label.isBlank()) {
            throw new UsageException("--label '" + OneLine.of(label) + "': an empty label; expected a name for the"
                    + " configuration (or leave --label out: " + unlabelled + " names the run)");
        }
        String control = OneLine.firstControl(label);
        if (control != null) {
            throw new UsageException("--label '" + OneLine.of(label) + "': " + control + " in the label; " + EXPECTED);
        }
    }

    /** What a label must be, for a refusal of one with a control character (here and in a jobs file). */
    static final String EXPECTED = "expected one line of printable characters (check prints the label in the first"
            + " line a monitoring system reads)";
}
