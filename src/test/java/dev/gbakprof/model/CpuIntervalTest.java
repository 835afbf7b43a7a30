package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.store.RunInputs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The intervals rates are computed over, on the samples real gbak 3.0 restores recorded (bu-matrix/README.md). */
class CpuIntervalTest {
    private static final Path MATRIX = Path.of("src/test/resources/bu-matrix");

    private static RestoreRun run(String folder) {
        return RunInputs.load(MATRIX.resolve(folder), null).get(0);
    }

    @Test
    void twoSamplesAMillisecondApartAreMergedWithTheNextInterval() {
        // 0.321 s (setup ended) and 0.322 s (metadata ended): 0.05 CPU s and 1.7 MB in "1 ms", 5,000 % of a core
        RestoreRun m8 = run("20261207-171901-bu-8192-m8");
        assertThat(m8.cpuSamples().get(0).atSeconds()).isEqualTo(0.321);
        assertThat(m8.cpuSamples().get(1).atSeconds()).isEqualTo(0.322);
        List<CpuInterval> intervals = CpuInterval.of(m8);
        CpuInterval first = intervals.get(0);
        assertThat(first.from().atSeconds()).isEqualTo(0.321);
        assertThat(first.to().atSeconds()).isEqualTo(1.008);
        assertThat(first.phase()).isEqualTo(Phase.DATA);
        assertThat(first.rate(CpuSample::processCpuSeconds)).isCloseTo((0.55 - 0.08) / 0.687, within(1e-9));
        assertThat(first.rate(CpuSample::processWriteBytes)).isCloseTo((22540288 - 1576960) / 0.687, within(1e-3));
        assertThat(intervals)
                .extracting(i -> i.to().atSeconds())
                .containsExactly(1.008, 1.808, 3.27, 4.011, 5.012, 5.838);
    }

    @Test
    void everyIntervalOfEveryRunLastsATenthOfASecondAndNoMoreCpuThanTwoCoresGiveAndLosesNothing() {
        List<RestoreRun> runs = RunInputs.load(MATRIX, null);
        assertThat(runs).hasSize(11);
        for (RestoreRun run : runs) {
            assertThat(run.environment().logicalCpus()).isEqualTo(2);
            List<CpuInterval> intervals = CpuInterval.of(run);
            List<CpuSample> samples = run.cpuSamples();
            assertThat(intervals).as(run.source()).allSatisfy(i -> {
                assertThat(i.seconds()).isGreaterThanOrEqualTo(CpuInterval.MIN_SECONDS);
                assertThat(i.rate(CpuSample::processCpuSeconds)).isLessThanOrEqualTo(1.0); // one core at most
            });
            // one after the other from the first sample to the last: a merge moves a change, never drops it
            assertThat(intervals.get(0).from()).isEqualTo(samples.get(0));
            assertThat(intervals.get(intervals.size() - 1).to()).isEqualTo(samples.get(samples.size() - 1));
            for (int i = 1; i < intervals.size(); i++) {
                assertThat(intervals.get(i).from())
                        .isEqualTo(intervals.get(i - 1).to());
            }
            double written = intervals.stream()
                    .mapToDouble(i -> i.change(CpuSample::processWriteBytes))
                    .sum();
            assertThat(written)
                    .isEqualTo(samples.get(samples.size() - 1).processWriteBytes()
                            - samples.get(0).processWriteBytes());
        }
        // two samples in the same millisecond (0.302 s): the 155,648 bytes between them count
        RestoreRun m5 = run("20261207-171841-bu-256-m5");
        assertThat(m5.cpuSamples().get(1).atSeconds())
                .isEqualTo(m5.cpuSamples().get(0).atSeconds());
        assertThat(CpuInterval.of(m5).get(0).change(CpuSample::processWriteBytes))
                .isEqualTo(12_062_720.0 - 2_625_536);
    }

    @Test
    void anIntervalWithMoreCpuThanTheCoresGiveIsMergedUntilItIsPossible() {
        // 0.2 CPU s in 0.121 s: one core gives 0.121 s (0.137 with a tick of slack), two give it
        List<CpuSample> samples = List.of(at(0.2, 0.0), at(0.321, 0.2), at(1.008, 0.67), at(1.808, 1.24));
        assertThat(CpuInterval.of(samples, 2))
                .extracting(i -> i.to().atSeconds())
                .containsExactly(0.321, 1.008, 1.808);
        List<CpuInterval> one = CpuInterval.of(samples, 1);
        assertThat(one).extracting(i -> i.from().atSeconds()).containsExactly(0.2, 1.008);
        assertThat(one)
                .allSatisfy(
                        i -> assertThat(i.rate(CpuSample::processCpuSeconds)).isLessThanOrEqualTo(1.0));
        // unknown CPUs: the length alone
        assertThat(CpuInterval.of(samples, null)).hasSize(3);
        // what is left at the end, too short or impossible, joins the interval before it
        assertThat(CpuInterval.of(List.of(at(1.008, 0.67), at(1.808, 1.24), at(1.85, 1.27)), 1))
                .extracting(i -> i.from().atSeconds() + "-" + i.to().atSeconds())
                .containsExactly("1.008-1.85");
        assertThat(CpuInterval.of(List.of(at(1.008, 0.67), at(1.808, 1.24), at(1.95, 1.6)), 1))
                .extracting(i -> i.from().atSeconds() + "-" + i.to().atSeconds())
                .containsExactly("1.008-1.95");
        // a run sampled over less than 0.1 s in all has no rate
        assertThat(CpuInterval.of(run("20261207-171901-bu-8192-m8").cpuSamples().subList(0, 2), 2))
                .isEmpty();
    }

    @Test
    void aSampleThatDidNotReadTheWorkerBreaksTheChainAndTheLoadIsWeighedByTime() {
        List<CpuSample> samples = List.of(
                new CpuSample(1, null, 0.2, Phase.DATA, 0.5, 0L, 0L, null, null, null, null, null),
                new CpuSample(1.05, null, 1.0, Phase.DATA, 0.55, 0L, 0L, null, null, null, null, null),
                new CpuSample(2, null, 0.5, Phase.DATA, 1.0, 0L, 0L, null, null, null, null, null),
                new CpuSample(3, null, 1.0, Phase.DATA, null, null, null, null, null, null, null, null),
                new CpuSample(4, null, 0.4, Phase.INDEXES, 2.0, 0L, 0L, null, null, null, null, null),
                new CpuSample(5, null, 0.6, Phase.INDEXES, 2.9, 0L, 0L, null, null, null, null, null));
        List<CpuInterval> intervals = CpuInterval.of(samples, null);
        assertThat(intervals).extracting(CpuInterval::seconds).containsExactly(1.0, 1.0);
        assertThat(intervals.get(0).load()).isCloseTo(1.0 * 0.05 + 0.5 * 0.95, within(1e-12));
        assertThat(intervals.get(1).from().atSeconds()).isEqualTo(4);
        assertThat(intervals.get(1).load()).isEqualTo(0.6);
    }

    private static CpuSample at(double t, double cpu) {
        return new CpuSample(t, null, null, Phase.SETUP, cpu, 0L, 0L, null, null, null, null, null);
    }
}
