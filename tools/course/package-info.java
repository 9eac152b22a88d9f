//DEPS org.commonmark:commonmark:0.28.0
//DEPS org.commonmark:commonmark-ext-gfm-tables:0.28.0
//DEPS org.commonmark:commonmark-ext-heading-anchor:0.28.0
//DEPS org.jsoup:jsoup:1.24.1
//DEPS org.snakeyaml:snakeyaml-engine:3.2
//SOURCES ../kit/*.java
/// The course's generator: lessons and recordings in, site out. The lines above are JBang's:
/// the libraries it needs, each at one version, and the JDK-only kit it shares with the
/// checker and the benchmark. A tool that runs the generator names it once,
/// `//SOURCES course/*.java`, and JBang adds these (tools/Site.java, Serve, Compare, Tests).
package course;
