package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Phase;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Note;
import dev.gbakprof.stats.NoteCode;
import dev.gbakprof.stats.Why;
import dev.gbakprof.store.RunInputs;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoteTextTest {

    /**
     * The A/A matrix (--warmup 1): the first counted restore after the warm-up was still slow. The note told the DBA to
     * "set it aside with --warmup", which the matrix had done; after warm-ups it asks for more of them.
     */
    @Test
    void aFirstRestoreSlowAfterTheWarmupAsksForMoreWarmups() {
        java.time.Instant t0 = java.time.Instant.parse("2026-12-07T23:28:33Z");
        double[] totals = {0.55, 0.763, 0.481, 0.459, 0.325, 0.346, 0.445};
        List<dev.gbakprof.model.RestoreRun> runs = new java.util.ArrayList<>();
        for (int i = 0; i < totals.length; i++) {
            runs.add(dev.gbakprof.model.RestoreRun.builder()
                    .label("-bu 2048")
                    .startedAt(t0.plusSeconds(i).toString())
                    .status(dev.gbakprof.model.RunStatus.COMPLETED)
                    .totalSeconds(totals[i])
                    .placement(i, i == 0 ? 0 : 1, i == 0)
                    .build());
        }
        Note warmed = Analysis.of(runs, null).notes().stream()
                .filter(n -> n.code() == NoteCode.FIRST_RUN_SLOWER)
                .findFirst()
                .orElseThrow();
        assertThat(NoteText.of(warmed, Texts.of(Lang.EN)).message())
                .isEqualTo("-bu 2048: the first restore counted after the warm-up took 0.763 s, 1.71× the median of"
                        + " the other 5 (0.445 s): the page cache still cold? Set more aside (a larger --warmup), or"
                        + " run again.");
        assertThat(NoteText.of(warmed, Texts.of(Lang.ES)).message())
                .startsWith("-bu 2048: la primera restauración contada tras el calentamiento tardó 0,763 s");
        // matrix --warmup 1 of two arms: 2 warm-ups (the count once printed twice: "after 22 warm-ups")
        Note two = Note.of(NoteCode.FIRST_RUN_SLOWER, "-bu 100", 1.26, 0.421, 0.334, 2, 2);
        assertThat(NoteText.of(two, Texts.of(Lang.EN)).message())
                .isEqualTo("-bu 100: the first restore counted after 2 warm-ups took 0.421 s, 1.26× the median of the"
                        + " other 2 (0.334 s): the page cache still cold? Set more aside (a larger --warmup), or run"
                        + " again.");
        assertThat(NoteText.of(two, Texts.of(Lang.ES)).message()).contains("tras los 2 calentamientos tardó");
        assertThat(NoteText.of(two, Texts.of(Lang.PT_BR)).message()).contains("depois dos 2 aquecimentos levou");
        assertThat(NoteText.of(two, Texts.of(Lang.TR)).message()).contains(": 2 ısınmadan sonra sayılan");
        Note cold = Analysis.of(runs.subList(1, runs.size()), null).notes().stream()
                .filter(n -> n.code() == NoteCode.FIRST_RUN_SLOWER)
                .findFirst()
                .orElseThrow();
        assertThat(NoteText.of(cold, Texts.of(Lang.EN)).message())
                .endsWith("a cold page cache? Set it aside with --warmup, or run again.");
    }

    /**
     * A total whose whole gap lies in a phase with no table or index of its own (metadata): the phase is the news. Its
     * sentence was once null, and compare stopped on it with a NullPointerException before writing its Markdown.
     */
    @Test
    void whyNamesThePhaseWhenItIsTheWholeGapAndNoObjectAccountsForIt() {
        Note note = Note.of(NoteCode.WHY, new Why(0.003, Phase.METADATA, 0.003, List.of()));
        for (Lang lang : Lang.values()) {
            assertThat(NoteText.of(note, Texts.of(lang)).message())
                    .as(lang.tag())
                    .isNotBlank();
        }
        assertThat(NoteText.of(note, Texts.of(Lang.EN)).message())
                .isEqualTo("Why: the metadata phase accounts for 0.003 s of the 0.003 s difference.");
    }

    /**
     * A log read as windows-1252 (lines not UTF-8, no {@code --encoding}) is said under the headline of every output
     * that prints names, the one page too (its charts name the tables and indexes), in every language: the shop
     * restore's log with a table renamed Kunden_Ü, saved in windows-1252 as a Western European server writes it.
     */
    @Test
    void aLogReadAsWindows1252IsSaidUnderThePagesHeadlineInEveryLanguage(@TempDir Path dir) throws Exception {
        String log = Files.readString(Path.of("samples/shop-tdrw.log")).replace("CUSTOMERS", "Kunden_Ü");
        Path w1252 = Files.write(dir.resolve("w1252.log"), log.getBytes(Charset.forName("windows-1252")));
        Analysis a = Analysis.of(RunInputs.load(w1252, "w"), null);
        assertThat(a.noteCodes()).endsWith(NoteCode.CODE_PAGE);
        for (Lang lang : Lang.values()) {
            List<String> notes =
                    HeadlineText.onPage(Grouped.of(a), Texts.of(lang), 24).notes();
            assertThat(notes).as(lang.tag()).hasSize(1);
            assertThat(notes.get(0)).as(lang.tag()).contains("windows-1252", "--encoding", "summary.md");
        }
        assertThat(HeadlineText.onPage(Grouped.of(a), Texts.of(Lang.EN), 24).notes())
                .containsExactly("1 log was read as windows-1252 (lines not UTF-8): if a name looks wrong (FK_ÇÀÊÀÇÛ"
                        + " for FK_ЗАКАЗЫ), give the logs' code page with --encoding, e.g. windows-1251 (Cyrillic) or"
                        + " windows-1250 (Central European); summary.md names the lines.");
        assertThat(Analysis.of(RunInputs.load(Path.of("samples/shop-tdrw.log"), "s"), null)
                        .noteCodes())
                .doesNotContain(NoteCode.CODE_PAGE);
    }

    @Test
    void whyOfOnePhaseWithItsIndexesNamesOnlyTheIndexes() {
        Note note = Note.of(NoteCode.WHY, new Why(2.0, Phase.INDEXES, 2.0, List.of(new Why.Part("IX_A", "T", 1.5))));
        assertThat(NoteText.of(note, Texts.of(Lang.EN)).message())
                .contains("IX_A")
                .doesNotContain("phase accounts");
    }

    /**
     * Real restores stopped by --timeout (experiments/timeout): the note says why in the report's language, from the
     * record's English words ("stopped by --timeout after 4.0 s"), not in English inside a Turkish sentence.
     */
    @Test
    void aStopByTimeoutIsSaidInTheReportsLanguage() {
        Analysis a = Analysis.of(dev.gbakprof.Samples.experiment("timeout"), null);
        Note incomplete = a.notes().stream()
                .filter(n -> n.code() == NoteCode.RUNS_INCOMPLETE)
                .findFirst()
                .orElseThrow();
        assertThat(NoteText.of(incomplete, Texts.of(Lang.EN)).message()).contains("(stopped by --timeout after 4.0 s)");
        assertThat(NoteText.of(incomplete, Texts.of(Lang.TR)).message())
                .contains("(--timeout ile 4,0 sn sonra durduruldu)")
                .doesNotContain("stopped by");
        assertThat(NoteText.of(incomplete, Texts.of(Lang.ES)).message()).contains("detenida por --timeout tras 4,0 s");
        assertThat(NoteText.of(incomplete, Texts.of(Lang.PT_BR)).message())
                .contains("interrompida por --timeout após 4,0 s");
    }
}
