package dev.gbakprof.cli;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's refusals of a command line in gbakprof's own words, the one place they are made: a mistyped command or
 * option with the nearest ones, a value that is not a number, an argument a command does not take. What picocli
 * says of anything else stands.
 */
final class ParameterErrors {
    private ParameterErrors() {}

    /** The sentence for {@code ex}, without the {@code gbakprof: } in front; {@code top} is gbakprof's own command. */
    static String message(CommandLine.ParameterException ex, CommandLine top) {
        String said = unknownCommand(ex, top);
        said = said != null ? said : unknownOption(ex);
        said = said != null ? said : notANumber(ex);
        said = said != null ? said : extraArguments(ex, top);
        return said != null ? said : ex.getMessage();
    }

    /** A value refused: said in one line (no {@code Try … --help}), as gbakprof's own refusals of a value are. */
    static boolean ofValue(CommandLine.ParameterException ex) {
        return notANumber(ex) != null;
    }

    /**
     * "--cooldown 'abc': expected a number, e.g. 2 or 0.5" for a value of a number option that is not one (picocli:
     * "'abc' is not a double", "'99999999999' is not an int"); {@code null} for other errors and for options with a
     * converter of their own, whose words stand.
     */
    static String notANumber(CommandLine.ParameterException ex) {
        ArgSpec arg = ex.getArgSpec();
        String value = ex.getValue();
        if (arg == null || value == null || arg.converters().length > 0) {
            return null;
        }
        Class<?> type = arg.type();
        String name = arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel();
        String said = name + " '" + value + "': ";
        if (type == double.class || type == Double.class) {
            return valid(value, Double::parseDouble) ? null : said + "expected a number, e.g. 2 or 0.5";
        }
        boolean isLong = type == long.class || type == Long.class;
        if (!isLong && type != int.class && type != Integer.class) {
            return null;
        }
        if (valid(value, isLong ? Long::parseLong : Integer::parseInt)) {
            return null; // not a number error
        }
        return value.strip().matches("[+-]?\\d+")
                ? said + "too large; expected a whole number up to "
                        + String.format(Locale.ROOT, "%,d", isLong ? Long.MAX_VALUE : Integer.MAX_VALUE)
                : said + "expected a whole number, e.g. 3";
    }

    private static boolean valid(String value, Function<String, ?> parse) {
        try {
            parse.apply(value.strip());
            return true;
        } catch (NumberFormatException ex) {
            return false;
        }
    }

