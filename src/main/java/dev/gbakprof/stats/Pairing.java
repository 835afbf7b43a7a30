package dev.gbakprof.stats;

import dev.gbakprof.model.RestoreRun;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How the runs of a comparison were paired (the runs of its two configurations: {@link #between}; of every
 * configuration together: {@link #of}): restores made in rounds (each round restores every configuration once,
 * one after the other) are compared round by round, which takes the machine's drift between rounds out of the
 * comparison. Warm-ups are set aside before ({@link RestoreRun#warmupRestore()}).
 *
 * <ul>
 *   <li>{@link Kind#MATRIX_ROUND}: every run records its round ({@code matrix}), each round holds one run of every
 *       configuration, and the rounds follow one another in time;
 *   <li>{@link Kind#TIME_ORDER}: the runs sorted by their start times cut into consecutive rounds that each hold
 *       exactly one run of every configuration (A B, B A, A B C …): a DBA's own alternating {@code run}s;
 *   <li>{@link Kind#NONE}: they cannot be cut so, or into fewer than {@link #MIN_PAIRS} rounds; {@link #reason} says
 *       why, and the comparison is of two unpaired groups.
 * </ul>
 *
 * @param rounds each round's run of every configuration (by label), in time order; empty unless paired
 * @param reason why the runs are not paired ({@code null} when they are, or when there is nothing to pair)
 * @param label  the configuration the reason names ({@code null} when it names none)
 * @param round  the round the reason names (from 1), the number of runs ({@link Reason#UNEVEN}) or of rounds
 *               ({@link Reason#FEW_ROUNDS}); {@code null}
 */
public record Pairing(Kind kind, List<Map<String, RestoreRun>> rounds, Reason reason, String label, Integer round) {

    public enum Kind {
        MATRIX_ROUND,
        TIME_ORDER,
        NONE;

        /** {@code matrix-round}: the form JSON carries. */
        public String code() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Why runs could not be cut into rounds. */
    public enum Reason {
        /** Some run does not say when it started (a parsed log): no order to cut. */
        NO_START_TIMES,
        /** The number of runs is not a multiple of the number of configurations ({@link #round}: the runs). */
        UNEVEN,
        /** A round would hold two runs of one configuration ({@link #label}) and none of another (A A B B). */
        REPEATED_IN_ROUND,
        /** The runs make rounds, fewer than {@link #MIN_PAIRS} ({@link #round}: the rounds): too few for a paired test. */
        FEW_ROUNDS;

        public String code() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public Pairing {
        rounds = List.copyOf(rounds);
    }

    public boolean paired() {
        return kind != Kind.NONE;
    }

    /** Runs not paired, with no reason to give (one configuration, or a comparison made outside an analysis). */
    public static final Pairing NONE = new Pairing(Kind.NONE, List.of(), null, null, null);

    /** Rounds needed before a paired test is made (fewer: the groups are compared unpaired, reason {@code few-rounds}). */
    public static final int MIN_PAIRS = 3;

    private static Pairing none(Reason reason, String label, Integer round) {
        return new Pairing(Kind.NONE, List.of(), reason, label, round);
    }

    /**
     * Pairs the counted runs (warm-ups already set aside) of {@code labels}; with fewer than two configurations there
     * is nothing to pair ({@link Kind#NONE} without a reason).
     */
    public static Pairing of(List<RestoreRun> runs, List<String> labels) {
        Pairing cut = cut(runs, labels);
        return cut.paired() && cut.rounds.size() < MIN_PAIRS ? none(Reason.FEW_ROUNDS, null, cut.rounds.size()) : cut;
    }

    /**
     * Pairs the counted runs of two configurations alone, as {@link #of} pairs them: each comparison is paired on its
     * own, so a configuration whose runs cannot be cut into rounds (a log without start times, a run too many) leaves
     * the others paired.
     */
    public static Pairing between(RunGroup a, RunGroup b) {
        List<RestoreRun> both = new ArrayList<>(a.runs());
        both.addAll(b.runs());
        return of(both, List.of(a.label(), b.label()));
    }

    /** The rounds the runs make, however few. */
    private static Pairing cut(List<RestoreRun> runs, List<String> labels) {
        if (labels.size() < 2 || runs.isEmpty()) {
            return NONE;
        }
        Pairing byRound = byRecordedRound(runs, labels);
        if (byRound != null) {
            return byRound;
        }
        Map<RestoreRun, Instant> starts = new HashMap<>();
        for (RestoreRun r : runs) {
            Instant at = start(r);
            if (at == null) {
                return none(Reason.NO_START_TIMES, null, null);
            }
            starts.put(r, at);
        }
        List<RestoreRun> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparing(starts::get));
        int k = labels.size();
        if (sorted.size() % k != 0) {
            return none(Reason.UNEVEN, null, sorted.size());
        }
        List<Map<String, RestoreRun>> rounds = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i += k) {
            Map<String, RestoreRun> round = new LinkedHashMap<>();
            for (RestoreRun r : sorted.subList(i, i + k)) {
                if (round.put(r.label(), r) != null) {
                    return none(Reason.REPEATED_IN_ROUND, r.label(), i / k + 1);
                }
            }
            rounds.add(round);
        }
        return new Pairing(Kind.TIME_ORDER, rounds, null, null, null);
    }

    /**
     * The rounds {@code matrix} recorded, when every run has one, every round holds one run of each configuration (but
     * the last, when the matrix was stopped in it: its runs pair with none), and (where the start times are known)
     * each round ends before the next starts; otherwise {@code null}.
     */
    private static Pairing byRecordedRound(List<RestoreRun> runs, List<String> labels) {
        TreeMap<Integer, Map<String, RestoreRun>> byRound = new TreeMap<>();
        for (RestoreRun r : runs) {
            if (r.round() == null) {
                return null;
            }
            if (byRound.computeIfAbsent(r.round(), n -> new LinkedHashMap<>()).put(r.label(), r) != null) {
                return null; // two experiments' round 1: their start times may still pair them
            }
        }
        // a matrix stopped (Ctrl-C, a stop) in its last round: that round's runs are counted, and left out of the pairs
        if (byRound.size() > 1 && byRound.lastEntry().getValue().size() < labels.size()) {
            byRound.remove(byRound.lastKey());
        }
        Instant lastEnd = null;
        for (Map<String, RestoreRun> round : byRound.values()) {
            if (!round.keySet().equals(Set.copyOf(labels))) {
                return null;
            }
            Instant first = null;
            Instant last = null;
            for (RestoreRun r : round.values()) {
                Instant at = start(r);
                if (at == null) {
                    first = null;
                    last = null;
                    break;
                }
                first = first == null || at.isBefore(first) ? at : first;
                last = last == null || at.isAfter(last) ? at : last;
            }
            if (first != null && lastEnd != null && !first.isAfter(lastEnd)) {
                return null;
            }
            lastEnd = last;
        }
        List<Map<String, RestoreRun>> rounds = new ArrayList<>();
        for (Map<String, RestoreRun> round : byRound.values()) {
            Map<String, RestoreRun> inOrder = new LinkedHashMap<>();
            round.values().stream()
                    .sorted(Comparator.comparingInt(
                            r -> r.position() == null ? 0 : r.position().intValue()))
                    .forEach(r -> inOrder.put(r.label(), r));
            rounds.add(inOrder);
        }
        return new Pairing(Kind.MATRIX_ROUND, rounds, null, null, null);
    }

    static Instant start(RestoreRun r) {
        if (r.startedAt() == null) {
            return null;
        }
        try {
            return Instant.parse(r.startedAt());
        } catch (DateTimeParseException ex) {
            return null;
        }
    }

    /**
     * The values of {@code measure} in the rounds where both configurations have one above 0: {@code [0]} the
     * baseline's, {@code [1]} the candidate's, round by round.
     */
    double[][] pairs(String baseline, String candidate, Measure measure) {
        List<double[]> out = new ArrayList<>();
        for (Map<String, RestoreRun> round : rounds) {
            RestoreRun b = round.get(baseline);
            RestoreRun c = round.get(candidate);
            Double bv = b == null ? null : measure.of(b);
            Double cv = c == null ? null : measure.of(c);
            if (bv != null && cv != null && bv > 0 && cv > 0) {
                out.add(new double[] {bv, cv});
            }
        }
        double[][] pairs = new double[2][out.size()];
        for (int i = 0; i < out.size(); i++) {
            pairs[0][i] = out.get(i)[0];
            pairs[1][i] = out.get(i)[1];
        }
        return pairs;
    }
}
