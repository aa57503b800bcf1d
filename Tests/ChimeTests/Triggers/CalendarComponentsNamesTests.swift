import Foundation
import Testing
@testable import Chime

/// `CalendarComponents.set(_:_:)` and `set(at:_:)` (which `chime batch` uses with a position in
/// `names`) set the component the JSON member of that name decodes to (`Codable`, a separate
/// mapping of names to fields).
@Suite struct CalendarComponentsNamesTests {
    @Test func everyNameSetsTheComponentItsMemberDecodesTo() throws {
        for (index, name) in CalendarComponents.names.enumerated() {
            let value = index + 2
            let decoded = try JSONDecoder().decode(CalendarComponents.self, from: Data(#"{"\#(name)": \#(value)}"#.utf8))
            var byName = CalendarComponents(), byPosition = CalendarComponents()
            let known = byName.set(name, value)
            #expect(known)
            byPosition.set(at: index, value)
            #expect(byName == decoded, "\(name)")
            #expect(byPosition == decoded, "\(name) at \(index)")
        }
        var unknown = CalendarComponents()
        let known = unknown.set("minite", 3)
        #expect(!known)
        #expect(unknown == CalendarComponents())
    }
}
