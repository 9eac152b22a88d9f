package kit;

import java.util.*;

/// The known names nearest to a mistyped one, for "did you mean" lines: the checker, the
/// course's help (`./jbang nosuch`) and its tests use it.
public final class Nearest {
    private Nearest() {}

    /// Up to `most` of `known`, nearest first: names that start with or contain `typed`, then
    /// names at most a third of their length (at least 2) edits away. Case is ignored.
    public static List<String> to(String typed, Collection<String> known, int most) {
        String t = typed.toLowerCase(Locale.ROOT);
        record Scored(String name, int score) {}
        var scored = new ArrayList<Scored>();
        for (String k : known) {
            String n = k.toLowerCase(Locale.ROOT);
            int d = distance(t, n);
            if (t.length() >= 3 && (n.startsWith(t) || n.contains(t))) d = 0;
            if (d <= Math.max(2, n.length() / 3)) scored.add(new Scored(k, d));
        }
        scored.sort(Comparator.comparingInt(Scored::score).thenComparing(Scored::name));
        return scored.stream().limit(most).map(Scored::name).toList();
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++)
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            int[] swap = prev; prev = cur; cur = swap;
        }
        return prev[b.length()];
    }
}
