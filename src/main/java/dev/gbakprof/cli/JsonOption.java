package dev.gbakprof.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --json} of {@code report} and {@code compare}: the analysis as JSON on standard output. */
final class JsonOption {

    /** What a report command puts out. */
    enum Output {
        /** The report's files, and the summary on standard output. */
        FILES,
        /** Only the JSON of the analysis (no --out given: no file is written). */
        JSON,
        /** The files in --out, and the JSON instead of the summary. */
        FILES_AND_JSON
    }

    @Option(
            names = "--json",
            description = "Print the analysis as JSON (\"schema\": \"gbakprof.compare/2\": headline, "
                    + "configurations, comparisons, indexes, tables, notes with codes) instead of the summary. Writes the "
                    + "report's files only when --out is given too.")
    boolean json;

    Output output(CommandSpec spec) {
        if (!json) {
            return Output.FILES;
        }
        return spec.commandLine().getParseResult().hasMatchedOption("--out") ? Output.FILES_AND_JSON : Output.JSON;
    }
}
