package dev.gbakprof.cli;

import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.GbakprofException;
import dev.gbakprof.model.Interruption;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import picocli.CommandLine;

/**
 * {@code gbakprof}: times Firebird restores.
 *
 * <p>gbakprof's own options are declared with picocli's programmatic API ({@link #spec}); the commands with its
 * annotations.
 */
public final class Main implements Runnable {

    private final CommandLine.Model.CommandSpec spec = CommandLine.Model.CommandSpec.wrapWithoutInspection(this);

    private Main() {
        spec.name("gbakprof").versionProvider(new Version());
        spec.usageMessage()
                .description("Times Firebird restores (gbak -c): parses verbose restore logs, runs gbak, reports.")
                .commandListHeading("%nCommands, by what you want to do:%n")
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(CommandLine.Model.UsageMessageSpec.keyValuesMap(
                        ExitCode.OK + ":ok",
                        ExitCode.FAILED + ":the restore or analysis failed (gbak error, failed verification)",
                        ExitCode.BAD_INPUT + ":bad usage or unreadable input; a restore refused before it started;"
                                + " --out, -o or --runs-dir not writable",
                        ExitCode.UNKNOWN + ":plan --check: the power plan cannot be determined",
                        "check:" + ExitCode.CHECK_OK + " OK, " + ExitCode.CHECK_WARNING + " WARNING, "
                                + ExitCode.CHECK_CRITICAL + " CRITICAL, " + ExitCode.CHECK_UNKNOWN
                                + " UNKNOWN (monitoring plugin codes; see gbakprof check --help)",
                        ExitCode.INTERRUPTED + ":stopped by Ctrl-C (run, matrix: what completed and what was stopped"
                                + " is printed first)",
                        "143, 129:stopped by SIGTERM (kill, a scheduler's stop), SIGHUP: the same, said as such"))
                .footerHeading("%nStart with (no Firebird needed; gbakprof with no command prints this help):%n")
                .footer(
                        "  gbakprof demo                          the bundled samples into charts/: a report per sample",
                        "  gbakprof parse samples/shop-tdrw.log   one restore: total, phases, slowest indexes and"
                                + " tables");
        spec.addOption(CommandLine.Model.OptionSpec.builder("--debug")
                .type(boolean.class)
                .scopeType(CommandLine.ScopeType.INHERIT)
                .description("Print stack traces of errors.")
                .build());
        standardHelpOptions(spec);
    }

