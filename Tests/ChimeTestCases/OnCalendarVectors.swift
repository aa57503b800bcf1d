@testable import ChimeTestSupport
@testable import Chime

/// Published OnCalendar vectors and bad input, shared by the parser's unit tests and its
/// differential tests against systemd-analyze.
enum OnCalendarVectors {
    /// The parser as systemd reads an expression: a zone is any id the machine's tz data has.
    static func parse(_ text: String) throws(OnCalendarError) -> OnCalendarSpec {
        try OnCalendarParser.parse(text) { (try? Fixtures.systemDatabase.rules(for: $0)) != nil }
    }

    /// systemd.time(7) of systemd 252 (Debian 252.38-1~deb12u1, /usr/share/man/man7/systemd.time.7.gz,
    /// section "Calendar Events"), hand-copied: the shorthands' table (lines 357–364) and the
    /// "Examples for valid timestamps and their normalized form" table (lines 377–409).
    /// (A seventh decimal rounds half up: `.1700005` is `.170001`.)
    static let manPage: [(String, String)] = [
        ("minutely", "*-*-* *:*:00"), ("hourly", "*-*-* *:00:00"), ("daily", "*-*-* 00:00:00"), ("monthly", "*-*-01 00:00:00"),
        ("weekly", "Mon *-*-* 00:00:00"), ("yearly", "*-01-01 00:00:00"), ("quarterly", "*-01,04,07,10-01 00:00:00"),
        ("semiannually", "*-01,07-01 00:00:00"),
        ("Sat,Thu,Mon..Wed,Sat..Sun", "Mon..Thu,Sat,Sun *-*-* 00:00:00"),
        ("Mon,Sun 12-*-* 2,1:23", "Mon,Sun 2012-*-* 01,02:23:00"),
        ("Wed *-1", "Wed *-*-01 00:00:00"),
        ("Wed..Wed,Wed *-1", "Wed *-*-01 00:00:00"),
        ("Wed, 17:48", "Wed *-*-* 17:48:00"),
        ("Wed..Sat,Tue 12-10-15 1:2:3", "Tue..Sat 2012-10-15 01:02:03"),
        ("*-*-7 0:0:0", "*-*-07 00:00:00"),
        ("10-15", "*-10-15 00:00:00"),
        ("monday *-12-* 17:00", "Mon *-12-* 17:00:00"),
        ("Mon,Fri *-*-3,1,2 *:30:45", "Mon,Fri *-*-01,02,03 *:30:45"),
        ("12,14,13,12:20,10,30", "*-*-* 12,13,14:10,20,30:00"),
        ("12..14:10,20,30", "*-*-* 12..14:10,20,30:00"),
        ("mon,fri *-1/2-1,3 *:30:45", "Mon,Fri *-01/2-01,03 *:30:45"),
        ("03-05 08:05:40", "*-03-05 08:05:40"),
        ("08:05:40", "*-*-* 08:05:40"),
        ("05:40", "*-*-* 05:40:00"),
        ("Sat,Sun 12-05 08:05:40", "Sat,Sun *-12-05 08:05:40"),
        ("Sat,Sun 08:05:40", "Sat,Sun *-*-* 08:05:40"),
        ("2003-03-05 05:40", "2003-03-05 05:40:00"),
        ("05:40:23.4200004/3.1700005", "*-*-* 05:40:23.420000/3.170001"),
        ("2003-02..04-05", "2003-02..04-05 00:00:00"),
        ("2003-03-05 05:40 UTC", "2003-03-05 05:40:00 UTC"),
        ("2003-03-05", "2003-03-05 00:00:00"),
        ("03-05", "*-03-05 00:00:00"),
        ("hourly", "*-*-* *:00:00"),
        ("daily", "*-*-* 00:00:00"),
        ("daily UTC", "*-*-* 00:00:00 UTC"),
        ("monthly", "*-*-01 00:00:00"),
        ("weekly", "Mon *-*-* 00:00:00"),
        ("weekly Pacific/Auckland", "Mon *-*-* 00:00:00 Pacific/Auckland"),
        ("yearly", "*-01-01 00:00:00"),
        ("annually", "*-01-01 00:00:00"),
        ("*:2/3", "*-*-* *:02/3:00"),
    ]

    /// Bad input: each is refused with the problem and its position (and systemd refuses it too).
    static let bad: [(String, String)] = [
        ("", "empty"),
        // A seconds range narrower than its one-second step: "Invalid argument" (systemd-analyze 252).
        ("*:*:05.5..05.7", "a range of seconds spanning at least one second"),
        ("00:00:00.0..00.9", "a range of seconds spanning at least one second"),
        ("*:*:05..05", "a range of seconds spanning at least one second"),
        ("*:*:05.5..06", "a range of seconds spanning at least one second"),
        ("Mond", "'Mond' at position 1 is not a weekday"),
        ("Mon,Foo 12:00", "'Foo' at position 5 is not a weekday"),
        ("Fri..Mon", "the weekday range 'Fri..Mon' at position 1 goes backwards"),
        ("Mon.Tue", "expected '..' between two weekdays at position 4"),
        ("Mon.. 12:00", "expected a weekday to end the range"),
        ("*-*-* 25:00", "hour '25' at position 7 is out of range: 0–23"),
        ("*-*-* 12:60", "minute '60' at position 10 is out of range: 0–59"),
        ("*-*-* 12:00:60", "second '60' at position 13 is out of range"),
        ("*-13-01", "month '13' at position 3 is out of range: 1–12"),
        ("*-02-32", "day '32' at position 6 is out of range: 1–31"),
        ("*-02-00", "day '0' at position 6 is out of range: 1–31"),
        ("1969-01-01", "year '1969' at position 1 is out of range: 1970–2199"),
        ("2200-01-01", "year '2200' at position 1 is out of range: 1970–2199"),
        ("*-02~29", "day '29' at position 6 is out of range: days from the month's end run 1–28"),
        ("02~01-2026", "'~' at position 3: days from the month's end go with MONTH~DAY only"),
        ("*:0/0", "'0' at position 5: a repetition of 0 never advances"),
        ("*:5..2", "minute '5..2/1' at position 3 is out of range: a range must run forward"),
        ("*:50/20", "minute '50/20' at position 3 is out of range: the repetition must fit"),
        ("*:0/60", "minute '0/60' at position 3 is out of range: a repetition longer than the minute's whole range"),
        ("12", "expected ':' after the hour at position 3"),
        ("12 13:00", "expected '-' or '~' in a date, or ':' in a time at position 3"),
        ("12:", "expected a number or '*' at position 4"),
        ("12:00:00:00", "expected the end after the seconds at position 9"),
        ("12:00 foo", "expected ':' after the minute, or the end at position 6"),
        ("*-*-* 12:00 Mars/Olympus", "unknown time zone 'Mars/Olympus' at position 13"),   // 12 characters before it
        ("*-*-*-* 00:00", "expected a space or the end after the date at position 6"),
        ("*-*-* 1:2:3.", "expected a digit after the decimal point at position 13"),
        ("*-*-* 99999999999:00", "too large"),
        ("*-*-* 12:00 ", "expected"),
        ("*-*-* 12;00", "expected ',', '..', '/' or the next field at position 9"),
        ("*-*-* ½:00", "not ASCII at position 7"),
        ("@", "expected a number or '*' at position 2"),
        ("-1-01", "expected a number or '*' at position 1"),
    ]

}
