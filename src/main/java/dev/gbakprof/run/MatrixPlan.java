package dev.gbakprof.run;

import dev.gbakprof.model.PlanAlias;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * The arms of an A/B experiment (power plans, values of a gbak option, or both) and the order in which
 * their restores run, so that drift and heat do not favour one arm.
 */
public final class MatrixPlan {

    /**
     * One configuration: the power plan to set (or {@code null}), the gbak switches it adds, and the gbak that restores
     * ({@code null}: the one of {@code --gbak}; another gbak is another Firebird version, {@code --vary 'gbak:PATH,…'}).
     */
    public record Arm(String label, String plan, List<String> gbakArgs, Path gbak, Route route) {
        public Arm {
            gbakArgs = List.copyOf(gbakArgs);
        }

        public Arm(String label, String plan, List<String> gbakArgs, Path gbak) {
            this(label, plan, gbakArgs, gbak, null);
        }

        public Arm(String label, String plan, List<String> gbakArgs) {
            this(label, plan, gbakArgs, null, null);
        }

        /** This arm under another label. */
        public Arm labelled(String newLabel) {
            return new Arm(newLabel, plan, gbakArgs, gbak, route);
        }
    }

    /**
     * How an arm's restore reaches the database ({@code --vary 'route:embedded,localhost,service'}); {@code null} in an
     * arm: the route the command was given.
     */
    public enum Route {
        /** gbak on a local file, with the embedded engine: no server. */
        EMBEDDED,
        /** gbak through the server of {@code --host} over TCP ({@code HOST/PORT:path}): gbak reads the backup here. */
        LOCALHOST,
        /** the server's services manager restores ({@code --via service}): the server reads the backup. */
        SERVICE;

        /** The word {@code --vary 'route:…'} takes, and the arm's label: its name in lower case. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Route parse(String word) {
            for (Route r : values()) {
                if (r.word().equals(word.toLowerCase(Locale.ROOT))) {
                    return r;
                }
            }
            throw new IllegalArgumentException(
                    "--vary 'route:…' takes embedded, localhost and service, not '" + word + "'");
        }
    }

    /**
     * One restore of the schedule: its arm, its round and place in the round (from 1), or a warm-up (round and place
     * {@code null}), recorded and set aside by the comparison.
     */
    public record Slot(Arm arm, Integer round, Integer position, boolean warmup) {
        Placement placement() {
            return new Placement(round, position, warmup);
        }

        /** The arm's label, and "(warm-up)" for a warm-up: what the plan of restores prints. */
        public String describe() {
            return warmup ? arm.label() + " (warm-up)" : arm.label();
        }
    }

    /** How restores are ordered. */
    public enum Order {
        /**
         * A B, B A, A B … (three arms: A B C, B C A, C A B): each round runs each arm once, and the first arm of a
         * round turns, so that no arm always goes first (the first restore of a round meets the cache, the heat and
         * the load the one before it left).
         */
        BALANCED,
        /** A B A B …: every round runs each arm once, in the same order. */
        INTERLEAVED,
        /** Each round runs each arm once, in a random order (balanced random blocks, seeded). */
        RANDOM_BLOCKS;

