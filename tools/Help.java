///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/Guide.java course/Exercises.java course/HintsFile.java course/Sources.java course/LessonFile.java course/Slug.java course/BuildError.java course/Course.java
//SOURCES kit/Nearest.java kit/Root.java

import course.BuildError;
import course.Course;
import course.Guide;

/// The course's help: `./jbang` with no argument prints it (exit 0), and `./jbang NAME` for a
/// NAME the course does not know prints the nearest names instead of JBang's error (exit 2).
/// Needs only JDK 25, so it answers before JBang is fetched: `./jbang` compiles it with javac.
///   java tools/Help.java            the help
///   java tools/Help.java NAME       what ./jbang says to an unknown NAME
void main(String[] args) {
    int code;
    try {
        Guide guide = Guide.load(Course.ROOT);
        if (args.length == 0) {
            IO.print(guide.help());
            code = 0;
        } else {
            System.err.print(guide.unknown(args[0]));
            code = 2;
        }
    } catch (BuildError e) {
        System.err.println("./jbang: " + e);
        code = 2;
    }
    System.exit(code);
}