    /**
     * {@code -h, --help} and {@code -V, --version}, as picocli's {@code mixinStandardHelpOptions} adds them (its
     * texts), without the annotated class it reads them from.
     */
    static void standardHelpOptions(CommandLine.Model.CommandSpec spec) {
        spec.addOption(CommandLine.Model.OptionSpec.builder("-h", "--help")
                .usageHelp(true)
                .description("Show this help message and exit.")
                .build());
        spec.addOption(CommandLine.Model.OptionSpec.builder("-V", "--version")
                .versionHelp(true)
                .description("Print version information and exit.")
                .build());
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * Jaybird logs through java.util.logging (System.Logger), whose console handler prints its SEVERE records with
     * 30-line stack traces; what matters reaches the user as an exception turned into one line. Kept in a field:
     * JUL holds loggers weakly. Made when java.util.logging starts ({@link DriverLogging}), not at each start: a
     * parse never logs, and starting the logging costs it a twentieth of a second (bench/parse-throughput).
     */
    private static Logger jaybird;

    /**
     * java.util.logging's configuration class ({@code java.util.logging.config.class}, set by {@link #main}): the
     * log manager makes it when something first logs (Jaybird, at its first connection), and it sets up what the
     * default {@code logging.properties} would (a console handler on the root logger, level INFO), then routes
     * Jaybird's log ({@link #routeDriverLogging}).
     */
    public static final class DriverLogging {
        static volatile boolean debug;

        public DriverLogging() {
            Logger root = Logger.getLogger("");
            root.setLevel(Level.INFO);
            root.addHandler(new ConsoleHandler());
            routeDriverLogging(debug, System.err);
        }
    }

    /**
     * Jaybird's log goes where gbakprof's own diagnostics go: nowhere without {@code --debug}; with it, on standard
     * error as {@code gbakprof: debug: jaybird: …} lines (with the stack trace), like gbakprof's own stack traces.
     */
    static void routeDriverLogging(boolean debug, PrintStream err) {
        Logger jaybirdLog = Logger.getLogger("org.firebirdsql");
        jaybird = jaybirdLog;
        for (Handler h : jaybirdLog.getHandlers()) {
            jaybirdLog.removeHandler(h);
        }
        jaybirdLog.setUseParentHandlers(false);
        jaybirdLog.setLevel(debug ? Level.FINE : Level.OFF);
        if (!debug) {
            return;
        }
        jaybirdLog.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                String msg = r.getMessage();
                if (msg != null && r.getParameters() != null && r.getParameters().length > 0) {
                    try {
                        msg = MessageFormat.format(msg, r.getParameters());
                    } catch (IllegalArgumentException ex) {
                        // not a MessageFormat pattern: the message as it is
                    }
                }
                err.println("gbakprof: debug: jaybird: " + r.getLevel() + " " + r.getLoggerName() + ": " + msg);
                if (r.getThrown() != null) {
                    r.getThrown().printStackTrace(err);
                }
            }

            @Override
            public void flush() {
                err.flush();
            }

            @Override
            public void close() {
                // standard error stays open
            }
        });
    }

    /**
     * The process's standard output as bytes, for large JSON (Jackson's byte generator is faster than a
     * Writer); {@code null} when the CLI runs inside tests with captured writers.
     */
    static OutputStream stdoutBytes;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        Stdout stdout = new Stdout(new FileOutputStream(FileDescriptor.out));
        stdoutBytes = stdout;
        DriverLogging.debug = Arrays.asList(args).contains("--debug");
        if (System.getProperty("java.util.logging.config.class") == null
                && System.getProperty("java.util.logging.config.file") == null) {
            System.setProperty("java.util.logging.config.class", DriverLogging.class.getName());
        } else { // the user's own logging configuration: Jaybird's log routed on top of it, now
            routeDriverLogging(DriverLogging.debug, System.err);
        }
        // what the stream's charset cannot encode is written in characters it can (+/- for ±, under LANG=C)
        PrintWriter out = new PrintWriter(ConsoleText.of(stdout, consoleCharset("stdout")), true);
        PrintWriter err = new PrintWriter(ConsoleText.of(System.err, consoleCharset("stderr")), true);
        int code = execute(args, out, err);
        out.flush();
        if (stdout.failure() != null) {
            err.println("gbakprof: cannot write to standard output (" + stdout.failure() + "); what it printed is "
                    + "incomplete");
            code = Math.max(code, ExitCode.BAD_INPUT);
        }
        if (code == ExitCode.INTERRUPTED) { // a command a stop signal ended: the signal's status (143 for SIGTERM)
            code = Interruption.exitCode();
        }
        System.exit(code);
    }

    /**
     * picocli's documented switch for its built-in converters of java.time and java.sql types, which it registers at
     * every start by loading and initialising those classes through reflection (a tenth of the profile of a parse's
     * start-up, docs/dev/BENCHMARKS.md). No option of gbakprof has such a type: durations are texts read by {@link Durations}
     * ({@code UsageMessagesTest} checks every option).
     */
    static final String CONVERTERS_EXCLUDED = "picocli.converters.excludes";

    /** The commands, in the order help lists them. */
    private static final Map<String, Class<?>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("parse", ParseCommand.class);
        COMMANDS.put("run", RunCommand.class);
        COMMANDS.put("inspect", InspectCommand.class);
        COMMANDS.put("plan", PlanCommand.class);
        COMMANDS.put("report", ReportCommand.class);
        COMMANDS.put("compare", CompareCommand.class);
        COMMANDS.put("estimate", EstimateCommand.class);
        COMMANDS.put("matrix", MatrixCommand.class);
        COMMANDS.put("advise", AdviseCommand.class);
        COMMANDS.put("demo", DemoCommand.class);
        COMMANDS.put("history", HistoryCommand.class);
        COMMANDS.put("check", CheckCommand.class);
        COMMANDS.put("status", StatusCommand.class);
        COMMANDS.put("completion", CompletionCommand.class);
        COMMANDS.put("help", CommandLine.HelpCommand.class);
    }

    /**
     * The commands as gbakprof's help groups them, by what a DBA wants to do; the commands of no group are listed
     * last, under {@link #ALSO}, in {@link #COMMANDS}' order.
     */
    static final Map<String, List<String>> GROUPS = new LinkedHashMap<>();

    static final String ALSO = "Also";

    static {
        GROUPS.put("Time a restore", List.of("run", "parse"));
        GROUPS.put("Compare configurations", List.of("compare", "matrix"));
        GROUPS.put("Forecast production", List.of("estimate"));
        GROUPS.put("Watch nightly restore tests", List.of("check", "history", "status"));
        GROUPS.put("Say what to change", List.of("advise"));
    }

    /**
     * The commands this invocation needs: the one it names, none for {@code --version}, or all of them (help, a
     * typo).
     * picocli reads the annotations of every command it is given, a tenth of a second at each start.
     */
    static List<String> commandsFor(String[] args) {
        for (String a : args) {
            if (a.equals("-V") || a.equals("--version")) {
                return List.of(); // gbakprof's own version, before any command: no command is read
            }
            if (a.equals("-h") || a.equals("--help")) {
                break; // gbakprof's own help, before any command: it lists them all
            }
            if (!a.startsWith("-")) {
                return COMMANDS.containsKey(a) && !a.equals("help") ? List.of(a) : List.copyOf(COMMANDS.keySet());
            }
        }
        return List.copyOf(COMMANDS.keySet());
    }

    /** Runs the CLI with the given streams; returns the exit code. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, out, err, CommandLine.defaultFactory());
    }

    /** As {@link #execute(String[], PrintWriter, PrintWriter)}, with commands made by {@code factory} (tests). */
    static int execute(String[] args, PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
        CommandLine cl = ownHelpOnly(args) ? summaries(factory) : tree(commandsFor(args), factory);
        if (!Terminal.colours(System.getenv())) { // NO_COLOR, TERM=dumb: picocli alone would still highlight
            cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            String said = ParameterErrors.message(ex, cl);
            if (ex.getCommandLine().getCommandName().equals("check")) { // a monitoring plugin: one line, UNKNOWN
                out.println("UNKNOWN: " + said + " (gbakprof check --help)");
                out.flush();
                return ExitCode.CHECK_UNKNOWN;
            }
            err.println("gbakprof: " + said);
            if (!ParameterErrors.ofValue(ex)) { // a value's refusal is one line, as gbakprof's own refusals are
                err.println("Try 'gbakprof "
                        + (ex.getCommandLine().getCommandName().equals("gbakprof")
                                ? ""
                                : ex.getCommandLine().getCommandName() + " ")
                        + "--help'.");
            }
            return ExitCode.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean debug = parseResult.hasMatchedOption("--debug")
                    || parseResult.subcommands().stream().anyMatch(s -> s.hasMatchedOption("--debug"));
            if (debug) {
                ex.printStackTrace(err);
            }
            if (ex instanceof GbakprofException g) {
                err.println("gbakprof: " + g.oneLine());
            } else {
                err.println("gbakprof: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage())
                        + (debug ? "" : " (--debug shows the stack trace)"));
            }
            return commandLine.getExitCodeExceptionMapper().getExitCode(ex);
        });
        cl.setExitCodeExceptionMapper(Main::exitCode);
        return cl.execute(args);
    }

    /**
     * gbakprof with the commands {@code names} (in help's order), as --help shows it: the one tree the CLI, the
     * shell completion script and the man pages (docs/man) are made from.
     */
    static CommandLine tree(Collection<String> names, CommandLine.IFactory factory) {
        return tree(names, factory, false);
    }

    private static CommandLine tree(Collection<String> names, CommandLine.IFactory factory, boolean summaries) {
        // picocli reads the switch only in CommandLine's constructor: set while the tree is made, then put back as it
        // was (a value the user gave with -D is left alone), so that no other code of the process sees it
        boolean set = System.getProperty(CONVERTERS_EXCLUDED) == null;
        if (set) {
            System.setProperty(CONVERTERS_EXCLUDED, "java\\.(time|sql)\\..*");
        }
        try {
            CommandLine cl = new CommandLine(new Main().spec, factory);
            for (String name : names) {
                cl.addSubcommand(name, command(name, factory, summaries));
            }
            cl.setUsageHelpWidth(120); // the descriptions are written in lines of up to ~110 characters
            CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
            Map<String, CommandLine.IHelpSectionRenderer> sections = new LinkedHashMap<>(usage.sectionMap());
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, Main::groupedCommands);
            usage.sectionMap(sections); // gbakprof's own help only: the commands have no commands to list
            CommandLine help = cl.getSubcommands().get("help");
            if (help != null) { // picocli's own command: its example set here, the others' in their @Command
                help.getCommandSpec().usageMessage().footer("  gbakprof help run");
            }
            return cl;
        } finally {
            if (set) {
                System.clearProperty(CONVERTERS_EXCLUDED);
            }
        }
    }

    /**
     * The command list of gbakprof's help: {@link #GROUPS}, each a heading and its commands with their one-line
     * header (picocli's own list shows the same), then the other commands under {@link #ALSO}.
     */
    static String groupedCommands(CommandLine.Help help) {
        Map<String, CommandLine.Help> subs = help.subcommands();
        if (subs.isEmpty()) {
            return "";
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        List<String> grouped = new ArrayList<>();
        GROUPS.forEach((heading, names) -> {
            List<String> here = names.stream().filter(subs::containsKey).toList();
            if (!here.isEmpty()) {
                groups.put(heading, here);
                grouped.addAll(here);
            }
        });
        List<String> also =
                subs.keySet().stream().filter(n -> !grouped.contains(n)).toList();
        if (!also.isEmpty()) {
            groups.put(ALSO, also);
        }
        int nameWidth = subs.keySet().stream().mapToInt(String::length).max().orElse(0) + 2;
        int width = help.commandSpec().usageMessage().width();
        CommandLine.Help.ColorScheme colours = help.colorScheme();
        StringBuilder sb = new StringBuilder();
        groups.forEach((heading, names) -> {
            sb.append("  ").append(heading).append(System.lineSeparator());
            CommandLine.Help.TextTable table = CommandLine.Help.TextTable.forColumns(
                    colours,
                    new CommandLine.Help.Column(4 + nameWidth, 4, CommandLine.Help.Column.Overflow.SPAN),
                    new CommandLine.Help.Column(width - 4 - nameWidth, 0, CommandLine.Help.Column.Overflow.WRAP));
            for (String name : names) {
                CommandLine.Model.UsageMessageSpec usage =
                        subs.get(name).commandSpec().usageMessage();
                String[] summary = usage.header().length > 0 ? usage.header() : usage.description();
                table.addRowValues(
                        colours.commandText(name), colours.text(summary.length == 0 ? "" : String.format(summary[0])));
            }
            sb.append(table);
        });
        return sb.toString();
    }

    /**
     * Whether this invocation asks for gbakprof's own help and nothing else: no arguments, {@code -h} or
     * {@code --help} (with {@code --debug} or not). Its command list needs each command's name and header only.
     */
    static boolean ownHelpOnly(String[] args) {
        boolean help = args.length == 0;
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help")) {
                help = true;
            } else if (!a.equals("--debug")) {
                return false;
            }
        }
        return help;
    }

    /**
     * gbakprof with each command as its name and its {@code @Command} header and description only, read from the
     * annotation: what gbakprof's own help lists, without picocli reading every option of every command (a tenth of
     * a second, bench/costs). The same text as {@link #tree()}'s help (HelpTest).
     */
    static CommandLine summaries(CommandLine.IFactory factory) {
        return tree(COMMANDS.keySet(), factory, true);
    }

    /**
     * The one command {@code name}: all of it, or its name, header and description ({@link #summaries}). What every
     * command's help has is added here, not in each {@code @Command}: {@code -h, --help} and {@code -V, --version}
     * (picocli's own {@code help} command has its {@code -h}), and the heading of the example its footer gives.
     */
    private static CommandLine command(String name, CommandLine.IFactory factory, boolean summary) {
        if (!summary) {
            CommandLine command = new CommandLine(COMMANDS.get(name), factory);
            CommandLine.Model.CommandSpec spec = command.getCommandSpec();
            spec.usageMessage().footerHeading("%nExample:%n");
            if (!spec.helpCommand()) {
                standardHelpOptions(spec);
            }
            return command;
        }
        CommandLine.Command a = COMMANDS.get(name).getAnnotation(CommandLine.Command.class);
        CommandLine.Model.CommandSpec spec = CommandLine.Model.CommandSpec.create();
        spec.usageMessage().header(a.header()).description(a.description());
        return new CommandLine(spec, factory);
    }

    /** Every command: {@link #tree(java.util.Collection, CommandLine.IFactory)} of them all. */
    public static CommandLine tree() {
        return tree(COMMANDS.keySet(), CommandLine.defaultFactory());
    }

    /** The one place an exception becomes an exit code: its own, or 1 for one gbakprof did not expect. */
    static int exitCode(Throwable ex) {
        return ex instanceof GbakprofException g ? g.exitCode() : ExitCode.FAILED;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {
                "gbakprof " + (v == null ? "(development build)" : v),
                "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")
            };
        }
    }

    /** The charset a standard stream has (Java 17: sun.stdout/stderr.encoding on a console, else the default). */
    private static Charset consoleCharset(String stream) {
        String enc = System.getProperty(stream + ".encoding", System.getProperty("sun." + stream + ".encoding"));
        return enc != null && Charset.isSupported(enc) ? Charset.forName(enc) : Charset.defaultCharset();
    }
}
