import Testing

@testable import YoubiCore

/// An identity keeps saying whether it is an id or a title.
@Suite struct SerialIDTagTests {
  @Test func anIdAndATitleOfTheSameTextDiffer() {
    let id = SerialID(id: "x 1")
    let title = SerialID(title: "x 1")
    #expect(id.isSourceID)
    #expect(!title.isSourceID)
    #expect(id != title)
    #expect(id == SerialID(id: "x  1"))
    #expect(Set([id, title, SerialID(title: " x 1 ")]).count == 2)
  }
}
