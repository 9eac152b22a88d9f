package live;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

/// The server's front door: which Host and Origin a request may name, and how big a body
/// may be. A page on another site (or a DNS name rebound to 127.0.0.1) can neither read from
/// nor start anything on this server.
final class Guard {
    /// Lower-case "host:port" values this server answers to.
    private final Set<String> hosts;
    /// A POST's body holds one run id: far less than this.
    static final int MAX_BODY = 256;
    /// The header every page of this server sends with a POST; its value is the page's
    /// client token, which only a same-origin page can read (from its event stream).
    static final String CLIENT_HEADER = "X-Live-Client";

    Guard(Set<String> hosts) {
        this.hosts = Set.copyOf(hosts);
    }

    /// 127.0.0.1, localhost and [::1] on the port; plus --host, and for a wildcard --host
    /// (0.0.0.0, ::) every address of this machine and its name.
    static Guard forServer(String host, boolean hostGiven, int port) {
        var names = new LinkedHashSet<String>(List.of("127.0.0.1", "localhost", "[::1]"));
        if (hostGiven) {
            names.add(bracket(host));
            try {
                InetAddress bound = InetAddress.getByName(host);
                if (bound.isAnyLocalAddress()) {
                    for (var nif : Collections.list(NetworkInterface.getNetworkInterfaces()))
                        for (var a : Collections.list(nif.getInetAddresses()))
                            names.add(bracket(a.getHostAddress().replaceFirst("%.*$", "")));
                    names.add(InetAddress.getLocalHost().getHostName());
                    names.add(InetAddress.getLocalHost().getCanonicalHostName());
                } else {
                    names.add(bracket(bound.getHostAddress()));
                }
            } catch (IOException e) { /* the names above are enough */ }
        }
        var out = new LinkedHashSet<String>();
        for (String n : names) out.add((n + ":" + port).toLowerCase(Locale.ROOT));
        return new Guard(out);
    }

    static String bracket(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    /// Every request: the Host header (and an absolute request URI's authority, and the
    /// Origin header when there is one) must be ours.
    void checkHost(HttpExchange ex) {
        String host = ex.getRequestHeaders().getFirst("Host");
        if (host == null) throw new Rejection(400, "the request has no Host header");
        if (!hosts.contains(host.strip().toLowerCase(Locale.ROOT)))
            throw new Rejection(403, "Host '" + clip(host) + "' is not this server. Open " + hosts.iterator().next() + " instead");
        String authority = ex.getRequestURI().getRawAuthority();
        if (authority != null && !hosts.contains(authority.toLowerCase(Locale.ROOT)))
            throw new Rejection(403, "the request names another server (" + clip(authority) + ")");
        // A browser names the page a cross-site request comes from: no other site may use this server.
        String origin = ex.getRequestHeaders().getFirst("Origin");
        if (origin != null && !hosts.contains(originHost(origin)))
            throw new Rejection(403, "a page from " + clip(origin) + " may not use this server");
    }

    /// A state-changing request: a POST, from one of our own pages.
    void checkPost(HttpExchange ex, String what) {
        if (!ex.getRequestMethod().equals("POST")) {
            ex.getResponseHeaders().set("Allow", "POST");
            throw new Rejection(405, what + " takes POST, not " + clip(ex.getRequestMethod()));
        }
        String origin = ex.getRequestHeaders().getFirst("Origin");
        if (origin != null && !hosts.contains(originHost(origin)))
            throw new Rejection(403, "a page from " + clip(origin) + " may not use this server");
        String fetchSite = ex.getRequestHeaders().getFirst("Sec-Fetch-Site");
        if (fetchSite != null && !fetchSite.equals("same-origin"))
            throw new Rejection(403, "cross-site requests are refused (Sec-Fetch-Site: " + clip(fetchSite) + ")");
        if (ex.getRequestHeaders().getFirst(CLIENT_HEADER) == null)
            throw new Rejection(403, "the request has no " + CLIENT_HEADER + " header: use the buttons on a page this server serves");
    }

    static String originHost(String origin) {
        String prefix = "http://";
        if (!origin.regionMatches(true, 0, prefix, 0, prefix.length())) return "";
        return origin.substring(prefix.length()).toLowerCase(Locale.ROOT);
    }

    /// The body of a small request as text, or 413 when it is larger than MAX_BODY bytes.
    static String smallBody(HttpExchange ex) throws IOException {
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            long n;
            try { n = Long.parseLong(length.strip()); } catch (NumberFormatException e) { throw new Rejection(400, "bad Content-Length"); }
            if (n > MAX_BODY) throw new Rejection(413, "the request body is " + n + " bytes; at most " + MAX_BODY + " are accepted");
        }
        byte[] body = ex.getRequestBody().readNBytes(MAX_BODY + 1);
        if (body.length > MAX_BODY) throw new Rejection(413, "the request body is over " + MAX_BODY + " bytes");
        return new String(body, StandardCharsets.UTF_8).strip();
    }

    static String clip(String s) {
        String t = s.length() > 80 ? s.substring(0, 80) + "..." : s;
        return t.replaceAll("[\\p{Cntrl}]", "?");
    }
}
