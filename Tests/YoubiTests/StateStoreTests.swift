import Foundation
import JSON
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Marks with one read serial and one star, stamped at the test wall clock.
func sampleMarks(_ titles: [String] = ["Frieren"], starred: String? = "Dungeon Meshi") -> Marks {
  var marks = Marks()
  for title in titles {
    marks.setRead(true, SerialID(title: title), in: marksKey, week: thisWeek, at: testWall)
  }
  if let starred {
    marks.setStarred(
      true, SerialID(title: starred), in: .title("Week"), at: testWall)
  }
  return marks
}

@Suite struct StateLocationTests {
  @Test(arguments: [
    (["XDG_STATE_HOME": "/x/state", "HOME": "/home/me"], "/x/state/youbi/state.json"),
    (["XDG_STATE_HOME": "/x/state/", "HOME": "/home/me"], "/x/state/youbi/state.json"),
    (["XDG_STATE_HOME": "", "HOME": "/home/me"], "/home/me/.local/state/youbi/state.json"),
    (["XDG_STATE_HOME": "relative", "HOME": "/home/me"], "/home/me/.local/state/youbi/state.json"),
    (["HOME": "/home/me"], "/home/me/.local/state/youbi/state.json"),
  ])
  func stateFileFollowsXDG(_ environment: [String: String], _ expected: String) throws {
    #expect(try StateLocation.stateFile(environment: environment).get() == expected)
  }

  @Test func noHomeIsAnError() {
    let result = StateLocation.stateFile(environment: ["XDG_STATE_HOME": "rel"])
    #expect(throws: StateFileError.self) { try result.get() }
  }
}

@Suite struct StateFileFormatTests {
  @Test func roundTripsEverything() throws {
    var marks = sampleMarks(["A \"quoted\" \\ title", "改行\nあり", "tab\tand\u{1B}[31m"])
    marks.setStarred(false, SerialID(title: "gone"), in: marksKey, at: testWall)
    marks.setRead(false, SerialID(title: "A"), in: marksKey, week: nextWeek, at: testWall)
    marks.prune(now: thisWeek)
    let bytes = Marks.stateJSON(marks)
    #expect(try Marks.decodeState(bytes).get() == marks)
    #expect(Marks.stateJSON(try Marks.decodeState(bytes).get()) == bytes)  // deterministic
    #expect(bytes.last == 0x0A)
  }

  @Test func writesTheDocumentedShape() throws {
    let text = String(decoding: Marks.stateJSON(sampleMarks()), as: UTF8.self)
    let parsed = try JSONValue(parsing: Array(text.utf8))
    #expect(parsed["format"]?.string == "youbi-state")
    #expect(parsed["version"]?.number?.int == 2)
    let schedules = try #require(parsed["schedules"]?.array)
    #expect(schedules.count == 2)
    #expect(schedules[0]["path"]?.string == "/home/me/week.json")
    let serial = try #require(schedules[0]["serials"]?[0])
    #expect(serial["title"]?.string == "Frieren")
    #expect(serial["read"]?["2026-W49"]?["on"]?.bool == true)
    #expect(serial["read"]?["2026-W49"]?["at"]?.number?.int == Int(testWall.seconds * 1000))
    #expect(schedules[1]["title"]?.string == "Week")
    #expect(schedules[1]["serials"]?[0]?["author"] == nil, "authors are not kept: titles are")
  }

  @Test(arguments: [
    "", "{", "[]", #"{"version": 1}"#, #"{"format": "youbi-state"}"#,
    #"{"format": "youbi-state", "version": 1}"#,
    #"{"format": "youbi-state", "version": 1, "schedules": [{"serials": []}]}"#,
    #"{"format": "youbi-state", "version": 1, "schedules": [{"path": "/a", "title": "b", "serials": []}]}"#,
    #"{"format": "youbi-state", "version": 1, "schedules": [{"path": "/a", "serials": [{"author": "x"}]}]}"#,
    #"{"format": "youbi-state", "version": 1, "schedules": [{"path": "/a", "serials": [{"title": "x", "read": {"2026-W60": {"on": true, "at": 1}}}]}]}"#,
    #"{"format": "youbi-state", "version": 1, "schedules": [{"path": "/a", "serials": [{"title": "x", "star": {"on": "yes", "at": 1}}]}]}"#,
  ])
  func refusesWhatIsNotAStateDocument(_ text: String) {
    guard case .failure(.malformed) = Marks.decodeState(Array(text.utf8)) else {
      Issue.record("accepted \(text)")
      return
    }
  }

  @Test func knowsANewerVersion() {
    // Format 3 (items kept by feed item) is this Youbi's own; 4 is newer.
    let text = #"{"format": "youbi-state", "version": 4, "schedules": 5}"#
    #expect(Marks.decodeState(Array(text.utf8)) == .failure(.newerVersion(4)))
  }

