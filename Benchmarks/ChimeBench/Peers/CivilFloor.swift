/// The arithmetic floor: instant -> civil date and time of day with Hinnant's civil-from-days,
/// no zone at all. Anything that produces wall-clock fields does at least this much work.
/// (A copy on purpose: the benchmark must not depend on Chime's internals.)
enum CivilFloor {
    @inline(__always)
    static func fields(ofSeconds seconds: Int64) -> (year: Int64, month: Int64, day: Int64, secondOfDay: Int64) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { days -= 1; secondOfDay += 86_400 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day, secondOfDay)
    }

    /// Floor division (day numbers of negative seconds round down).
    @inline(__always)
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }
}
