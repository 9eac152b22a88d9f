package course;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/// HTML for the whole site: text escaped for markup, and jsoup elements written out as they
/// were built (no pretty-printing, which would change what `<pre>` shows).
public final class Html {
    private Html() {}

    /// Text made safe for HTML text and double-quoted attribute values.
    public static String escape(String s) {
        var b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /// A new element, in a document that writes it out unchanged.
    public static Element element(String tag) {
        Document doc = Document.createShell("");
        doc.outputSettings().prettyPrint(false);
        return doc.body().appendElement(tag);
    }

    /// The element's markup.
    public static String of(Element e) {
        return e.outerHtml();
    }
}
