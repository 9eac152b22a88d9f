package kit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/// Keys for caches: a SHA-256 of text, in hex.
public final class Hash {
    private Hash() {}

    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /// The key of something compiled by and for this JDK: its home and version, and `parts`.
    public static String forThisJdk(String... parts) {
        return sha256(System.getProperty("java.home") + '\0' + Runtime.version() + '\0' + String.join("\0", parts));
    }
}