        public static Order parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "balanced" -> BALANCED;
                case "interleaved" -> INTERLEAVED;
                case "random-blocks" -> RANDOM_BLOCKS;
                default ->
                    throw new IllegalArgumentException(
                            "--order takes balanced, interleaved or random-blocks, not '" + s + "'");
            };
        }
    }

    private MatrixPlan() {}

    /**
     * The arms: every plan, crossed with every value of the varied gbak switch.
     *
     * @param plans power plans (aliases, names or GUIDs); empty when only a gbak option varies
     * @param vary  {@code gbak:-par 1,2,4,8} (a switch's values), {@code gbak:/usr/bin/gbak,/opt/fb4/bin/gbak} (gbak
     *              programs: Firebird versions, each arm labelled with its path until {@link Arm#labelled}),
     *              {@code route:embedded,localhost,service} (routes, each arm labelled with its word), or {@code null}
     */
    public static List<Arm> arms(List<String> plans, String vary) {
        List<List<String>> values = new ArrayList<>();
        List<String> valueLabels = new ArrayList<>();
        List<Path> programs = new ArrayList<>();
        List<Route> routes = new ArrayList<>();
        if (vary != null) {
            String spec = vary.strip();
            if (!spec.startsWith("gbak:") && !spec.startsWith("route:")) {
                throw new IllegalArgumentException(
                        "--vary takes 'gbak:SWITCH V1,V2,…' (e.g. 'gbak:-par 1,2,4,8'), 'gbak:PATH,PATH' (two"
                                + " gbak programs: Firebird versions) or 'route:embedded,localhost,service', not '"
                                + vary + "'");
            }
            String rest = spec.substring(spec.indexOf(':') + 1).strip();
            int sp = rest.indexOf(' ');
            if (spec.startsWith("route:")) {
                for (String v : rest.split(",")) {
                    if (!v.isBlank()) {
                        Route r = Route.parse(v.strip());
                        if (routes.contains(r)) {
                            throw new IllegalArgumentException("--vary 'route:…' names " + r.word() + " twice");
                        }
                        routes.add(r);
                        values.add(List.of());
                        valueLabels.add(r.word());
                    }
                }
                if (values.size() < 2) {
                    throw new IllegalArgumentException(
                            "--vary 'route:…' needs at least two routes, e.g. 'route:embedded,localhost,service'");
                }
            } else if (!rest.isEmpty() && !rest.startsWith("-")) {
                for (String v : rest.split(",")) {
                    if (!v.isBlank()) {
                        programs.add(Path.of(v.strip()));
                        values.add(List.of());
                        valueLabels.add(v.strip());
                    }
                }
                if (values.size() < 2) {
                    throw new IllegalArgumentException("--vary 'gbak:PATH,PATH': needs at least two gbak programs,"
                            + " e.g. 'gbak:/usr/bin/gbak,/opt/firebird4/bin/gbak'");
                }
            } else if (sp < 0) {
                throw new IllegalArgumentException(
                        "--vary needs a gbak switch and its values, e.g. 'gbak:-par 1,2,4,8'");
            } else {
                String sw = rest.substring(0, sp);
                for (String v : rest.substring(sp + 1).split(",")) {
                    if (v.isBlank()) {
                        continue;
                    }
                    String value = v.strip();
                    for (List<String> earlier : values) {
                        if (sameValue(earlier.get(1), value)) {
                            throw new IllegalArgumentException("--vary 'gbak:" + sw + " …' names " + value + " twice"
                                    + (earlier.get(1).equals(value)
                                            ? ""
                                            : " (" + earlier.get(1) + " and " + value + " are one number to gbak)")
                                    + ": each value is one configuration; give each once (nothing was restored)");
                        }
                    }
                    values.add(List.of(sw, value));
                    valueLabels.add(sw + " " + value);
                }
                if (values.size() < 2) {
                    throw new IllegalArgumentException("--vary needs at least two values to compare");
                }
            }
        }
        Map<String, String> planSpellings = new HashMap<>();
        for (String plan : plans) {
            String earlier = planSpellings.putIfAbsent(PlanAlias.spelling(plan), plan);
            if (earlier != null) {
                throw new IllegalArgumentException("--plans names " + PlanAlias.spelling(plan) + " twice"
                        + (earlier.equals(plan) ? "" : " (" + earlier + " and " + plan + " are one plan)")
                        + ": each plan is one configuration; give each once (nothing was restored)");
            }
        }
        List<Arm> arms = new ArrayList<>();
        List<String> planList = plans.isEmpty() ? Collections.singletonList(null) : plans;
        for (String plan : planList) {
            if (values.isEmpty()) {
                arms.add(new Arm(plan, plan, List.of()));
            } else {
                for (int i = 0; i < values.size(); i++) {
                    String label = plan == null ? valueLabels.get(i) : plan + " " + valueLabels.get(i);
                    arms.add(new Arm(
                            label,
                            plan,
                            values.get(i),
                            programs.isEmpty() ? null : programs.get(i),
                            routes.isEmpty() ? null : routes.get(i)));
                }
            }
        }
        if (arms.size() < 2) {
            throw new IllegalArgumentException("an experiment needs at least two arms: --plans A,B and/or --vary");
        }
        return arms;
    }

    /** Two values of one gbak switch that gbak takes as one: the same text, or the same number ({@code 100}, {@code 0100}). */
    private static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        if (!NUMBER.matcher(a).matches() || !NUMBER.matcher(b).matches()) {
            return false;
        }
        return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
    }

    private static final Pattern NUMBER = Pattern.compile("[+-]?\\d+(\\.\\d+)?");

    /**
     * The order of the restores: {@code warmup} warm-ups of each arm (the arms in turn, as hyperfine warms each command:
     * an arm's first restore meets its own cold start, a server's cache, a power plan's clock), then {@code repeat}
     * rounds, each running every arm once.
     */
    public static List<Slot> schedule(List<Arm> arms, int repeat, int warmup, Order order, long seed) {
        Random rnd = new Random(seed);
        List<Slot> out = new ArrayList<>();
        for (int w = 0; w < warmup * arms.size(); w++) {
            out.add(new Slot(arms.get(w % arms.size()), null, null, true));
        }
        for (int r = 0; r < repeat; r++) {
            List<Arm> round = new ArrayList<>(arms);
            if (order == Order.RANDOM_BLOCKS) {
                Collections.shuffle(round, rnd);
            } else if (order == Order.BALANCED) {
                Collections.rotate(round, -(r % arms.size()));
            }
            for (int p = 0; p < round.size(); p++) {
                out.add(new Slot(round.get(p), r + 1, p + 1, false));
            }
        }
        return out;
    }
}
