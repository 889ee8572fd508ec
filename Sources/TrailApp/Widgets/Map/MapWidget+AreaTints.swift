import TermUI
import TrailCore

extension MapWidget {
    /// The order tints are painted in, later on top: land first, then ice, water last.
    static let tintOrder = [ThemeRole.areaBuilt, ThemeRole.areaRock, ThemeRole.areaForest, ThemeRole.areaGlacier,
                            ThemeRole.areaWater]

    /// Paints the backgrounds of the cells of `area` whose centre lies inside a tinted area
    /// (``MapFeatureStyle/tintRole(of:)``), for a theme whose tint role has a `bg` (256 or true
    /// colour themes; high-contrast and mono leave them off). Cells of the hike's line
    /// (`route`, buffer positions) and cells that already have a background keep theirs.
    ///
    /// Even-odd scanline fill at cell resolution: each ring's edges add their crossings with
    /// the horizontal line through the cell centres of the rows they span (dot y = 4·row + 2),
    /// then each row is filled between pairs of sorted crossings, cells by their centre
    /// (dot x = 2·column + 1). Outer and inner rings are all parts, so holes stay clear.
    /// - Returns: the number of cells painted.
    @discardableResult
    func paintAreaTints(_ basemap: MapBasemap, transform: UnitTransform, area: Rect, route: Set<CellPosition>,
                        into buffer: inout Buffer) -> Int {
        var backgrounds: [String: Color] = [:]
        for role in Self.tintOrder where environment.theme.missingRoles([role]).isEmpty {
            if let bg = environment.style(role).bg { backgrounds[role] = bg }
        }
        guard !backgrounds.isEmpty, area.width > 0, area.height > 0 else { return 0 }
        let minU = transform.origin.u, minV = transform.origin.v
        let maxU = minU + Double(area.width * 2) / transform.scale, maxV = minV + Double(area.height * 4) / transform.scale
        var tinted: [(order: Int, item: Int, bg: Color)] = []
        for (i, item) in basemap.items.enumerated() {
            let e = item.extent
            guard e.maxU >= minU, e.minU <= maxU, e.maxV >= minV, e.minV <= maxV,
                  let role = MapFeatureStyle.tintRole(kind: item.kind, featureClass: item.featureClass, tags: item.tags), let bg = backgrounds[role],
                  let order = Self.tintOrder.firstIndex(of: role) else { continue }
            tinted.append((order, i, bg))
        }
        guard !tinted.isEmpty else { return 0 }
        tinted.sort { ($0.order, $0.item) < ($1.order, $1.item) }
        var fill = [Color?](repeating: nil, count: area.width * area.height)
        var crossings = [[Double]](repeating: [], count: area.height)
        for t in tinted {
            for r in crossings.indices { crossings[r].removeAll(keepingCapacity: true) }
            for part in basemap.items[t.item].parts where part.count >= 3 {
                var previous = transform.dot(part[part.count - 1])
                for u in part {
                    let p = transform.dot(u)
                    defer { previous = p }
                    let (a, b) = previous.y <= p.y ? (previous, p) : (p, previous)
                    guard a.y != b.y, b.y >= 2, a.y <= Double(area.height * 4) - 2 else { continue }
                    // Rows whose centre line y = 4·row + 2 lies in [a.y, b.y).
                    let first = max(0, Int(((a.y - 2) / 4).rounded(.up)))
                    let last = min(area.height - 1, Int(((b.y - 2) / 4).rounded(.up)) - 1)
                    guard first <= last else { continue }
                    for row in first...last {
                        let y = Double(row * 4 + 2)
                        crossings[row].append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
                    }
                }
            }
            for row in 0..<area.height where crossings[row].count >= 2 {
                crossings[row].sort()
                var k = 0
                while k + 1 < crossings[row].count {
                    // Columns whose centre x = 2·column + 1 lies in [left, right).
                    let left = max(0, Int(((crossings[row][k] - 1) / 2).rounded(.up)))
                    let right = min(area.width - 1, Int(((crossings[row][k + 1] - 1) / 2).rounded(.up)) - 1)
                    if left <= right { for c in left...right { fill[row * area.width + c] = t.bg } }
                    k += 2
                }
            }
        }
        var painted = 0
        for row in 0..<area.height {
            for c in 0..<area.width {
                guard let bg = fill[row * area.width + c] else { continue }
                let bx = area.x + c, by = area.y + row
                guard !route.contains(CellPosition(x: bx, y: by)), buffer[bx, by]?.bg == .default else { continue }
                buffer.setStyle(Style(bg: bg), in: Rect(x: bx, y: by, width: 1, height: 1))
                painted += 1
            }
        }
        return painted
    }
}
