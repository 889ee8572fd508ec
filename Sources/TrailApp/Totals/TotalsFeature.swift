import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

/// The Totals screen's update: it changes only the ``TotalsModel`` and hands the rest (the
/// help, the library, a record's hike) back in a ``FeatureResult``.
enum TotalsFeature {
    typealias Result = FeatureResult<TotalsEffect>

    /// Keys of the Totals screen (``TotalsAction/keyMap``).
    static func update(_ model: inout TotalsModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        guard case .key(let key) = event, let action = TotalsAction.keyMap.action(for: key) else { return Result() }
        let records = model.report?.records ?? []
        switch action {
        case .month(let d):
            model.month = (model.month + d + 12) % 12
        case .year(let d):
            guard let y = model.year else { return Result() }
            model.year = y + d
            recompute(&model, context)
            // What was said about the year shown first ("No walks in …") no longer holds.
            return Result(status: StatusMessage(text: "", isError: false))
        case .measure:
            let all = TotalsMeasure.allCases
            model.measure = all[((all.firstIndex(of: model.measure) ?? 0) + 1) % all.count]
        case .records:
            model.showsRecords.toggle()
        case .record(let d):
            guard model.showsRecords, !records.isEmpty else { return Result() }
            model.selectedRecord = min(max(0, model.selectedRecord + d), records.count - 1)
        case .open:
            guard model.showsRecords, records.indices.contains(model.selectedRecord),
                  let id = HikeID(records[model.selectedRecord].trailID) else { return Result() }
            return Result(status: StatusMessage(text: L("Opening %s…", records[model.selectedRecord].trailName), isError: false),
                          navigation: .openHike(id))
        case .help:
            return Result(modal: .help)
        case .back:
            return Result(navigation: .library)
        }
        return Result()
    }

    /// The walks arrived: this year and this month from the clock, in the user's zone — or,
    /// when no walk is in this year, the latest year with walks and the month of its last walk,
    /// said on the status line (DECISIONS 766).
    static func loaded(_ model: inout TotalsModel, _ list: OutingList, now: Date, _ context: FeatureContext) -> Result {
        let zone = context.environment.format.timeZone
        model.list = list
        model.failure = nil
        let year = TotalsCalculator.localYear(of: now, in: zone)
        model.currentYear = year
        var note: String?
        if model.year == nil {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let latest = list.outings.map(\.startTime).filter { TotalsCalculator.localYear(of: $0, in: zone) <= year }.max()
            if let latest, TotalsCalculator.localYear(of: latest, in: zone) < year {
                let shown = TotalsCalculator.localYear(of: latest, in: zone)
                model.year = shown
                model.month = calendar.component(.month, from: latest) - 1
                note = L("No walks in %s: showing %s, the latest year with walks ([ ] change the year)", year, shown)
            } else {
                model.year = year
                model.month = calendar.component(.month, from: now) - 1
            }
        }
        recompute(&model, context)
        // The months depend on the zone: a TZ that names none is said here too.
        if let warning = context.environment.format.timeZoneWarning { return Result(status: StatusMessage(text: warning, isError: true)) }
        if let note { return Result(status: StatusMessage(text: note, isError: false)) }
        return Result()
    }

    /// The store could not be read: the screen says why.
    static func failed(_ model: inout TotalsModel, _ reason: String) -> Result {
        model.failure = reason
        return Result(status: StatusMessage(text: L("Totals not read: %s", reason), isError: true), bell: true)
    }

    private static func recompute(_ model: inout TotalsModel, _ context: FeatureContext) {
        guard let list = model.list, let year = model.year else { return }
        model.report = TotalsCalculator.report(list.outings, year: year, timeZone: context.environment.format.timeZone)
        model.selectedRecord = min(model.selectedRecord, max(0, (model.report?.records.count ?? 1) - 1))
    }
}
