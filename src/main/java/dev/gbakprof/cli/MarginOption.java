package dev.gbakprof.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/** {@code --margin PCT}: the equivalence margin of every verdict, shared by the commands that compare. */
final class MarginOption {

    /** A percentage as README and the guide write it: 5, 0.5, 5% or 5 %. */
    private static final Pattern PERCENT = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*%?\\s*");

    @Option(
            names = "--margin",
            paramLabel = "PCT",
            defaultValue = "5",
            description =
                    "Equivalence margin in percent (5, 0.5 or 5%%): two configurations are called the same only"
                            + " when the whole 95%% confidence interval of their time ratio lies within ±PCT; an interval that"
                            + " holds 1 and reaches past it is \"cannot tell\". Above 0 and below 100. Default: ${DEFAULT-VALUE}.")
    String percent;

    /** The margin as a fraction (0.05), refused unless a number of percent above 0 and below 100. */
    double fraction() {
        Matcher m = PERCENT.matcher(percent);
        double value = m.matches() ? Double.parseDouble(m.group(1)) : Double.NaN;
        if (!(value > 0 && value < 100)) {
            throw new UsageException(
                    "--margin '" + percent.strip() + "': expected a percentage above 0 and below 100 (e.g. 5 or 5%)");
        }
        return value / 100;
    }
}
