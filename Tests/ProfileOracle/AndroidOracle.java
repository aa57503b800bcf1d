// Chime's oracle for the android profile (Tests/ChimeTests/Profiles/AndroidProfileOracleTests.swift).
//
// Our own code: it runs the computation flutter_local_notifications' Android side makes for
// `zonedSchedule(…, matchDateTimeComponents: …)`, with the real java.time library of the JDK it runs
// on, so the wall-time arithmetic (gaps, overlaps, plusDays) is java.time's and not Chime's.
// What the plugin does, as read in MaikuB/flutter_local_notifications at commit
// 00200c634f365a9ec855e2439cbc14ebd510fdb4 (flutter_local_notifications/android/src/main/java/
// com/dexterous/flutterlocalnotifications/FlutterLocalNotificationsPlugin.java):
//   - zonedSchedule (lines 1551–1565) replaces the requested scheduledDateTime with
//     getNextFireDateMatchingDateTimeComponents (1554–1557), then sets the alarm;
//   - getNextFireDateMatchingDateTimeComponents (1280–1321): the stored wall time read with
//     ZonedDateTime.of (1283–1284), today's date at its time of day (1286–1295), plus a day while
//     before now (1296–1299), plus days until the weekday / day / month+day match (1302–1319), and
//     the result's wall time as ISO_LOCAL_DATE_TIME (the offset is dropped);
//   - zonedScheduleNotification (550–573) sets the alarm at ZonedDateTime.of(that wall time) (561–566);
//   - ScheduledNotificationReceiver.onReceive (commit 01fd38205d0742e880082c8fa512eac068d13b29,
//     lines 24–51) calls scheduleNextNotification (48–49) → the same computation from the stored
//     wall time (FlutterLocalNotificationsPlugin.java 219–235, 1255–1263).
// The clock: the app schedules just after the start instant, and the receiver runs just after each
// alarm (1 ms), so "now" is the alarm plus 1 ms.
//
// Input, one command a line on stdin:
//   T ZONE FROM_YEAR TO_YEAR      the zone's transitions in [FROM_YEAR, TO_YEAR]: "T epoch offsetBefore offsetAfter" lines, then "END"
//   C ZONE MATCH H M S WEEKDAY DAY MONTH START COUNT
//                                 MATCH: time | dayOfWeekAndTime | dayOfMonthAndTime | dateAndTime;
//                                 WEEKDAY 1 = Sunday … 7 = Saturday (0 = none), DAY, MONTH (0 = none);
//                                 START epoch seconds; prints "F epoch localDateTime …" (COUNT fires)
// The first output line is "VERSION tzdb-version".
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.time.zone.ZoneRulesProvider;

public final class AndroidOracle {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        out.println("VERSION " + ZoneRulesProvider.getVersions("UTC").lastKey());
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("T")) {
                try {
                    transitions(ZoneId.of(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]), out);
                } catch (java.time.DateTimeException unknown) {
                    out.println("END");   // a zone this tzdb does not have: no transitions, so it cannot agree
                }
            } else if (f[0].equals("C")) {
                out.println(chain(f));
            }
        }
        out.flush();
    }

    static void transitions(ZoneId zone, int fromYear, int toYear, PrintWriter out) {
        ZoneRules rules = zone.getRules();
        Instant cursor = LocalDate.of(fromYear, 1, 1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant().minusSeconds(1);
        Instant end = LocalDate.of(toYear + 1, 1, 1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
        ZoneOffsetTransition t;
        while ((t = rules.nextTransition(cursor)) != null && t.getInstant().isBefore(end)) {
            out.println("T " + t.getInstant().getEpochSecond() + " " + t.getOffsetBefore().getTotalSeconds() + " " + t.getOffsetAfter().getTotalSeconds());
            cursor = t.getInstant();
        }
        out.println("END");
    }

    static String chain(String[] f) {
        ZoneId zone = ZoneId.of(f[1]);
        String match = f[2];
        LocalTime time = LocalTime.of(Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]));
        int weekday = Integer.parseInt(f[6]), day = Integer.parseInt(f[7]), month = Integer.parseInt(f[8]);
        Instant now = Instant.ofEpochSecond(Long.parseLong(f[9])).plusMillis(1);
        int count = Integer.parseInt(f[10]);
        // The app's TZDateTime: an existing wall time with the requested fields.
        String stored = DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(requestedWallTime(zone, match, time, weekday, day, month));
        StringBuilder answer = new StringBuilder("F");
        for (int i = 0; i < count; i++) {
            stored = nextFireDate(stored, zone, match, now);
            Instant alarm = ZonedDateTime.of(LocalDateTime.parse(stored), zone).toInstant();
            // An alarm set in the past goes off at once: marked, so a test sees it.
            answer.append(' ').append(alarm.getEpochSecond()).append(alarm.isBefore(now) ? "!" : "").append(' ').append(stored);
            now = alarm.plusMillis(1);
        }
        return answer.toString();
    }

    /// The plugin's next wall time from the stored one, at `now` (see the notes at the top).
    static String nextFireDate(String stored, ZoneId zone, String match, Instant instant) {
        ZonedDateTime scheduled = ZonedDateTime.of(LocalDateTime.parse(stored), zone);
        ZonedDateTime now = ZonedDateTime.ofInstant(instant, zone);
        ZonedDateTime next = ZonedDateTime.of(now.toLocalDate(), scheduled.toLocalTime(), zone);
        while (next.isBefore(now)) next = next.plusDays(1);
        switch (match) {
            case "time":
                break;
            case "dayOfWeekAndTime":
                while (next.getDayOfWeek() != scheduled.getDayOfWeek()) next = next.plusDays(1);
                break;
            case "dayOfMonthAndTime":
                while (next.getDayOfMonth() != scheduled.getDayOfMonth()) next = next.plusDays(1);
                break;
            case "dateAndTime":
                while (next.getMonthValue() != scheduled.getMonthValue() || next.getDayOfMonth() != scheduled.getDayOfMonth()) next = next.plusDays(1);
                break;
            default:
                throw new IllegalArgumentException("match " + match);
        }
        return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(next);
    }

    /// A wall time with the requested fields that exists in the zone (a Dart TZDateTime always does).
    static LocalDateTime requestedWallTime(ZoneId zone, String match, LocalTime time, int weekday, int day, int month) {
        for (int back = 0; back < 400; back++) {
            LocalDate date;
            switch (match) {
                case "time": date = LocalDate.of(2024, 1, 1).minusDays(back); break;
                case "dayOfWeekAndTime":
                    // 2024-01-07 is a Sunday (weekday 1).
                    date = LocalDate.of(2024, 1, 7).plusDays(weekday - 1).minusWeeks(back);
                    if (date.getDayOfWeek() != DayOfWeek.of(weekday == 1 ? 7 : weekday - 1)) throw new IllegalStateException("weekday");
                    break;
                case "dayOfMonthAndTime": date = LocalDate.of(2024 - back, 1, day); break;
                case "dateAndTime": date = LocalDate.of(2024 - 4 * back, month, day); break;
                default: throw new IllegalArgumentException("match " + match);
            }
            LocalDateTime wall = LocalDateTime.of(date, time);
            if (ZonedDateTime.of(wall, zone).toLocalDateTime().equals(wall)) return wall;
        }
        throw new IllegalStateException("no existing wall time for the request");
    }
}
