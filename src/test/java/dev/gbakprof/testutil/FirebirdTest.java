package dev.gbakprof.testutil;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that needs Firebird 3: the real gbak or isql-fb (embedded, as root), or the tests' own server ({@link FirebirdServer}). Tagged {@code firebird}: {@code scripts/test --fast} leaves it out ({@code mvn test -DexcludedGroups=...}),
 * {@code scripts/test} runs it.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("firebird")
public @interface FirebirdTest {}
