package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a command line holds, in the order they appear: gbak's ({@code gbak -c -user U -se host:service_mgr backup
 * database}), gfix's, or a services restore's description ({@code services restore on host/3050 as U: backup ->
 * database (...)}). A switch's value is a name when the switch takes one (a user or role, the services manager's
 * server, a file, a pattern of table names); the value of a switch that takes a number, columns, a character set or a
 * mode is none. {@link Anonymizer} gives each name its token.
 */
final class CommandLineNames {
    private static final Pattern SERVICES =
            Pattern.compile("^services (?:restore|backup) on (\\S+) as (\\S+): (.+?) -> (.+?) \\(");
    private static final Pattern USER_SWITCH = Pattern.compile("(?i)-(?:u|us|use|user|ro|rol|role)");
    private static final Pattern SERVICE_SWITCH = Pattern.compile("(?i)-se(?:r(?:v(?:i(?:c(?:e)?)?)?)?)?");
    private static final Pattern FILE_SWITCH = Pattern.compile("(?i)-(?:y|fe|fet|fetc|fetch|fetch_|fetch_p\\w*)");
    private static final Pattern DATA_SWITCH = Pattern.compile("(?i)-(?:sk\\w*|in\\w*_d\\w*|include\\w*)");
    /** gbak and gfix switches whose value is no name (a number, columns, a character set, a mode). */
    private static final Pattern VALUE_SWITCH = Pattern.compile(
            "(?i)-(?:st|sta\\w*|par\\w*|bu\\w*|p|pa|pag\\w*|verbint|fix_fss_\\w*|mo\\w*|repl\\w*|crypt|keyh\\w*|keyn\\w*"
                    + "|password|pas\\w*|buffers|housekeeping|h|sql_dialect|write|w|parallel)");

    /** What a name of a command line is. */
    enum Role {
        /** The tool, where a folder is given with it ({@code /opt/firebird/bin/gbak}): its name is no secret. */
        TOOL,
        /** A server ({@code -se host:service_mgr}, a services restore's server). */
        HOST,
        /** A user or a role. */
        USER,
        /** A database as gbak was given it (a services restore's or backup's). */
        DATABASE,
        /** A backup file as gbak was given it (a services restore's or backup's). */
        BACKUP,
        /** A file or database among the tool's words that is neither the record's database nor its backup file. */
        OTHER,
        /** A file a switch names ({@code -y}, {@code -fetch_password}). */
        SWITCH_FILE,
        /** A pattern of table names ({@code -skip_data}, {@code -include_data}). */
        TABLES
    }

    /** One name and what it is. */
    record Name(Role role, String text) {}

    private CommandLineNames() {}

    /**
     * The names of {@code command}, in order; the record's own {@code database} and {@code backupFile} among gbak's
     * words are left out (their fields name them).
     *
     * @param backup whether the command is a backup's ({@code gbak -b}, a services backup): its source is the database
     */
    static List<Name> of(String command, boolean backup, String database, String backupFile) {
        List<Name> out = new ArrayList<>();
        if (command == null) {
            return out;
        }
        Matcher services = SERVICES.matcher(command);
        if (services.find()) {
            String address = services.group(1);
            int slash = address.indexOf('/');
            out.add(new Name(Role.HOST, slash > 0 ? address.substring(0, slash) : address));
            out.add(new Name(Role.USER, services.group(2)));
            out.add(new Name(backup ? Role.DATABASE : Role.BACKUP, services.group(3)));
            out.add(new Name(backup ? Role.BACKUP : Role.DATABASE, services.group(4)));
            return out;
        }
        List<String> words = words(command.replaceAll("\\s+\\(password from ISC_PASSWORD\\)$", ""));
        if (words.isEmpty()) {
            return out;
        }
        String tool = words.get(0);
        if (Math.max(tool.lastIndexOf('/'), tool.lastIndexOf('\\')) >= 0) {
            out.add(new Name(Role.TOOL, tool));
        }
        List<String> positional = new ArrayList<>();
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            boolean hasValue = i + 1 < words.size() && !words.get(i + 1).startsWith("-");
            if (!w.startsWith("-")) {
                positional.add(w);
            } else if (!hasValue) {
                continue;
            } else if (USER_SWITCH.matcher(w).matches()) {
                out.add(new Name(Role.USER, words.get(++i)));
            } else if (SERVICE_SWITCH.matcher(w).matches()) {
                String server = words.get(++i); // host:service_mgr, host/port:service_mgr: the host alone
                int end = server.replaceAll("[/:].*", "").length();
                out.add(new Name(Role.HOST, end > 0 ? server.substring(0, end) : server));
            } else if (FILE_SWITCH.matcher(w).matches()) {
                String file = words.get(++i);
                if (!file.toLowerCase(Locale.ROOT).startsWith("suppress")) {
                    out.add(new Name(Role.SWITCH_FILE, file));
                }
            } else if (DATA_SWITCH.matcher(w).matches()) {
                out.add(new Name(Role.TABLES, words.get(++i)));
            } else if (VALUE_SWITCH.matcher(w).matches()) {
                i++;
            }
        }
        for (String p : positional) {
            if (!p.equals(database) && !p.equals(backupFile)) {
                out.add(new Name(Role.OTHER, p));
            }
        }
        return out;
    }

    /** The file name of a tool given with its folder: {@code /opt/firebird/bin/gbak} → {@code gbak}. */
    static String toolName(String tool) {
        return tool.substring(Math.max(tool.lastIndexOf('/'), tool.lastIndexOf('\\')) + 1);
    }

    /** The words of a command line; a word in double quotes (with {@code \"} inside) is one word. */
    private static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                StringBuilder w = new StringBuilder();
                i++;
                while (i < n && command.charAt(i) != '"') {
                    if (command.charAt(i) == '\\' && i + 1 < n && command.charAt(i + 1) == '"') {
                        i++;
                    }
                    w.append(command.charAt(i++));
                }
                i++;
                out.add(w.toString());
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(command.charAt(i))) {
                    i++;
                }
                out.add(command.substring(start, i));
            }
        }
        return out;
    }
}
