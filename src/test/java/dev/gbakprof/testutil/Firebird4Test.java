package dev.gbakprof.testutil;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that needs Firebird 4 (its gbak or its server). Tagged {@code firebird4}: {@code scripts/test --fast} leaves it out ({@code mvn test -DexcludedGroups=...}),
 * {@code scripts/test} runs it.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("firebird4")
public @interface Firebird4Test {}
