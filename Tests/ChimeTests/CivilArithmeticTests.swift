import Testing
@testable import Chime

@Suite struct CivilArithmeticTests {
    @Test func epochIsThursday() {
        #expect(CivilArithmetic.weekday(ofDay: 0) == 5)
    }
}
