package dev.gbakprof.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A gbak restore command: {@code gbak -c|-rep -v -st tdrw [-user U] [extra] BACKUP DATABASE}. The
 * password never appears in the arguments: it travels in gbak's environment ({@code ISC_PASSWORD}),
 * which other users cannot read from {@code /proc/<pid>/cmdline}.
 *
 * @param environment variables added to gbak's environment (may hold the password; never printed)
 */
public record GbakInvocation(Path gbak, List<String> arguments, Map<String, String> environment) {

    /** gbak's password switch and its abbreviations (-pas … -password); refused in the pass-through arguments. */
    private static final Pattern PASSWORD_SWITCH =
            Pattern.compile("^-pas(s(w(o(r(d)?)?)?)?)?$", Pattern.CASE_INSENSITIVE);

    /** gbak's {@code -se[rvice]} switch, as gbak abbreviates it: {@code -se}, {@code -ser} … {@code -service}. */
    public static boolean isServiceSwitch(String arg) {
        return arg.toLowerCase(Locale.ROOT).matches("-se(r(v(i(ce?)?)?)?)?");
    }

    /** Refuses gbak's password switch among pass-through arguments: a password on a command line is visible to every user. */
    public static void refusePasswordSwitch(List<String> extra) {
        for (String a : extra) {
            if (a.equalsIgnoreCase("-y")) {
                // gbak -y FILE writes its output to FILE (-y suppress: nowhere): gbakprof would see none, and take a
                // completed restore for one that never started
                throw new IllegalArgumentException("gbak's -y sends its output away from gbakprof, which times the "
                        + "restore from that output: leave -y out; the run folder's gbak.log is that output, line for "
                        + "line (copy it where -y would have written)");
            }
            if (PASSWORD_SWITCH.matcher(a).matches()) {
                throw new IllegalArgumentException("a password must not be given as a gbak argument (" + a
                        + "): use --password-file or the ISC_PASSWORD environment variable");
            }
        }
    }

    public GbakInvocation {
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
    }

    /**
     * A file name as gbak and gfix must get it: one that starts with {@code -} ({@code -dash.fdb}) would be read as a
     * switch ({@code unknown switch "DASH.FDB"}), so it is given as {@code ./-dash.fdb}, the same file.
     */
    static String notASwitch(String file) {
        return file.startsWith("-") ? "./" + file : file;
    }

    /**
     * Builds the restore command.
     *
     * @param replace  {@code -rep} (replace an existing database) instead of {@code -c}
     * @param extra    pass-through gbak switches ({@code -bu}, {@code -par 4}, {@code -se host:service_mgr}…)
     * @param password the password, or {@code null}; goes to {@code ISC_PASSWORD}
     */
    public static GbakInvocation restore(
            Path gbak,
            String backup,
            String database,
            boolean replace,
            String user,
            String password,
            List<String> extra) {
        refusePasswordSwitch(extra);
        List<String> args = new ArrayList<>();
        args.add(replace ? "-rep" : "-c");
        args.add("-v");
        if (!extra.stream().anyMatch(a -> a.equalsIgnoreCase("-st") || a.equalsIgnoreCase("-statistics"))) {
            args.add("-st");
            args.add("tdrw");
        }
        if (user != null) {
            args.add("-user");
            args.add(user);
        }
        args.addAll(extra);
        args.add(notASwitch(backup));
        args.add(notASwitch(database));
        return new GbakInvocation(gbak, args, passwordEnvironment(password));
    }

    /**
     * The backup of a drill ({@code run --backup-from}): {@code gbak -b -v -st tdrw [-user U] DATABASE BACKUP}. gbak
     * only reads the database, as every backup does; {@code BACKUP} is a new file in the run folder.
     *
     * @param password the password, or {@code null}; goes to {@code ISC_PASSWORD}
     */
    public static GbakInvocation backup(Path gbak, String database, String backup, String user, String password) {
        List<String> args = new ArrayList<>(List.of("-b", "-v", "-st", "tdrw"));
        if (user != null) {
            args.add("-user");
            args.add(user);
        }
        args.add(notASwitch(database));
        args.add(notASwitch(backup));
        return new GbakInvocation(gbak, args, passwordEnvironment(password));
    }

    /**
     * The validation of a database: {@code gfix -v -full -n [-user U] DATABASE}. {@code -n} (no update) makes
     * it read only: without it gfix also mends what it finds (pointer page warnings vanish on a second run), so
     * the result would not describe the database the restore made.
     *
     * @param password the password, or {@code null}; goes to {@code ISC_PASSWORD}
     */
    public static GbakInvocation validate(Path gfix, String database, String user, String password) {
        List<String> args = new ArrayList<>(List.of("-v", "-full", "-n"));
        if (user != null) {
            args.add("-user");
            args.add(user);
        }
        args.add(notASwitch(database));
        return new GbakInvocation(gfix, args, passwordEnvironment(password));
    }

    /** The password for the tool's environment ({@code ISC_PASSWORD}), never its arguments; empty without one. */
    private static Map<String, String> passwordEnvironment(String password) {
        Map<String, String> env = new LinkedHashMap<>();
        if (password != null) {
            env.put("ISC_PASSWORD", password);
        }
        return env;
    }

    /** The command line as shown on screen and stored in the run record (no secret is in it). */
    public String redacted() {
        StringBuilder sb = new StringBuilder(quote(gbak.toString()));
        for (String a : arguments) {
            sb.append(' ').append(quote(a));
        }
        if (environment.containsKey("ISC_PASSWORD")) {
            sb.append("   (password from ISC_PASSWORD)");
        }
        return sb.toString();
    }

    private static String quote(String s) {
        return s.isEmpty() || s.chars().anyMatch(c -> c == ' ' || c == '"' || c == '\'')
                ? '"' + s.replace("\"", "\\\"") + '"'
                : s;
    }
}
