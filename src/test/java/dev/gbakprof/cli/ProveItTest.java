package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.advice.Hint;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command a hint prints to prove it runs as printed, and leaves the run's own database alone. */
class ProveItTest {

    @FirebirdTest
    @Test
    void theCommandsThatProveAHintRunAsPrintedBesideTheUsersDatabase(@TempDir Path dir) throws Exception {
        Path fbk = Firebird.backup("small");
        Path db = dir.resolve("erp.fdb");
        Path runs = dir.resolve("runs");
        Cli.Result first = Restores.run(fbk, db, runs, "--label", "first");
        assertThat(first.code()).as(first.err()).isZero();
        long size = Files.size(db);
        FileTime modified = Files.getLastModifiedTime(db);
        RestoreRun run = Restores.firstRun(runs);
        // the states of a record that give a run's proof (a restore that waited for a CPU) and a matrix's (a data
        // phase held by the storage): the record is the real one, its paths those of the restore above
        RestoreRun held = run.toBuilder()
                .phases(List.of(new PhaseTime(Phase.DATA, 12.0), new PhaseTime(Phase.INDEXES, 5.0)))
                .totalSeconds(17.0)
                .phaseResources(List.of(new PhaseResources(
                        Phase.DATA,
                        12,
                        2.4,
                        0.19,
                        0.1,
                        38,
                        0.99,
                        PhaseResources.Bound.CPU_STARVED,
                        null,
                        null,
                        null,
                        null)))
                .build();
        RestoreRun storage = held.toBuilder()
                .phaseResources(List.of(new PhaseResources(
                        Phase.DATA,
                        12,
                        2.4,
                        0.2,
                        900,
                        400,
                        0.4,
                        PhaseResources.Bound.IO_BOUND,
                        null,
                        null,
                        null,
                        null)))
                .build();
        List<String> commands = new ArrayList<>();
        for (RestoreRun r : List.of(held, storage)) {
            for (Hint h : Advisor.advise(List.of(r))) {
                String c = h.prove().substring(h.prove().indexOf("gbakprof "));
                commands.add(c.replaceFirst(",? (then|and) gbakprof .*", ""));
            }
        }
        assertThat(commands)
                .anySatisfy(c -> assertThat(c).startsWith("gbakprof run "))
                .anySatisfy(c -> assertThat(c).startsWith("gbakprof matrix "));
        for (String c : commands) {
            List<String> args = words(c.substring("gbakprof ".length()));
            if (args.get(0).equals("matrix")) { // two values, one restore each: the command's own, made short here
                args.set(args.indexOf("--repeat") + 1, "1");
                args.addAll(List.of("--out", dir.resolve("matrix").toString()));
            } else {
                args.addAll(List.of("--runs-dir", runs.toString()));
            }
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertThat(r.code()).as(c + "\n" + r.err()).isZero();
        }
        assertThat(Files.size(db)).isEqualTo(size);
        assertThat(Files.getLastModifiedTime(db)).isEqualTo(modified);
        assertThat(dir.resolve("erp-idle.fdb")).exists();
    }

    /** A command's words as a POSIX shell splits them: blanks outside quotes; '…' quotes. */
    private static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char ch : command.toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
                any = true;
            } else if (ch == ' ' && !quoted) {
                if (any) {
                    out.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(ch);
                any = true;
            }
        }
        if (any) {
            out.add(w.toString());
        }
        return out;
    }

    @Test
    void wordsSplitAsAShellDoes() {
        assertThat(words("matrix --vary 'gbak:-bu 2048,16384' --repeat 3"))
                .isEqualTo(Arrays.asList("matrix", "--vary", "gbak:-bu 2048,16384", "--repeat", "3"));
    }
}
