import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The lookup order, one rule at a time, with nothing read from the real
/// environment or disk: the environment is a dictionary, the disk a set.
@Suite struct ScheduleLookupTests {
  let home = ["HOME": "/home/u"]
  let standard = "/home/u/.config/youbi/schedule.json"
  let config = Config(
    file: "/home/u/.config/youbi/config",
    schedules: [Config.SchedulePath("/srv/week.json", line: 3)])

  func resolve(
    _ arguments: [String] = [], environment: [String: String]? = nil, config: Config? = nil,
    existing: Set<String> = []
  ) -> ScheduleLookup {
    ScheduleLookup.resolve(
      arguments: arguments, environment: environment ?? home, config: config,
      exists: { existing.contains($0) })
  }

  @Test func argumentsComeFirst() {
    let lookup = resolve(
      ["mine.json"], environment: home.merging(["YOUBI_SCHEDULE": "/env.json"]) { $1 },
      config: config, existing: [standard])
    #expect(lookup == ScheduleLookup(sources: [.file("mine.json")], rule: .arguments))
    #expect(resolve(["-"]).sources == [.standardInput])
  }

  @Test func thenTheEnvironment() {
    let lookup = resolve(
      environment: home.merging(["YOUBI_SCHEDULE": "/env.json"]) { $1 }, config: config,
      existing: [standard])
    #expect(lookup == ScheduleLookup(sources: [.file("/env.json")], rule: .environment))
  }

  @Test func anEmptyVariableIsUnset() {
    let lookup = resolve(environment: home.merging(["YOUBI_SCHEDULE": ""]) { $1 }, config: config)
    #expect(lookup.rule == .config(file: config.file, line: 3))
  }

  @Test func thenTheConfigFile() {
    let lookup = resolve(config: config, existing: [standard])
    #expect(
      lookup
        == ScheduleLookup(
          sources: [.file("/srv/week.json")], rule: .config(file: config.file, line: 3)))
  }

  @Test func everyScheduleOfTheConfigIsASource() {
    var two = config
    two.schedules.append(Config.SchedulePath("/srv/other.json", line: 4))
    #expect(resolve(config: two).sources == [.file("/srv/week.json"), .file("/srv/other.json")])
  }

  @Test func thenTheStandardFileWhenItExists() {
    let noSchedules = Config(file: config.file)
    #expect(
      resolve(config: noSchedules, existing: [standard])
        == ScheduleLookup(sources: [.file(standard)], rule: .defaultFile))
    let xdg = ["XDG_CONFIG_HOME": "/x", "HOME": "/home/u"]
    #expect(
      resolve(environment: xdg, existing: ["/x/youbi/schedule.json"]).sources == [
        .file("/x/youbi/schedule.json")
      ])
    // The XDG directory wins over HOME even when only HOME's file exists.
    #expect(resolve(environment: xdg, existing: [standard]).rule == .demo)
  }

  @Test func elseTheDemo() {
    #expect(resolve() == ScheduleLookup(sources: [.demo], rule: .demo))
    #expect(resolve(environment: [:]) == ScheduleLookup(sources: [.demo], rule: .demo))
  }
}

@Suite struct SettingsTests {
  @Test func defaults() {
    let settings = Settings(Preferences(), environment: [:])
    #expect(settings.labels == .en)
    #expect(settings.slideDuration == .milliseconds(250))
    #expect(settings.mouse && settings.loop)
    #expect(settings.theme == .dark)
    #expect(settings.dayStartHour == 0)
    #expect(settings.indicator == .underline)
    #expect(settings.cursor == .hidden)
  }

  @Test func theCommandLineIsLaidOverTheConfig() {
    let file = Preferences(labels: .ja, durationMilliseconds: 0, mouse: false, theme: .light)
    let commandLine = Preferences(durationMilliseconds: 400, theme: .mono, indicator: .block)
    let settings = Settings(file.overlaid(with: commandLine), environment: [:])
    #expect(settings.labels == .ja)  // only the file says
    #expect(settings.slideDuration == .milliseconds(400))  // both say: the command line wins
    #expect(settings.mouse == false)
    #expect(settings.theme == .mono)
    #expect(settings.indicator == .block)  // only the command line says
  }

  @Test(
    arguments: [
      (["LANG": "ja_JP.UTF-8"], Labels.ja), (["LANG": "en_US.UTF-8"], .en),
      (["LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"], .ja),
      (["LC_ALL": "", "LC_MESSAGES": "C", "LANG": "ja_JP.UTF-8"], .en),
      ([:], .en),
    ] as [([String: String], Labels)])
  func labelsFollowTheLocale(environment: [String: String], labels: Labels) {
    #expect(Settings(Preferences(), environment: environment).labels == labels)
    #expect(Settings(Preferences(labels: .en), environment: environment).labels == .en)
  }

  @Test func theIndicatorReachesTheTabBar() {
    let settings = Settings(Preferences(indicator: .block), environment: [:])
    let state = AppState(
      schedule: testWeek(), day: .monday, labels: settings.labels,
      size: Size(width: 80, height: 24), wall: testWall, indicator: settings.indicator)
    #expect(state.tabBar(at: .zero).indicator == .block)
    // The block is drawn in the label row; no underline row is drawn.
    expectScreen(
      state.render(at: .zero),
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        "",
        " Monday  40 serials                                                        1/40",
        " ▸ Mon 01                                                              Author 1",
        "   Mon 02                                                              Author 2",
        "   Mon 03                                                              Author 3",
        "   Mon 04                                                              Author 4",
        "   Mon 05                                                              Author 5",
        "   Mon 06                                                              Author 6",
        "   Mon 07                                                              Author 7",
        "   Mon 08                                                              Author 8",
        "   Mon 09                                                              Author 9",
        "   Mon 10                                                             Author 10",
        "   Mon 11                                                             Author 11",
        "   Mon 12                                                             Author 12",
        "   Mon 13                                                             Author 13",
        "   Mon 14                                                             Author 14",
        "   Mon 15                                                             Author 15",
        "   Mon 16                                                             Author 16",
        "   Mon 17                                                             Author 17",
        "   Mon 18                                                             Author 18",
        "   Mon 19                                                             Author 19",
        "  ‹ Sun                            Test week                             Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}
