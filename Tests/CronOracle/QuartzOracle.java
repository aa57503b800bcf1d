import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.TimeZone;

/**
 * Peer oracle for Chime's quartz cron flavor: the real Quartz Scheduler (Debian's libquartz2-java,
 * /usr/share/java/quartz2.jar), run as it is. Our own driver, not part of Quartz.
 *
 * Reads JSON lines {"expression": "...", "zone": "America/New_York", "after": epoch seconds, "count": N}
 * and writes one JSON line per case: {"fires": [epoch seconds, ...]} (fewer than N when Quartz
 * returns null: no further fire) or {"error": "ParseException: message (offset N)"}, or
 * {"hang": "...", "firesBefore": k} when getTimeAfter does not return within HANG_SECONDS.
 * Each fire is new CronExpression(expression) with setTimeZone(TimeZone.getTimeZone(zone)), then
 * getTimeAfter chained from the previous fire, as Quartz's CronTrigger chains them.
 *
 * {"offsets": "ZONE", "from": epoch, "to": epoch} instead prints Java's own UTC offset changes
 * (java.util.TimeZone, the tz data Quartz sees) as {"changes": [[epoch, offsetSeconds], ...]}.
 *
 * Build and run: javac -cp /usr/share/java/quartz2.jar -d DIR QuartzOracle.java;
 * java -cp DIR:/usr/share/java/quartz2.jar QuartzOracle < cases.jsonl
 */
public final class QuartzOracle {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().isEmpty()) continue;
            String answer;
            try {
                answer = answer(line);
            } catch (Throwable t) {
                answer = "{\"error\": " + quote("crash " + t.getClass().getSimpleName() + ": " + t.getMessage()) + "}";
            }
            out.println(answer);
            out.flush();
        }
    }

    static String answer(String line) {
        String offsets = string(line, "offsets");
        if (offsets != null) return changes(TimeZone.getTimeZone(offsets), number(line, "from"), number(line, "to"));
        String expression = string(line, "expression");
        TimeZone zone = TimeZone.getTimeZone(string(line, "zone"));
        long after = number(line, "after");
        long count = number(line, "count");
        org.quartz.CronExpression cron;
        try {
            cron = new org.quartz.CronExpression(expression);
        } catch (java.text.ParseException e) {
            return "{\"error\": " + quote("ParseException: " + e.getMessage() + " (offset " + e.getErrorOffset() + ")") + "}";
        }
        cron.setTimeZone(zone);
        StringBuilder fires = new StringBuilder("{\"fires\": [");
        Date previous = new Date(after * 1000L);
        for (long k = 0; k < count; k++) {
            Date next;
            try {
                next = timed(cron, previous);
            } catch (RuntimeException e) {
                return "{\"error\": " + quote("runtime " + e.getClass().getSimpleName() + ": " + e.getMessage()) + ", \"firesBefore\": " + k + "}";
            } catch (Hang h) {
                return "{\"hang\": " + quote("getTimeAfter(" + Math.floorDiv(previous.getTime(), 1000L) + ") did not return within " + HANG_SECONDS + " s") + ", \"firesBefore\": " + k + "}";
            }
            if (next == null) break;
            if (k > 0) fires.append(", ");
            fires.append(Math.floorDiv(next.getTime(), 1000L));
            previous = next;
        }
        return fires.append("]}").toString();
    }

    static final int HANG_SECONDS = 10;

    static final class Hang extends Exception {}

    /**
     * getTimeAfter on a worker thread: Quartz's walk never returns for some expressions (it cycles),
     * so a call still running after HANG_SECONDS is stopped (Thread.stop, still there in Java 17)
     * and reported as a hang rather than blocking every later case.
     */
    @SuppressWarnings("deprecation")
    static Date timed(org.quartz.CronExpression cron, Date previous) throws Hang {
        final Date[] result = new Date[1];
        final RuntimeException[] failure = new RuntimeException[1];
        Thread worker = new Thread(() -> {
            try { result[0] = cron.getTimeAfter(previous); } catch (RuntimeException e) { failure[0] = e; }
        });
        worker.setDaemon(true);
        worker.start();
        try { worker.join(HANG_SECONDS * 1000L); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
        if (worker.isAlive()) {
            worker.stop();
            throw new Hang();
        }
        if (failure[0] != null) throw failure[0];
        return result[0];
    }

    /** Java's offset changes between two instants, found by a coarse scan refined to the second. */
    static String changes(TimeZone zone, long from, long to) {
        StringBuilder sb = new StringBuilder("{\"changes\": [");
        boolean first = true;
        long step = 3600;
        long t = from;
        int offset = zone.getOffset(t * 1000L) / 1000;
        while (t < to) {
            long next = Math.min(t + step, to);
            int o = zone.getOffset(next * 1000L) / 1000;
            if (o != offset) {
                long lo = t, hi = next;       // offset(lo) == offset, offset(hi) == o
                while (hi - lo > 1) {
                    long mid = (lo + hi) / 2;
                    if (zone.getOffset(mid * 1000L) / 1000 == offset) lo = mid; else hi = mid;
                }
                if (!first) sb.append(", ");
                sb.append("[").append(hi).append(", ").append(o).append("]");
                first = false;
                offset = o;
                t = hi;
            } else {
                t = next;
            }
        }
        return sb.append("]}").toString();
    }

    // A small reader for the flat JSON objects the tests write (strings and integers only).
    static String string(String json, String key) {
        int k = json.indexOf("\"" + key + "\"");
        if (k < 0) return null;
        int i = json.indexOf(':', k) + 1;
        while (json.charAt(i) == ' ') i++;
        if (json.charAt(i) != '"') return null;
        StringBuilder sb = new StringBuilder();
        for (i++; json.charAt(i) != '"'; i++) {
            char c = json.charAt(i);
            if (c == '\\') {
                char e = json.charAt(++i);
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'u': sb.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16)); i += 4; break;
                    default: sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    static long number(String json, String key) {
        int k = json.indexOf("\"" + key + "\"");
        int i = json.indexOf(':', k) + 1;
        while (json.charAt(i) == ' ') i++;
        int j = i;
        while (j < json.length() && (json.charAt(j) == '-' || Character.isDigit(json.charAt(j)))) j++;
        return Long.parseLong(json.substring(i, j));
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : (s == null ? "null" : s).toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }
}
