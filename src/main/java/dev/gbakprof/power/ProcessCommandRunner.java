package dev.gbakprof.power;

import dev.gbakprof.exec.GbakLocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** {@link CommandRunner} over {@link ProcessBuilder}. */
final class ProcessCommandRunner implements CommandRunner {

    /**
     * Windows console programs write in the console (OEM) code page, not the ANSI one Java reports as
     * {@code native.encoding}; this maps the usual ANSI code pages to their OEM partner so that plan names
     * such as "Économie d'énergie" survive. GUIDs are ASCII and parse whatever the guess.
     */
    private static final Map<String, String> OEM_FOR_ANSI = Map.of(
            "Cp1252",
            "IBM850",
            "Cp1250",
            "IBM852",
            "Cp1251",
            "IBM866",
            "Cp1253",
            "x-IBM737",
            "Cp1254",
            "IBM857",
            "Cp1257",
            "IBM775",
            "Cp1255",
            "IBM862",
            "Cp1256",
            "x-IBM720");

    private final Duration timeout;
    private final GbakLocator locator;

    ProcessCommandRunner(Duration timeout) {
        this(timeout, GbakLocator.system());
    }

    ProcessCommandRunner(Duration timeout, GbakLocator locator) {
        this.timeout = timeout;
        this.locator = locator;
    }

    /**
     * Runs {@code command}. Outside Windows a program named without a folder is looked up on the PATH first, and
     * one that is not there is reported without starting a process: each {@code run} asks for
     * {@code powerprofilesctl} and {@code tuned-adm}, which most servers do not have. (Windows starts a program
     * from its own folders before the PATH; {@code powercfg} is left to it.)
     */
    @Override
    public Result run(List<String> command) throws IOException {
        List<String> argv = command;
        String program = command.get(0);
        if (!locator.windows() && program.indexOf('/') < 0) {
            Path exe = locator.findTool(program, null)
                    .orElseThrow(() -> new IOException(program + ": not found on the PATH"));
            argv = new ArrayList<>(command);
            argv.set(0, exe.toString());
        }
        Process process = new ProcessBuilder(argv).start();
        process.getOutputStream().close();
        CompletableFuture<byte[]> out = readAsync(process.getInputStream());
        CompletableFuture<byte[]> err = readAsync(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException(
                        String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s");
            }
            return new Result(process.exitValue(), decode(out.join()), decode(err.join()));
        } catch (InterruptedException ex) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + String.join(" ", command), ex);
        }
    }

    private static CompletableFuture<byte[]> readAsync(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in;
                    ByteArrayOutputStream buffer = new ByteArrayOutputStream()) {
                in.transferTo(buffer);
                return buffer.toByteArray();
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        });
    }

    /** UTF-8 when the bytes are valid UTF-8, else the console code page (see {@link #OEM_FOR_ANSI}). */
    static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            return new String(bytes, consoleCharset());
        }
    }

    private static Charset consoleCharset() {
        String ansi =
                System.getProperty("native.encoding", Charset.defaultCharset().name());
        String oem = OEM_FOR_ANSI.getOrDefault(ansi, ansi);
        try {
            return Charset.forName(oem);
        } catch (RuntimeException unsupported) {
            return Charset.defaultCharset();
        }
    }
}
