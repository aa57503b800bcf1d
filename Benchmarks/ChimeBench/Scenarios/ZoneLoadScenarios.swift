import Chime

/// Loading zone rules uncached: `ZoneDatabase.rules(for:source:)` bypasses the database's cache,
/// so every call reads, parses and builds (TZif: file + POSIX footer + 400-year cycle; ICU: ucal
/// transitions + final rules).
enum ZoneLoadScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        let database = context.database
        return [
            Scenario(name: "zone.load.one", role: .chime,
                     summary: "load \(BenchZones.loadOne) from TZif, uncached: rules(for:source: .tzif)",
                     unit: .us, target: .us(50)) {
                loader(database, [BenchZones.loadOne], .tzif)
            },
            Scenario(name: "zone.load.all", role: .chime,
                     summary: "load every TZif zone (canonical ids), uncached; one operation = all of them",
                     unit: .ms, target: .ms(50)) {
                let ids = canonicalIdentifiers(database, .tzif)
                guard !ids.isEmpty else { return .skip("the TZif source lists no zones") }
                return loader(database, ids, .tzif)
            },
            Scenario(name: "zone.load.icu.one", role: .chime,
                     summary: "load \(BenchZones.loadOne) from system ICU, uncached: rules(for:source: .icu)",
                     unit: .us, target: .us(50)) {
                loader(database, [BenchZones.loadOne], .icu)
            },
            Scenario(name: "zone.lookup.cached", role: .chime,
                     summary: "ZoneDatabase.rules(for:), zone already loaded (the cache under the database's lock), 50 zones",
                     unit: .ns, target: .ns(100)) {
                cachedLookup(database, BenchZones.identifiers)
            },
            Scenario(name: "zone.reload", role: .chime,
                     summary: "ZoneDatabase.reload() of the TZif tree with 50 zones in use: every zone file checked, the 50 read again, swapped in",
                     unit: .ms, maxIterations: 64) {
                // A database of its own: reloading the shared one would empty nothing but would
                // change what the other scenarios measure between runs.
                let own = ZoneDatabase(preference: .tzif, tzifDirectory: database.tzifDirectory)
                for id in BenchZones.identifiers {
                    do { _ = try own.rules(for: id) } catch { return .skip("cannot load \(id): \(error)") }
                }
                do { _ = try own.reload() } catch { return .skip("the TZif tree cannot be reloaded: \(error)") }
                return .ready { n in
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= UInt64(try! own.reload().zonesReloaded) }
                    return acc
                }
            },
        ]
    }

    /// One operation loads every id in `ids`.
    private static func loader(_ database: ZoneDatabase, _ ids: [String], _ source: ZoneSource) -> Scenario.Preparation {
        for id in ids {
            do { _ = try database.rules(for: id, source: source) } catch {
                return .skip("cannot load \(id) from \(source.rawValue): \(error)")
            }
        }
        return .ready { n in
            var acc: UInt64 = 0
            for _ in 0..<n {
                for id in ids {
                    // Every id loaded during preparation; a failure now would be a bug worth crashing on.
                    let rules = try! database.rules(for: id, source: source)
                    acc &+= UInt64(truncatingIfNeeded: rules.utcOffset(atSeconds: 0)) &+ UInt64(rules.localTimeTypes.count)
                }
            }
            return acc
        }
    }

    /// One operation looks one id up in the database's cache (every id loaded during preparation).
    private static func cachedLookup(_ database: ZoneDatabase, _ ids: [String]) -> Scenario.Preparation {
        for id in ids {
            do { _ = try database.rules(for: id) } catch { return .skip("cannot load \(id): \(error)") }
        }
        return .ready { n in
            var acc: UInt64 = 0
            for i in 0..<n {
                let rules = try! database.rules(for: ids[i % ids.count])
                acc &+= UInt64(truncatingIfNeeded: rules.utcOffset(atSeconds: 0))
            }
            return acc
        }
    }

    /// The source's ids with aliases folded onto their zone: each TZif file once.
    static func canonicalIdentifiers(_ database: ZoneDatabase, _ source: ZoneSource) -> [String] {
        var seen = Set<String>()
        for id in database.identifiers(in: source) {
            if let rules = try? database.rules(for: id, source: source) { seen.insert(rules.identifier) }
        }
        return seen.sorted()
    }
}
