import Foundation

/// Sums walks into a ``TotalsReport``: month by month for a year and the year before, all
/// time, and the records.
///
/// A walk belongs to the month of its local start time in `timeZone` (the offset in force at
/// that instant, daylight saving included): the store keeps instants, not the offset the
/// walker's clock showed, so the zone is the machine's (`TZ`), injected. Trails are counted by
/// ``Outing/trailID`` (distinct per month, per year, all time). Records: ties go to the earlier
/// walk. The all-time span (first and last walk) leaves out walks dated before the GPS era
/// (an unset clock), which still count in the sums.
public enum TotalsCalculator {
    /// The report for `year` (and `year - 1`).
    /// - Parameters:
    ///   - outings: every walk to count (see ``Outing``), in any order.
    ///   - year: the year shown first ("this year").
    ///   - timeZone: whose months.
    public static func report(_ outings: [Outing], year: Int, timeZone: TimeZone,
                              rules: TotalsRules = .standard) -> TotalsReport {
        var this = Accumulator(), last = Accumulator(), all = Accumulator()
        var first: Date?, latest: Date?
        var offsets = OffsetCache(timeZone)
        for o in outings {
            let (y, m) = localYearMonth(o.startTime, &offsets)
            all.add(o, month: nil)
            if y == year { this.add(o, month: m) } else if y == year - 1 { last.add(o, month: m) }
            // A date before the GPS era is an unset clock, not when the walk was (DECISIONS 723):
            // counted in the sums, but it does not open the all-time span ("since 1970-01-01").
            if case .beforeGPSEra? = o.implausible { continue }
            if first.map({ o.startTime < $0 }) ?? true { first = o.startTime }
            if latest.map({ o.startTime > $0 }) ?? true { latest = o.startTime }
        }
        return TotalsReport(timeZone: timeZone.identifier, rules: rules, thisYear: this.year(year),
                            lastYear: last.year(year - 1), allTime: all.figures(nil), firstWalk: first,
                            lastWalk: latest, records: records(outings, rules),
                            leftOutOfRecords: outings.compactMap { o in o.implausible.map { TotalsLeftOut(o, reason: $0) } })
    }

    /// The records among `outings` (see ``TotalsRecordKind``); an outing whose numbers cannot
    /// be a walk's (``Outing/implausible``) holds none.
    public static func records(_ outings: [Outing], _ rules: TotalsRules = .standard) -> [TotalsRecord] {
        let outings = outings.filter { $0.implausible == nil }
        /// The outing with the largest `key` (ties: the earlier), recorded with `value` of it.
        func best(_ kind: TotalsRecordKind, _ key: (Outing) -> Double?,
                  value: (Outing) -> Double? = { _ in nil }) -> TotalsRecord? {
            var found: (key: Double, outing: Outing)?
            for o in outings {
                guard let k = key(o), k.isFinite else { continue }
                if let f = found, k < f.key || (k == f.key && o.startTime >= f.outing.startTime) { continue }
                found = (k, o)
            }
            return found.map { TotalsRecord(kind: kind, value: value($0.outing) ?? $0.key, outing: $0.outing) }
        }
        let list: [TotalsRecord?] = [
            best(.longest) { $0.distance > 0 ? $0.distance : nil },
            best(.highest) { $0.maxElevation },
            best(.mostClimb) { $0.elevationGain.flatMap { $0 > 0 ? $0 : nil } },
            // Chosen by size, kept with its sign (uphill positive).
            best(.steepest, { $0.steepestGrade.map(abs) }, value: { $0.steepestGrade }),
            best(.fastestPace) { $0.distance >= rules.minimumPaceDistance ? $0.movingSpeed : nil },
        ]
        return list.compactMap { $0 }
    }

    /// The local calendar year and month (1-12) of `date` in the cache's zone.
    static func localYearMonth(_ date: Date, _ offsets: inout OffsetCache) -> (year: Int, month: Int) {
        let local = date.timeIntervalSince1970 + Double(offsets.offset(at: date))
        let days = Int((local / 86400).rounded(.down))
        let c = civil(fromDays: days)
        return (c.year, c.month)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`, "chrono-Compatible Low-Level Date Algorithms": eras of 400 years
    /// starting on 1 March).
    static func civil(fromDays z: Int) -> (year: Int, month: Int, day: Int) {
        let z = z + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Sums of one year (by month) or of all time.
    struct Accumulator {
        var months = Array(repeating: TotalsFigures(), count: 12)
        var monthTrails = Array(repeating: Set<String>(), count: 12)
        var total = TotalsFigures()
        var trails = Set<String>()

        mutating func add(_ o: Outing, month: Int?) {
            Self.add(o, to: &total)
            trails.insert(o.trailID)
            if let m = month {
                Self.add(o, to: &months[m - 1])
                monthTrails[m - 1].insert(o.trailID)
            }
        }

        static func add(_ o: Outing, to f: inout TotalsFigures) {
            f.distance += o.distance
            f.elevationGain += o.elevationGain ?? 0
            if o.elevationFromTerrain { f.elevationGainFromTerrain = (f.elevationGainFromTerrain ?? 0) + (o.elevationGain ?? 0) }
            if o.elevationFromTerrain, let c = o.elevationCoverage, c < 0.995 { f.hikesWithPartialHeights = (f.hikesWithPartialHeights ?? 0) + 1 }
            f.movingTime += o.movingTime ?? 0
            f.walks += 1
        }

        func figures(_ month: Int?) -> TotalsFigures {
            guard let m = month else {
                var t = total
                t.trails = trails.count
                return t
            }
            var f = months[m]
            f.trails = monthTrails[m].count
            return f
        }

        func year(_ year: Int) -> YearTotals {
            YearTotals(year: year, months: (0..<12).map { figures($0) }, total: figures(nil))
        }
    }

    /// The zone's UTC offsets over a span of time, from its transitions (Foundation's
    /// `nextDaylightSavingTimeTransition`, the zone database's), looked up by binary search:
    /// one zone lookup per transition instead of one per walk.
    struct OffsetCache {
        let zone: TimeZone
        /// Unix seconds where each offset begins (the first is -infinity) and the offsets.
        var starts: [Double] = []
        var offsets: [Int] = []
        /// The span covered; a date outside it extends the table.
        var covered: ClosedRange<Double>?

        init(_ zone: TimeZone) { self.zone = zone }

        mutating func offset(at date: Date) -> Int {
            let t = date.timeIntervalSince1970
            if covered.map({ !$0.contains(t) }) ?? true { build(around: t) }
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= t { lo = mid } else { hi = mid - 1 }
            }
            return offsets[lo]
        }

        /// Covers 1970 to 2100 (and `t` when outside), one entry per transition.
        private mutating func build(around t: Double) {
            let from = min(t, 0), to = max(t, 4_102_444_800)
            starts = [-.infinity]
            offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: from))]
            var cursor = Date(timeIntervalSince1970: from)
            while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 <= to,
                  next > cursor {
                starts.append(next.timeIntervalSince1970)
                offsets.append(zone.secondsFromGMT(for: next))
                cursor = next
            }
            covered = from...to
        }
    }
}

extension TotalsCalculator {
    /// The calendar year of `date` in `timeZone` ("this year" for the totals).
    public static func localYear(of date: Date, in timeZone: TimeZone) -> Int {
        var cache = OffsetCache(timeZone)
        return localYearMonth(date, &cache).year
    }
}
