package course;

import java.util.*;

/// Just enough JSON to write the search index, live events and small responses (nothing here parses JSON).
public final class Json {
    private Json() {}

    public static String quote(String s) {
        var b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                // < and > and & escaped so a JSON text is also safe inside HTML
                case '<', '>', '&', '\u2028', '\u2029' -> b.append(String.format("\\u%04x", (int) c));
                default -> { if (c < 0x20) b.append(String.format("\\u%04x", (int) c)); else b.append(c); }
            }
        }
        return b.append('"').toString();
    }

    /// An object from alternating keys and values; values may be String, Number, Boolean,
    /// null or a List of these (already-encoded JSON, a nested object say, can be passed as Raw).
    public static String object(Object... keysAndValues) {
        var b = new StringBuilder("{");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (i > 0) b.append(',');
            b.append(quote((String) keysAndValues[i])).append(':').append(value(keysAndValues[i + 1]));
        }
        return b.append('}').toString();
    }

    public record Raw(String json) {}

    public static String value(Object v) {
        return switch (v) {
            case null -> "null";
            case String s -> quote(s);
            case Number n -> n.toString();
            case Boolean bool -> bool.toString();
            case Raw r -> r.json();
            case List<?> list -> {
                var b = new StringBuilder("[");
                for (Object o : list) { if (b.length() > 1) b.append(','); b.append(value(o)); }
                yield b.append(']').toString();
            }
            default -> quote(v.toString());
        };
    }
}
