package dev.gbakprof.cli;

import picocli.CommandLine.Option;

/** {@code --anonymize} of report, compare and parse: every output with tokens for the user's names. */
final class AnonymizeOption {

    @Option(
            names = "--anonymize",
            description = "Replace the names of tables, indexes, files, hosts, ports and users with tokens (T001, "
                    + "IX_T001_1, database-1.fdb, host-1, port-1, user-1), one name one token across all inputs; "
                    + "SYSDBA, localhost and the port 3050 stay. Every number stays as measured and every output says "
                    + "it is anonymized: a report safe to post in public.")
    boolean on;
}