  @Test func ignoresMembersItDoesNotKnowAndMergesDuplicates() throws {
    let text = #"""
      {"format": "youbi-state", "version": 1,
       "schedules": [{"path": "/a", "colour": "red", "serials": [
         {"title": "x", "read": {"2026-W49": {"on": true, "at": 5}}},
         {"title": " x ", "read": {"2026-W49": {"on": false, "at": 9}}, "rating": 5}]}]}
      """#
    let marks = try Marks.decodeState(Array(text.utf8)).get()
    #expect(
      marks.entry(SerialID(title: "x"), in: .path("/a")).read[thisWeek]
        == Stamp(isOn: false, time: 9))
  }
}

/// Each test gets its own directory; the state file lives where XDG says inside it.
@Suite final class StateStoreTests {
  let dir = TemporaryDirectory("youbi-state-test")
  var store: StateStore { StateStore(environment: dir.environment(), clock: SystemClock()) }
  let file = "state/youbi/state.json"

  @Test func noFileLoadsEmptyAndCreatesNothing() throws {
    #expect(try store.load() == StateStore.Synced(marks: Marks()))
    #expect(dir.list("") == [])
  }

  @Test func savesAtomicallyAndLoadsBack() throws {
    let marks = sampleMarks()
    #expect(try store.save(marks) == StateStore.Synced(marks: marks))
    #expect(try store.load().marks == marks)
    #expect(dir.read(file) == Marks.stateJSON(marks))
    #expect(dir.list("state/youbi") == ["state.json", "state.json.lock"])  // no temporary left
    var info = stat()
    stat(dir.path + "/state/youbi", &info)
    #expect(info.st_mode & 0o777 == 0o700)
  }

  @Test func mergesWithWhatIsOnDisk() throws {
    _ = try store.save(sampleMarks(["A"], starred: nil))
    let synced = try store.save(sampleMarks(["B"], starred: nil))
    #expect(synced.marks == sampleMarks(["A", "B"], starred: nil))
    #expect(try store.load().marks == synced.marks)
  }

  @Test func anUnchangedSaveDoesNotRewriteTheFile() throws {
    _ = try store.save(sampleMarks())
    var before = stat()
    stat(dir.path + "/" + file, &before)
    _ = try store.save(sampleMarks())
    _ = try store.save(Marks())
    var after = stat()
    stat(dir.path + "/" + file, &after)
    #expect(before.st_ino == after.st_ino)
  }

  @Test func anUnparsableFileIsMovedAsideNeverOverwritten() throws {
    let garbage = "{\"format\": \"youbi-state\", \"version\": 1, \"schedules\": [tor"
    dir.write(garbage, to: file)
    let loaded = try store.load()
    #expect(loaded.marks == Marks())
    let aside = try #require(loaded.movedAside)
    #expect(aside.hasPrefix(dir.path + "/" + file + ".bad-"))
    #expect(dir.read(String(aside.dropFirst(dir.path.count + 1))) == Array(garbage.utf8))
    // A second bad file in the same second gets a name of its own.
    dir.write("nonsense", to: file)
    let saved = try store.save(sampleMarks())
    let second = try #require(saved.movedAside)
    #expect(second != aside)
    #expect(dir.read(String(second.dropFirst(dir.path.count + 1))) == Array("nonsense".utf8))
    #expect(try store.load() == StateStore.Synced(marks: sampleMarks()))
    #expect(dir.list("state/youbi").filter { $0.contains(".bad-") }.count == 2)
  }

  @Test func aTopLevelMemberItDoesNotKnowIsANewerWritersFile() {
    // Rewriting it would drop "future": it is left alone, as a newer version is.
    let text = #"{"format": "youbi-state", "version": 3, "future": [1, 2], "schedules": []}"#
    #expect(
      Marks.decodeState(Array(text.utf8)) == .failure(.unknownMember(version: 3, name: "future")))
  }

  @Test func aFileWithANewerWritersSectionIsLeftAlone() throws {
    let newer = #"{"format": "youbi-state", "version": 3, "newThing": {"x": [1]}, "schedules": []}"#
    dir.write(newer, to: file)
    #expect(throws: StateFileError.self) { try self.store.save(sampleMarks()) }
    do {
      _ = try store.load()
      Issue.record("loaded a file with a section this youbi does not know")
    } catch {
      #expect(error.reason == .newerVersion(3))
      #expect(error.message.contains("\"newThing\""))
    }
    #expect(dir.read(file) == Array(newer.utf8))
    #expect(dir.list("state/youbi").filter { $0.contains(".bad-") }.isEmpty)
  }

  @Test func aNewerFileIsLeftAlone() throws {
    let newer = #"{"format": "youbi-state", "version": 7, "schedules": []}"#
    dir.write(newer, to: file)
    #expect(throws: StateFileError.self) { try self.store.save(sampleMarks()) }
    do {
      _ = try store.load()
    } catch {
      #expect(error.reason == .newerVersion(7))
      #expect(error.message.contains("newer youbi"))
    }
    #expect(dir.read(file) == Array(newer.utf8))
  }

  @Test func anUnwritablePlaceIsAnErrorNotACrash() throws {
    dir.write("a file where the state directory should be", to: "state")
    do {
      _ = try store.save(sampleMarks())
      Issue.record("saved into a file")
    } catch {
      #expect(error.reason == .system(errno: ENOTDIR))
      #expect(error.message.hasPrefix("cannot save marks: a part of the path is not a directory"))
    }
  }
}

@Suite final class ScheduleKeyTests {
  let dir = TemporaryDirectory("youbi-key-test")

  @Test func aFileIsKnownByItsRealPath() {
    let file = dir.write("{}", to: "week.json")
    symlink(file, dir.path + "/link.json")
    let real = ScheduleKey.resolving(source: file, title: "T")
    #expect(ScheduleKey.resolving(source: dir.path + "/./link.json", title: nil) == real)
    guard case .path(let path) = real else {
      Issue.record("not a path: \(real)")
      return
    }
    #expect(path.hasPrefix("/") && path.hasSuffix("/week.json"))
  }

  @Test func noFileIsKnownByTitle() {
    #expect(ScheduleKey.resolving(source: nil, title: "Week") == .title("Week"))
    #expect(ScheduleKey.resolving(source: "-", title: nil) == .title(""))
  }
}
