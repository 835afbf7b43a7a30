package dev.gbakprof.cli;

/**
 * {@code --label L} of {@code run} and {@code parse}: the name of a run's configuration, never empty. An empty label
 * named no configuration on a chart (the report failed on it) and an empty line in advice; a record from elsewhere
 * that carries one is read as unlabelled ({@link InputRuns}).
 */
final class LabelOption {
    private LabelOption() {}

    /**
     * Refuses an empty or blank {@code --label}.
     *
     * @param label      the value given, {@code null} when none
     * @param unlabelled what names a run without {@code --label}, for the refusal
     */
    static void refuseEmpty(String label, String unlabelled) {
        if (label != null && label.isBlank()) {
            throw new UsageException("--label '" + label + "': an empty label; expected a name for the configuration"
                    + " (or leave --label out: " + unlabelled + " names the run)");
        }
    }
}