    /**
     * "plan takes no arguments, only options: 'extra' is none", "completion takes 1 argument (bash|zsh): 'zsh' is one
     * too many", for words after a command's last argument (picocli: "Unmatched argument at index 1"); {@code null}
     * for other errors (a word where a command was expected, an unknown option).
     */
    static String extraArguments(CommandLine.ParameterException ex, CommandLine top) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u)
                || ex.getCommandLine() == top
                || u.getUnmatched().isEmpty()
                || u.getUnmatched().stream().anyMatch(a -> a.startsWith("-"))) {
            return null;
        }
        String cmd = ex.getCommandLine().getCommandName();
        List<PositionalParamSpec> positional = ex.getCommandLine().getCommandSpec().positionalParameters().stream()
                .filter(p -> !p.hidden())
                .toList();
        List<String> extra = u.getUnmatched().stream().map(a -> "'" + a + "'").toList();
        String which = String.join(", ", extra);
        if (positional.isEmpty()) {
            return cmd + " takes no arguments, only options: " + which + (extra.size() == 1 ? " is none" : " are none");
        }
        int max = positional.stream().mapToInt(p -> p.arity().max()).sum();
        int min = positional.stream().mapToInt(p -> p.arity().min()).sum();
        String labels = String.join(
                " ", positional.stream().map(PositionalParamSpec::paramLabel).toList());
        return cmd + " takes " + (min < max ? "at most " : "") + max + (max == 1 ? " argument" : " arguments") + " ("
                + labels + "): " + which + (extra.size() == 1 ? " is one too many" : " are too many");
    }

    /**
     * "unknown command 'pars' (did you mean parse?)" for a word where a command was expected (picocli's own
     * "Unmatched argument at index 0" says neither); {@code null} for other errors.
     */
    private static String unknownCommand(CommandLine.ParameterException ex, CommandLine top) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u)
                || ex.getCommandLine() != top
                || u.getUnmatched().isEmpty()
                || u.getUnmatched().get(0).startsWith("-")) {
            return null;
        }
        String word = u.getUnmatched().get(0);
        String w = word.toLowerCase(Locale.ROOT);
        List<String> names = top.getSubcommands().keySet().stream()
                .filter(n -> !n.equals("help"))
                .toList();
        List<String> near =
                names.stream().filter(n -> n.startsWith(w) || w.startsWith(n)).toList();
        if (near.isEmpty()) { // a typo: the commands fewest edits away, at most two
            int best = names.stream().mapToInt(n -> edits(w, n)).min().orElse(99);
            near = best > 2
                    ? List.of()
                    : names.stream().filter(n -> edits(w, n) == best).toList();
        }
        return "unknown command '" + word + "' ("
                + (near.isEmpty()
                        ? "the commands are " + String.join(", ", names)
                        : "did you mean " + String.join(" or ", near) + "?")
                + ")";
    }

    /**
     * "unknown option '--databse' (did you mean --database?)" for an option the command does not have, with picocli's
     * suggestions; also when picocli reports a missing required option first ("Missing required option
     * '--database'" never names the typo that caused it); {@code null} when no unknown option was given.
     */
    private static String unknownOption(CommandLine.ParameterException ex) {
        CommandLine command = ex.getCommandLine();
        String option = command.getUnmatchedArguments().stream()
                .filter(a -> a.startsWith("-") && a.length() > 1)
                .findFirst()
                .orElse(null);
        if (option == null) {
            return null;
        }
        List<String> near = new CommandLine.UnmatchedArgumentException(command, List.of(option))
                .getSuggestions().stream().limit(3).toList();
        int eq = option.indexOf('=');
        String name = eq > 0 ? option.substring(0, eq) : option;
        String hint = near.isEmpty() && name.equals("--runs-dir") ? runsDirHint(command) : null;
        return "unknown option '" + name + "'"
                + (hint != null
                        ? " (" + hint + ")"
                        : near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)");
    }

    /**
     * What {@code --runs-dir} (run's option: the folder its run folders go to) is to a command that does not take it,
     * by what its arguments are; {@code null} when it has nothing to do with run folders.
     */
    private static String runsDirHint(CommandLine command) {
        String cmd = command.getCommandName();
        List<CommandLine.Model.PositionalParamSpec> positional =
                command.getCommandSpec().positionalParameters();
        String label = positional.isEmpty() ? "" : positional.get(0).paramLabel();
        return switch (label) {
            case "RUNS_DIR" ->
                cmd + " takes the folder given to run --runs-dir as its argument: gbakprof " + cmd + " RUNS_DIR";
            case "INPUT" ->
                cmd + " reads run folders given as INPUT, and the folder given to run --runs-dir: gbakprof " + cmd
                        + " RUNS_DIR";
            case "LOG" ->
                cmd + " reads gbak logs, not run folders: gbakprof " + cmd
                        + " RUN_FOLDER/gbak.log, or gbakprof report RUNS_DIR";
            case "EXTRA_GBAK_ARGS" ->
                cmd + " has no --runs-dir: its run folders go to DIR/runs of --out DIR"
                        + " (default runs/matrix-<time>)";
            default -> null;
        };
    }

    /** Edits (insert, delete, replace, swap two neighbours) that turn {@code a} into {@code b}. */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                if (i == 0 || j == 0) {
                    d[i][j] = i + j;
                    continue;
                }
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
