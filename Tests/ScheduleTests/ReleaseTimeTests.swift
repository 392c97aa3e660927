import Testing

@testable import Schedule

@Suite struct ReleaseTimeTests {
  @Test func parsesTheThirtyHourClock() {
    #expect(ReleaseTime(parsing: "00:00")?.minutes == 0)
    #expect(ReleaseTime(parsing: "25:30")?.minutes == 25 * 60 + 30)
    #expect(ReleaseTime(parsing: "25:30")?.isPastMidnight == true)
    #expect(ReleaseTime(parsing: "23:59")?.isPastMidnight == false)
    #expect(ReleaseTime(parsing: "29:59")?.description == "29:59")
    #expect(ReleaseTime(parsing: "07:05")?.description == "07:05")
    #expect(ReleaseTime(hour: 7, minute: 5) == ReleaseTime(parsing: "07:05"))
    for bad in [
      "30:00", "24:60", "7:30", "07:5", "07-30", "0730", " 07:30", "07:30 ", "-1:00", "", "１２:００",
    ] {
      #expect(ReleaseTime(parsing: bad) == nil, "\(bad)")
    }
    #expect(ReleaseTime(parsing: "01:00")! < ReleaseTime(parsing: "24:30")!)
  }
}
