package dev.gbakprof.testutil;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium driven through its own chromedriver, for the {@link BrowserTest}s. Both are given by path, so
 * Selenium Manager never looks for (or downloads) a browser or a driver. Without them the test is skipped, and in
 * CI ({@code CI=true}), where scripts/test installs {@code chromium chromium-driver}, it fails.
 */
public final class Chromium {
    public static final Path BROWSER = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private Chromium() {}

    /** Skips the test (fails it in CI) when Chromium or its chromedriver is not installed. */
    public static void assumeInstalled() {
        boolean present = Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
        if (!present && "true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.fail("Chromium (" + BROWSER + ", " + DRIVER + ") is missing in CI: scripts/test must install"
                    + " chromium and chromium-driver");
        }
        Assumptions.assumeTrue(present, "Chromium is not installed (scripts/test installs chromium chromium-driver)");
    }

    /**
     * A headless Chromium with a new empty profile in {@code profile}, its console kept ({@link LogType#BROWSER}).
     * The flags keep it off the network: with its background services on, a closed network makes it misbehave.
     */
    public static ChromeDriver start(Path profile) throws IOException {
        assumeInstalled();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments(List.of(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,1000",
                "--user-data-dir=" + Files.createDirectories(profile)));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }
}
