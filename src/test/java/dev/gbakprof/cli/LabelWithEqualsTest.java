package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code LABEL=PATH} with a label that holds {@code =} (as {@code run --label} and {@code parse --label} take it): the
 * label ends at the first {@code =} followed by a path that exists. It was cut at the first {@code =}, and {@code
 * par=4=samples/…} was refused as the missing file {@code 4=samples/…}.
 */
class LabelWithEqualsTest {
    private static final String FULL = "samples/ab/full-cpu/run1.log";
    private static final String QUOTA = "samples/ab/cpu-quota-50/run1.log";

    @TempDir
    Path dir;

    private static List<String> labels(Cli.Result r) throws Exception {
        assertThat(r.code()).as(r.err()).isZero();
        List<String> labels = new ArrayList<>();
        for (JsonNode c : new ObjectMapper().readTree(r.out()).get("configurations")) {
            labels.add(c.get("label").asText());
        }
        return labels;
    }

    @Test
    void aLabelMayHoldAnEqualsSign() throws Exception {
        assertThat(labels(Cli.run("compare", "--json", "par=4=" + FULL, "gbak -par=1=" + QUOTA)))
                .containsExactly("par=4", "gbak -par=1");
    }

    @Test
    void aPathMayHoldOneTooAndAnExistingPathIsNeverSplit() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("a=b"));
        Path log = Files.copy(Path.of(FULL), folder.resolve("run1.log"));
        assertThat(labels(Cli.run("compare", "--json", "full=" + log, "quota=" + QUOTA)))
                .containsExactly("full", "quota");
        // given as it is, the path is the input (labelled by its file name), not a label and a path
        assertThat(labels(Cli.run("compare", "--json", "--label-from", "dir", log.toString(), "quota=" + QUOTA)))
                .containsExactly("a=b", "quota");
    }

    @Test
    void whenNoEqualsSignIsFollowedByAPathThePathAfterTheFirstIsNamed() {
        Cli.Result r = Cli.run("compare", "--json", "par=4=samples/none.log", "quota=" + QUOTA);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).contains("4=samples/none.log").doesNotContain("Exception");
    }
}
