package kit;

import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.NestingKind;
import javax.tools.*;

/// A source file compiled once, in this JVM, with the JDK's own javac (javax.tools), into a
/// folder of a cache; later runs start `java -cp FOLDER Main` instead of `java File.java`,
/// which compiles the source every time (about a second). The checker and live mode use it;
/// each keys its folders with Hash.forThisJdk.
public final class Javac {
    private Javac() {}

    /// Loaded on first use: a result read from a cache never loads javac.
    private static final class Holder {
        static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
    }

    /// Compiles `file` (its `text`, which need not be saved) into `classes` as the source
    /// launcher would (JEP 330's options), plus `extra` (--enable-preview, say). Returns the
    /// binary name of the first top-level class, the one `java File.java` runs, or null when
    /// it does not compile. What javac says goes to `messages`.
    public static String compile(Path file, String text, Path classes, List<String> extra, Writer messages) throws IOException {
        return compile(file, text, classes, List.of(), extra, messages);
    }

    /// The same, against the jars of `classpath` (a program's //DEPS, as JBang resolved them).
    public static String compile(Path file, String text, Path classes, List<Path> classpath, List<String> extra, Writer messages) throws IOException {
        JavaCompiler javac = Holder.JAVAC;
        if (javac == null) throw new IOException("this Java has no compiler (javax.tools); use a JDK 25, not a JRE");
        try (var files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(classes));
            files.setLocationFromPaths(StandardLocation.CLASS_PATH, classpath);
            files.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
            var source = new SimpleJavaFileObject(file.toUri(), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return text;
                }

                @Override
                public String getName() {
                    return file.toString();
                }

                @Override
                public String toString() {
                    return file.toString();
                }
            };
            var options = new ArrayList<>(List.of("-proc:none", "-Xdiags:verbose", "-Xlint:deprecation",
                    "-Xlint:unchecked", "-Xlint:-options", "-implicit:none"));
            options.addAll(extra);
            var task = (JavacTask) javac.getTask(messages, files, null, options, null, List.of(source));
            var topLevel = new ArrayList<String>();
            task.addTaskListener(new TaskListener() {
                @Override
                public void finished(TaskEvent event) {
                    if (event.getKind() == TaskEvent.Kind.ANALYZE && event.getTypeElement() != null
                            && event.getTypeElement().getNestingKind() == NestingKind.TOP_LEVEL)
                        topLevel.add(task.getElements().getBinaryName(event.getTypeElement()).toString());
                }
            });
            boolean ok = task.call();
            return ok && !topLevel.isEmpty() ? topLevel.getFirst() : null;
        }
    }

    /// What fills a new cache folder.
    public interface Fill {
        void into(Path folder) throws IOException;
    }

    /// Makes the cache folder `entry`: `fill` writes into a new folder beside it, which then
    /// takes its place in one atomic move, so no reader ever sees half an entry. When another
    /// process made `entry` first, its entry is kept. On failure nothing is left behind.
    public static void install(Path entry, Fill fill) throws IOException {
        Path tmp = entry.resolveSibling(entry.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + Thread.currentThread().threadId());
        try {
            Trees.delete(tmp);
            Files.createDirectories(tmp);
            fill.into(tmp);
            try {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isDirectory(entry)) throw e;      // else another process got there first
            }
        } finally {
            Trees.deleteIfPossible(tmp);
        }
    }

    /// True when `name` is the name of a folder `install` is still filling.
    public static boolean unfinished(String name) {
        return name.contains(".tmp-");
    }
}
