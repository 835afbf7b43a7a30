package dev.gbakprof.testutil;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that needs Wine (Windows programs run here, e.g. {@code gbakprof.cmd} in Wine's cmd). Tagged {@code wine}: {@code scripts/test --fast} leaves it out ({@code mvn test -DexcludedGroups=...}),
 * {@code scripts/test} runs it.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("wine")
public @interface WineTest {}
