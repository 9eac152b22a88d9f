package course;

import java.util.*;

/// Java source to HTML at build time: no JavaScript needed to read highlighted code.
/// Knows JDK 25's keywords (contextual ones too), text blocks, comments, annotations.
/// Each source line becomes a bare `<span>` (a token is a span with a class inside it), so CSS
/// can number lines without the numbers being copied with the code.
public final class Highlight {
    private Highlight() {}

    static final Set<String> KEYWORDS = Set.of(
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
            "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
            "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native",
            "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
            "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void",
            "volatile", "while", "true", "false", "null",
            // contextual keywords, highlighted where Java code usually means them
            "var", "yield", "record", "sealed", "permits", "non-sealed", "when");

    /// Token kinds, which are also the CSS classes: keyword, string, comment, number, annotation, type.
    enum Kind { k, s, c, n, a, t, plain }

    record Token(Kind kind, String text) {}

    public static String toHtml(String source) {
        var out = new StringBuilder();
        out.append("<span>");
        List<Token> tokens = tokenize(source.endsWith("\n") ? source.substring(0, source.length() - 1) : source);
        for (Token t : tokens) {
            String[] parts = t.text().split("\n", -1);
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) out.append("</span>\n<span>");
                if (parts[i].isEmpty()) continue;
                if (t.kind() == Kind.plain) out.append(Html.escape(parts[i]));
                else out.append("<span class=\"").append(t.kind()).append("\">").append(Html.escape(parts[i])).append("</span>");
            }
        }
        return out.append("</span>").toString();
    }

    static List<Token> tokenize(String src) {
        var tokens = new ArrayList<Token>();
        int i = 0, n = src.length();
        var plain = new StringBuilder();
        while (i < n) {
            char ch = src.charAt(i);
            int end;
            Kind kind;
            if (src.startsWith("//", i)) {
                end = lineEnd(src, i);
                kind = Kind.c;
            } else if (src.startsWith("/*", i)) {
                int close = src.indexOf("*/", i + 2);
                end = close < 0 ? n : close + 2;
                kind = Kind.c;
            } else if (src.startsWith("\"\"\"", i)) {
                end = closing(src, i + 3, "\"\"\"");
                kind = Kind.s;
            } else if (ch == '"' || ch == '\'') {
                end = quoted(src, i, ch);
                kind = Kind.s;
            } else if (Character.isDigit(ch) || (ch == '.' && i + 1 < n && Character.isDigit(src.charAt(i + 1))
                    && (i == 0 || !Character.isJavaIdentifierPart(src.charAt(i - 1))))) {
                end = number(src, i);
                kind = Kind.n;
            } else if (ch == '@' && i + 1 < n && Character.isJavaIdentifierStart(src.charAt(i + 1))) {
                end = identifier(src, i + 1);
                kind = Kind.a;
            } else if (Character.isJavaIdentifierStart(ch)) {
                end = identifier(src, i);
                String word = src.substring(i, end);
                if (word.equals("non") && src.startsWith("-sealed", end)) { end += 7; word = "non-sealed"; }
                kind = KEYWORDS.contains(word) ? Kind.k
                        : Character.isUpperCase(word.charAt(0)) && !word.equals(word.toUpperCase()) ? Kind.t : Kind.plain;
            } else {
                plain.append(ch);
                i++;
                continue;
            }
            if (kind == Kind.plain) {
                plain.append(src, i, end);
            } else {
                if (!plain.isEmpty()) { tokens.add(new Token(Kind.plain, plain.toString())); plain.setLength(0); }
                tokens.add(new Token(kind, src.substring(i, end)));
            }
            i = end;
        }
        if (!plain.isEmpty()) tokens.add(new Token(Kind.plain, plain.toString()));
        return tokens;
    }

    private static int lineEnd(String s, int i) {
        int nl = s.indexOf('\n', i);
        return nl < 0 ? s.length() : nl;
    }

    /// End of a text block: the closing delimiter not preceded by a backslash escape.
    private static int closing(String s, int from, String delim) {
        int i = from;
        while (i < s.length()) {
            if (s.charAt(i) == '\\') { i += 2; continue; }
            if (s.startsWith(delim, i)) return i + delim.length();
            i++;
        }
        return s.length();
    }

    /// End of a string or char literal; an unclosed one ends at the line's end.
    private static int quoted(String s, int i, char q) {
        int j = i + 1;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == '\\') { j += 2; continue; }
            if (c == q) return j + 1;
            if (c == '\n') return j;
            j++;
        }
        return s.length();
    }

    private static int number(String s, int i) {
        int j = i;
        if (s.startsWith("0x", j) || s.startsWith("0X", j) || s.startsWith("0b", j) || s.startsWith("0B", j)) j += 2;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
                if (c == '.' && (j + 1 >= s.length() || !Character.isDigit(s.charAt(j + 1)))) break;
                j++;
            } else if ((c == '+' || c == '-') && (s.charAt(j - 1) == 'e' || s.charAt(j - 1) == 'E')
                    && !(s.startsWith("0x", i) || s.startsWith("0X", i))) {
                j++;
            } else break;
        }
        return j;
    }

    private static int identifier(String s, int i) {
        int j = i;
        while (j < s.length() && Character.isJavaIdentifierPart(s.charAt(j))) j++;
        return j;
    }
}
