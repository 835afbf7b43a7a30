package dev.gbakprof.output;

import dev.gbakprof.advice.Advisor;
import dev.gbakprof.advice.Hint;
import dev.gbakprof.advice.HintCode;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A configuration's hints ({@link Advisor#advise}) weighed against what the comparison of the configurations measured.
 * A hint whose cause is the one thing its configuration and another differ in, the route (remote-route: over TCP,
 * against embedded or the services manager) or the power plan (power-plan: against a performance plan), was measured
 * there: the other faster beyond the spread, it is certain (high) and first, its basis the comparison's sentence (a
 * power plan's expected times are these runs' medians, and what to do is to set that plan); the runs cannot tell, it
 * stays unproven (low) and says how many rounds would tell; the same within the margin, or the other slower, it is left
 * out: the comparison settled it ({@link Settled}).
 */
public final class MeasuredHints {
    private MeasuredHints() {}

    private static final Texts EN = Texts.of(Lang.EN);

    /** The hints of configuration {@code group} of {@code a}, measured where the comparison says. */
    public static List<Hint> of(Analysis a, int group) {
        return of(a, group, Advisor.advise(a.groups().get(group).runs()));
    }

    /** {@code advised}, the hints of configuration {@code group} of {@code a}, measured where the comparison says. */
    static List<Hint> of(Analysis a, int group, List<Hint> advised) {
        RunGroup self = a.groups().get(group);
        List<Hint> hints = new ArrayList<>(advised);
        List<Comparison> against = new ArrayList<>(); // this group against the baseline, or the others against it
        for (int j = 0; j < a.groups().size(); j++) {
            Comparison c = a.comparison(j, Measure.TOTAL);
            if (j != a.baseline() && c != null && (group == a.baseline() || j == group)) {
                against.add(c);
            }
        }
        for (int i = 0; i < hints.size(); i++) {
            Hint h = hints.get(i);
            Confounder kind = h.code() == HintCode.REMOTE_ROUTE
                    ? Confounder.ROUTE
                    : h.code() == HintCode.POWER_PLAN ? Confounder.POWER_PLAN : null;
            Comparison c = kind == null ? null : cure(against, self, kind);
            if (c == null) {
                continue;
            }
            RunGroup other = c.baseline() == self ? c.candidate() : c.baseline();
            Verdict otherIs = other == c.candidate() ? c.verdict() : flip(c.verdict());
            String sentence = VerdictText.sentence(c, EN).replaceFirst("\\.$", "");
            String what = kind == Confounder.ROUTE
                    ? "the restores " + Confounder.ROUTE.of(other.runs().get(0))
                    : "the restores under \"" + plan(other.runs().get(0)).name() + "\"";
            if (otherIs == Verdict.SAME || otherIs == Verdict.SLOWER) {
                hints.remove(i--); // measured not to pay: the comparison settled it
            } else if (otherIs == Verdict.CANNOT_TELL) {
                hints.set(
                        i,
                        new Hint(
                                h.code(),
                                h.title(),
                                h.evidence(),
                                h.effect(),
                                h.prove(),
                                Hint.Certainty.LOW,
                                "measured here against " + what + ", not told yet: " + sentence,
                                h.titleArgs()));
            } else if (otherIs == Verdict.FASTER) {
                hints.remove(i);
                hints.add(0, measured(h, c, other, self, kind, "measured here against " + what + ": " + sentence));
            }
        }
        return hints;
    }

    /**
     * The comparison of {@code self} with a configuration that has what the hint of {@code kind} suggests (a local
     * route, a performance plan) and differs from it in nothing else its records say; {@code null} when none does.
     */
    private static Comparison cure(List<Comparison> against, RunGroup self, Confounder kind) {
        Predicate<RestoreRun> has = kind == Confounder.ROUTE
                ? r -> {
                    String route = Confounder.ROUTE.of(r);
                    return route != null && !route.startsWith("remote TCP");
                }
                : r -> plan(r) != null && Boolean.TRUE.equals(plan(r).performance());
        for (Comparison c : against) {
            RunGroup other = c.baseline() == self ? c.candidate() : c.baseline();
            boolean onlyThat = Confounder.differences(List.of(c.baseline(), c.candidate())).stream()
                    .allMatch(d -> d.kind() == kind);
            if (!other.runs().isEmpty() && other.runs().stream().allMatch(has) && onlyThat) {
                return c;
            }
        }
        return null;
    }

    /** The hint, certain: for the power plan, the times these runs measured and the plan to set. */
    private static Hint measured(Hint h, Comparison c, RunGroup other, RunGroup self, Confounder kind, String basis) {
        String effect = h.effect();
        String prove = h.prove();
        if (kind == Confounder.POWER_PLAN) {
            Double mine = (c.baseline() == self ? c.baselineSpread() : c.candidateSpread()).median();
            Double theirs = (c.baseline() == self ? c.candidateSpread() : c.baselineSpread()).median();
            PowerPlan plan = plan(other.runs().get(0));
            effect = "here " + EN.duration(mine) + " under \""
                    + plan(self.runs().get(0)).name() + "\", " + EN.duration(theirs) + " under \"" + plan.name()
                    + "\" (the medians of these runs); " + effect;
            prove = "gbakprof plan --set \"" + plan.name() + "\" (as administrator or root), then gbakprof plan --check"
                    + " before the restores";
        }
        return new Hint(h.code(), h.title(), h.evidence(), effect, prove, Hint.Certainty.HIGH, basis, h.titleArgs());
    }

    private static PowerPlan plan(RestoreRun r) {
        Environment env = r.environment();
        return env == null ? null : env.powerPlan();
    }

    private static Verdict flip(Verdict v) {
        return v == Verdict.FASTER ? Verdict.SLOWER : v == Verdict.SLOWER ? Verdict.FASTER : v;
    }
}
