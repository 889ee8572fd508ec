import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

extension DrawUpdate {
    /// Keys of the pin card: a choice by its letter, or ↑ ↓ and Enter; Esc leaves everything
    /// as it was.
    mutating func updatePinCard(_ m: inout DrawModel, _ card: PinCard, _ key: Key) -> [Step] {
        var card = card
        switch key {
        case .escape, .character("q"):
            m.panel = .stops
            return []
        case .up, .character("k"):
            card.selected = max(0, card.selected - 1)
        case .down, .character("j"):
            card.selected = min(card.choices.count - 1, card.selected + 1)
        case .enter:
            return choose(&m, card, card.choices[card.selected])
        case .character(let c):
            guard let choice = card.choices.first(where: { $0.key == c }) else { return [] }
            return choose(&m, card, choice)
        default:
            return []
        }
        m.panel = .pinCard(card)
        return []
    }

    /// Does what the hiker chose for the pin on `card`.
    private mutating func choose(_ m: inout DrawModel, _ card: PinCard, _ choice: PinChoice) -> [Step] {
        m.panel = .stops
        if choice != .pin, let i = card.existingPin, m.pins.indices.contains(i) { m.pins.remove(at: i) }
        switch choice {
        case .start:
            m.selected = 0
            return setStops(&m, [card.pin] + m.stops)
        case .destination:
            m.selected = m.stops.count
            return setStops(&m, m.stops + [card.pin])
        case .between:
            status = StatusMessage(text: L("Placing the stop where it makes the shortest detour…"), isError: false)
            return [requestPlan(&m, insertBetween: card.pin)]
        case .pin:
            guard card.existingPin == nil else { return [] }
            m.pins.append(card.pin)
            return keepDraft(m)
        }
    }

    /// Keys of the search panel: typing searches (the map store's names, nearest to the
    /// cursor first), ↑ ↓ choose, Enter puts the chosen place in as a stop, Esc closes.
    mutating func updateDrawSearch(_ m: inout DrawModel, _ search: DrawSearch, _ key: Key) -> [Step] {
        var search = search
        switch key {
        case .escape:
            m.panel = .stops
            return []
        case .up:
            search.selected = max(0, search.selected - 1)
        case .down:
            search.selected = min(max(0, search.results.count - 1), search.selected + 1)
        case .enter:
            guard search.results.indices.contains(search.selected) else {
                status = StatusMessage(text: search.prompt.text.isEmpty ? L("Type a name to search") : "No match",
                                             isError: false)
                m.panel = .search(search)
                return []
            }
            let place = search.results[search.selected]
            m.panel = .stops
            m.focus = .map
            m.putCursor(on: place.coordinate)
            // The stop is the place picked, at the precision stops are kept (DECISIONS 412, 502).
            let stop = DrawScreenView.atShownPrecision(place.coordinate)
            m.chosenPlaces[stop] = place.at(distance: 0)
            m.places[stop] = .some(place.at(distance: 0))
            let name = TextFit.truncate(place.name, toWidth: 40)
            switch m.stops.count {
            case 0:
                status = StatusMessage(text: L("%s is the start", name), isError: false)
                m.selected = 0
                return setStops(&m, [place.coordinate])
            case 1:
                status = StatusMessage(text: L("%s is the destination", name), isError: false)
                m.selected = 1
                return setStops(&m, m.stops + [place.coordinate])
            default:
                status = StatusMessage(text: L("Placing %s where it makes the shortest detour…", name), isError: false)
                return [requestPlan(&m, insertBetween: place.coordinate)]
            }
        default:
            let before = search.prompt.text
            search.prompt.edit(key)
            m.panel = .search(search)
            guard search.prompt.text != before else { return [] }
            let text = search.prompt.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                search.results = []
                search.selected = 0
                search.request = nil
                m.panel = .search(search)
                return []
            }
            let request = shared.nextRequest()
            search.request = request
            m.panel = .search(search)
            return [.own(.search(request: request, text: text, near: m.cursor))]
        }
        m.panel = .search(search)
        return []
    }
}
